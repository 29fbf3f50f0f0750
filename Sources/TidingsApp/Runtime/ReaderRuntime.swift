import Configuration
import Dispatch
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import Glibc
import ImageRendering
import Logging
import TerminalUI

/// The running reader: the state, the terminal and the runners.
///
/// Everything that happens — keys, the terminal's size, signals, the runners' results, timers —
/// arrives as a `ReaderMessage` through ``send(_:)`` on the main queue, one at a time. `update`
/// changes the state and returns `ReaderEffect`s, which the runners carry out (off the main
/// thread but for the terminal's own work) and answer with more messages, each posted to the main
/// queue as a step of its own. Then a frame is drawn from the state: at once for a key and what
/// it asked for, else once the main queue has handled what waits, so that a burst of answers costs
/// one frame. The main thread never waits on SQLite or the network, and with no key, reload or
/// timer the process sleeps.
@MainActor
public final class ReaderRuntime {
    private var state: ReaderState
    private let terminal: any Terminal
    /// Where the runners' results come back; its count tells a test when the reader is idle.
    public let inbox = ReaderInbox()
    private let storeRunner: StoreRunner
    private let fetchRunner: FetchRunner
    private let processRunner: ProcessRunner
    private let fileRunner: FileRunner
    private let timerRunner: TimerRunner
    private let pictureRunner: PictureRunner
    private let logger = Logger(label: "tidings.reader")
    /// The process's environment and what was looked up in it once.
    private let variables: [String: String]
    private let defaultBrowser: BrowserCommand?
    private let defaultQueueFile: String
    /// The time each message arrives at (a test's clock is its own).
    private let clock: @MainActor () -> Date
    /// How the process ends (the real reader exits; the headless one records the status).
    public var exit: @MainActor (Int32) -> Void = { _ in }
    private var isStopped = false
    private var isRedrawScheduled = false

    /// Opens the store and the terminal and runs the reader until the user quits; never returns.
    /// Call it on the main thread. Errors before the screen opens (the cache cannot be opened,
    /// standard input is not a terminal) are thrown.
    ///
    /// - Parameter makeCache: adapts the store to what the reload pipeline writes to.
    public nonisolated static func run(settings: ReaderSettings, makeCache: @escaping @Sendable (FeedStore) -> any FeedCache) throws -> Never {
        precondition(Thread.isMainThread, "the reader runs on the main thread")
        try MainActor.assumeIsolated {
            var settings = settings
            // Before the screen opens: a cache that cannot be opened is one line on the terminal.
            let store = try openCache(for: &settings)
            let logFile = LogFile(path: settings.logPath)
            let errorLog = ErrorLog()
            if let path = settings.config.errorLogPath { errorLog.open(path: path) }
            let logLevel = settings.logLevel
            LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: logFile, errorLog: errorLog, level: logLevel) }
            let environment = ProcessInfo.processInfo.environment
            // `image-protocol auto`: the terminal is asked once, before full-screen mode (its
            // answers would otherwise reach ncurses as keys); keys typed meanwhile are kept.
            var typedAhead: [UInt8] = []
            var detected = ImageProtocolChoice.none
            if settings.config[\.imageProtocol] == .auto {
                let answer = GraphicsQuery.ask(input: STDIN_FILENO, output: STDOUT_FILENO, timeout: 0.5)
                typedAhead = answer.typed
                let chosen = GraphicsProtocol.choose(environment: environment, kittyGraphics: answer.capabilities.kittyGraphics, sixel: answer.capabilities.sixel)
                detected = ImageProtocolChoice(rawValue: chosen.rawValue) ?? .blocks
                Logger(label: "tidings.reader").info("image-protocol auto: \(chosen.rawValue) (kitty graphics: \(answer.capabilities.kittyGraphics), sixel: \(answer.capabilities.sixel))")
            }
            let terminal = try CursesTerminal(typedAhead: typedAhead)
            let savedStandardError = divertStandardError(to: logFile)
            let runtime = ReaderRuntime(settings: settings, store: store, terminal: terminal, environment: environment,
                                        detectedImageProtocol: detected, makeCache: makeCache)
            runtime.exit = { status in
                if let savedStandardError { dup2(savedStandardError, STDERR_FILENO) }
                Glibc.exit(status)
            }
            runtime.start()
        }
        dispatchMain()
    }

    /// Opens the cache `settings` name: read only when this user cannot write it, which
    /// `settings` then say (and the status bar with them).
    public static func openCache(for settings: inout ReaderSettings) throws -> FeedStore {
        let config = settings.config
        let store = try FeedStore(
            path: settings.cachePath, access: FeedStore.possibleAccess(toCacheAt: settings.cachePath), starFlag: config.starFlag,
            publishFlag: config.publishFlag)
        if store.isReadOnly {
            settings.isCacheReadOnly = true
            settings.warnings.insert(FeedListCommands.readOnlyNotice(settings.cachePath), at: 0)
        }
        store.resetUnreadOnUpdate(feedURLs: config.articleLifecycle.resetUnreadFeedURLs)
        // The rules on arrival and near-duplicate stories, applied by the reloads' upserts.
        store.useRules(config.rules)
        store.useNearDuplicates(config[\.foldNearDuplicates])
        return store
    }

    /// Sets the reader up on `terminal` with the cache `store` (see ``openCache(for:)``);
    /// ``start()`` starts it.
    ///
    /// - Parameters:
    ///   - environment: the process's environment.
    ///   - timers: where the spinner's and auto-reload's ticks come from.
    ///   - clock: the time a message arrives at.
    ///   - detectedImageProtocol: how `image-protocol auto` draws pictures on this terminal.
    public init(settings: ReaderSettings, store: FeedStore, terminal: any Terminal, environment: [String: String],
                timers: any TimerSource = DispatchTimerSource(), clock: @escaping @MainActor () -> Date = { Date() },
                detectedImageProtocol: ImageProtocolChoice = .none,
                makeCache: (FeedStore) -> any FeedCache = { StoreFeedCache(store: $0) }) {
        let config = settings.config
        self.terminal = terminal
        variables = environment
        defaultBrowser = ReaderEnvironment.findDefaultBrowser(in: environment)
        defaultQueueFile = ArticleActionOptions.newsboatQueueFile(environment: environment)
        self.clock = clock
        // Block pictures are colours: without them (NO_COLOR, a monochrome terminal) they would
        // be a meaningless pattern of half blocks, so `auto` keeps the labels.
        let facts = ReaderState.TerminalFacts(
            size: TerminalSize(rows: terminal.rows, columns: terminal.columns, cell: terminal.cellSize), showsColors: terminal.showsColors,
            detectedImageProtocol: !terminal.showsColors && detectedImageProtocol == .blocks ? .none : detectedImageProtocol,
            supportsHyperlinks: HyperlinkSupport.detect(environment: environment))
        state = ReaderState(settings: settings, terminal: facts, now: clock())
        storeRunner = StoreRunner(store: store, urlsPath: settings.urlsPath, inbox: inbox)
        let account = try? settings.syncAccount?.get()
        fetchRunner = FetchRunner(store: storeRunner, cache: makeCache(store), account: account,
                                  keepingLocalFeeds: settings.feedListSource.fetchesFeeds, fetchOptions: config.fetchOptions,
                                  rendering: state.articleRendering, inbox: inbox)
        processRunner = ProcessRunner(terminal: terminal, store: storeRunner, inbox: inbox)
        fileRunner = FileRunner(inbox: inbox)
        timerRunner = TimerRunner(timers: timers, cachePath: settings.cachePath, inbox: inbox)
        let fetch = fetchRunner
        pictureRunner = PictureRunner(cachePath: settings.cachePath, fetchOptions: { fetch.options }, inbox: inbox)
        storeRunner.marksQueued = { fetch.sendQueuedChanges() }
        inbox.deliver = { [unowned self] message in self.send(message) }
    }

    /// The cache the reader reads and writes.
    public var store: FeedStore { storeRunner.store }

    /// True when nothing started is still to report back (no read, write or fetch running).
    public var isIdle: Bool { inbox.outstanding == 0 }

    /// True while a reload (or a sync) runs.
    public var isReloading: Bool { state.isReloading }

    /// How many pictures the article view on top has drawn (the pictures benchmark counts them).
    public var picturesDrawnOnTop: Int { (state.top as? ArticleScreen)?.drawnPictureCount ?? 0 }

    /// Starts the reader: input is handled from now on, and the first frame is drawn.
    public func start() {
        // The terminal's handlers keep the runtime alive until the process exits.
        terminal.startEventHandling(
            keys: { keys in self.take(keys) },
            termination: { signal in self.send(.terminated(signal: signal)) })
        run(state.begin(environment))
        draw()
    }

    private var environment: ReaderEnvironment {
        ReaderEnvironment(variables: variables, now: clock(), defaultBrowser: defaultBrowser, defaultQueueFile: defaultQueueFile)
    }

    /// Keys from the terminal: a resize is the terminal's new size, the rest are keys.
    private func take(_ keys: [Key]) {
        if keys.contains(.resize) {
            send(.resized(TerminalSize(rows: terminal.rows, columns: terminal.columns, cell: terminal.cellSize)))
        }
        let typed = keys.filter { $0 != .resize }
        if !typed.isEmpty { send(.keys(typed)) }
    }

    // MARK: - The loop

    /// The one entry point: `update` decides what `message` means, the runners carry the effects
    /// out, and the frame is drawn.
    func send(_ message: ReaderMessage) {
        guard !isStopped else { return }
        let effects = update(&state, message, environment)
        run(effects)
        guard !isStopped else { return }
        if message.answersKey {
            // What a key asked for is drawn at once, not behind the fetch events queued meanwhile.
            draw()
        } else {
            scheduleDraw()
        }
    }

    private func run(_ effects: [ReaderEffect]) {
        for effect in effects {
            switch effect {
            case .store(let effect): storeRunner.run(effect)
            case .fetch(let effect): fetchRunner.run(effect)
            case .process(let effect):
                processRunner.run(effect)
                noticeSizeChange()
            case .files(let effect): fileRunner.run(effect)
            case .timer(let effect): timerRunner.run(effect)
            case .picture(let request): pictureRunner.load(request)
            case .terminal(let effect): runOnTerminal(effect)
            case .log(let line): log(line)
            }
        }
    }

    /// A program that had the terminal may have left it resized: the reader lays out again.
    private func noticeSizeChange() {
        let size = TerminalSize(rows: terminal.rows, columns: terminal.columns, cell: terminal.cellSize)
        if size != state.terminal.size { inbox.post(.resized(size)) }
    }

    private func runOnTerminal(_ effect: TerminalEffect) {
        switch effect {
        case .repaint: terminal.invalidate()
        case .suspendProcess: terminal.suspend { _ = kill(getpid(), SIGSTOP) }
        case .beep: terminal.beep()
        case .showInStatusLine(let text): terminal.showInStatusLine(text)
        case .setDefaultColors(let foreground, let background): terminal.setDefaultColors(foreground: foreground, background: background)
        case .quit(let status): stop(status: status)
        }
    }

    private func log(_ line: LogLine) {
        switch line.level {
        case .info: logger.info("\(line.text)")
        case .warning: logger.warning("\(line.text)")
        case .error: logger.error("\(line.text)")
        }
    }

    // MARK: - Drawing

    private func scheduleDraw() {
        guard !isRedrawScheduled else { return }
        isRedrawScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.isRedrawScheduled = false
                self.draw()
            }
        }
    }

    private func draw() {
        guard !isStopped else { return }
        let frame = state.frame()
        terminal.setTitle(frame.windowTitle)
        terminal.reportsMouse = frame.reportsMouse
        terminal.writesHyperlinks = frame.writesHyperlinks
        terminal.draw(frame.grid, cursor: frame.cursor, park: frame.park)
        terminal.placeImages(frame.images)
    }

    // MARK: - Quitting

    /// Stops the runners; the last frame ("Stopping…" while transfers end) is drawn first.
    private func stop(status: Int32) {
        guard !isStopped else { return }
        draw()
        isStopped = true
        timerRunner.stop()
        pictureRunner.stop()
        fetchRunner.stop(grace: 0.3) { [self] in
            storeRunner.finish()
            // Saved articles and the prompts' histories are written before the process ends.
            fileRunner.finish()
            terminal.stop()
            exit(status)
        }
    }

    /// Points standard error at the log file while the screen is ours: whatever a library or a
    /// child process (an `exec:` feed) writes there must not land on top of the cells. Returns
    /// the real standard error, to put back on exit.
    private static func divertStandardError(to logFile: LogFile) -> Int32? {
        guard let descriptor = logFile.fileDescriptor else { return nil }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(descriptor, STDERR_FILENO) >= 0 else { return nil }
        return saved
    }
}
