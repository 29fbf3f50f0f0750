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

/// The full-screen reader: messages in, effects out.
///
/// Everything that happens — keys, signals, store answers, written marks, fetch events, timers —
/// arrives as a `ReaderMessage` through ``send(_:)`` on the main queue. `update` decides: it
/// changes the screens and returns `ReaderEffect`s, plain values, which the `EffectRunner` carries
/// out off the main thread and answers with more messages; then one frame is drawn. `update`
/// reads no clock and no environment: the time of each message and the environment are given to
/// it, so a test calls it directly and compares the effects. The main thread never waits on
/// SQLite or the network, and with no key, reload or timer the process sleeps.
@MainActor
public final class ReaderApp {
    /// Changed at run time by `:set`.
    var settings: ReaderSettings
    let storeView: StoreView
    let navigation: NavigationController<ReaderIntent>
    /// The root feed list; nil on the first-run screen, until a first feed is added there.
    private(set) var feedList: FeedListScreen?
    /// Carries the effects out; nil where a test only looks at them.
    private var runner: EffectRunner?
    let terminal: any Terminal
    let logger: Logger
    /// The process's environment (`PATH`, `BROWSER`, `HOME`, …), given rather than read.
    let environment: [String: String]
    /// The time each message arrives at (a test's clock is its own).
    private let clock: @MainActor () -> Date
    /// The time of the message being handled.
    var now: Date { storeView.now }
    /// Effects asked for by a step deep inside an update (a `:set` that restarts a timer), returned
    /// with the update's own.
    private var queuedEffects: [ReaderEffect] = []

    var transientMessage: String?
    private var lastGeneration: Int64 = -1
    private(set) var isQuitting = false
    /// Whether articles were deleted in this session: quitting purges them.
    var hasDeletedArticles = false
    /// The question the prompt being typed answers.
    var question: ReaderQuestion?
    /// The yes/no question in the status bar, answered by the next key.
    var confirmation: ReaderConfirmation?
    /// Whether a reload or a sync runs, and how far it is.
    var reload = ReloadState()
    /// A frame is due (see `send`).
    private var needsRedraw = false
    private var isRedrawScheduled = false
    /// True while a reload (or a sync) runs.
    public var isReloading: Bool { reload.isRunning }
    /// The article view on top, if it is (the pictures benchmark counts what it has drawn).
    public var articleOnTop: ArticleScreen? { navigation.top as? ArticleScreen }
    /// Feeds being fetched to be added.
    var additions = FeedAdditions()
    /// A feed to select once the lists list it (one just added).
    var pendingSelection: String?
    /// Whether `run-on-startup`'s actions have run (they run once, when the feed list is read).
    var hasRunStartupActions = false
    /// Full articles being fetched (ReaderApp+FullArticle.swift).
    var fullArticleFetches = FullArticleFetches()
    /// The macro prefix was pressed: the next key names the macro.
    var awaitsMacroKey = false
    /// Lines typed at the prompts that keep them (Up/Down bring them back).
    var histories = PromptHistories()
    /// Whether the last sessions' histories have been read (or there was nothing to read).
    var hasReadHistories = false
    /// The last reload's notification, in the window title until the next key (`notify-xterm`).
    var titleNotification: String?
    /// The id of the last picture asked for (kitty knows pictures by id: each drawing its own).
    private var lastImageID: UInt32 = 0
    /// Screens `prev-dialog` left, the last one first back with `next-dialog`.
    var laterScreens: [LaterScreen] = []

    /// Opens the store and the terminal and runs the reader until the user quits; never returns.
    /// Call it on the main thread. Errors before the screen opens (the cache cannot be opened,
    /// standard input is not a terminal) are thrown.
    ///
    /// - Parameter makeCache: adapts the store to what the reload pipeline writes to.
    public nonisolated static func run(settings: ReaderSettings, makeCache: @Sendable (FeedStore) -> any FeedCache) throws -> Never {
        precondition(Thread.isMainThread, "the reader runs on the main thread")
        try MainActor.assumeIsolated {
            let logFile = LogFile(path: settings.logPath)
            let errorLog = ErrorLog()
            if let path = settings.config.errorLogPath { errorLog.open(path: path) }
            let logLevel = settings.logLevel
            LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: logFile, errorLog: errorLog, level: logLevel) }
            // A cache this user cannot write is read as it is, and the status bar says so.
            let store = try FeedStore(
                path: settings.cachePath, access: FeedStore.possibleAccess(toCacheAt: settings.cachePath), starFlag: settings.preferences.starFlag,
                publishFlag: settings.preferences.publishFlag)
            var settings = settings
            if store.isReadOnly {
                settings.isCacheReadOnly = true
                settings.warnings.insert(FeedListCommands.readOnlyNotice(settings.cachePath), at: 0)
            }
            // `image-protocol auto`: the terminal is asked once, before full-screen mode (its
            // answers would otherwise reach ncurses as keys); keys typed meanwhile are kept.
            var typedAhead: [UInt8] = []
            if settings.preferences.imageProtocol == .auto {
                let answer = GraphicsQuery.ask(input: STDIN_FILENO, output: STDOUT_FILENO, timeout: 0.5)
                typedAhead = answer.typed
                let environment = ProcessInfo.processInfo.environment
                let chosen = GraphicsProtocol.choose(environment: environment, kittyGraphics: answer.capabilities.kittyGraphics, sixel: answer.capabilities.sixel)
                settings.preferences.detectedImageProtocol = ImageProtocolChoice(rawValue: chosen.rawValue) ?? .blocks
                Logger(label: "tidings.reader").info("image-protocol auto: \(chosen.rawValue) (kitty graphics: \(answer.capabilities.kittyGraphics), sixel: \(answer.capabilities.sixel))")
            }
            let terminal = try CursesTerminal(typedAhead: typedAhead)
            let savedStandardError = divertStandardError(to: logFile)
            let app = ReaderApp(settings: settings, terminal: terminal, environment: ProcessInfo.processInfo.environment)
            app.start(with: EffectRunner(store: store, settings: settings, cache: makeCache(store), terminal: terminal) { status in
                if let savedStandardError { dup2(savedStandardError, STDERR_FILENO) }
                exit(status)
            })
        }
        dispatchMain()
    }

    /// - Parameters:
    ///   - environment: the process's environment.
    ///   - clock: the time a message arrives at.
    public init(settings: ReaderSettings, terminal: any Terminal, environment: [String: String], clock: @escaping @MainActor () -> Date = { Date() }) {
        var settings = settings
        if !terminal.showsColors { settings.preferences.theme = settings.preferences.theme.forMonochrome() }
        // Block pictures are colours: without them (NO_COLOR, a monochrome terminal) they would be
        // a meaningless pattern of half blocks, so `auto` keeps the labels.
        if !terminal.showsColors && settings.preferences.detectedImageProtocol == .blocks { settings.preferences.detectedImageProtocol = .none }
        self.settings = settings
        self.terminal = terminal
        self.environment = environment
        self.clock = clock
        logger = Logger(label: "tidings.reader")
        storeView = StoreView(now: clock())
        if settings.subscriptions == nil {
            feedList = nil
            navigation = NavigationController(root: FirstRunScreen(urlsPath: settings.urlsPath, keyMap: settings.preferences.keyMap, newsboat: settings.newsboatFiles))
        } else {
            let screen = FeedListScreen(storeView: storeView, preferences: settings.preferences, queryFeeds: settings.queryFeeds,
                                        headings: settings.headings)
            feedList = screen
            navigation = NavigationController(root: screen)
        }
        navigation.statusHint = "?:Help"
        useTheme()
    }

    /// Colours the bars and the background as the theme says, and places the bars as the
    /// options say; without colours (NO_COLOR, a monochrome terminal) the theme was made reverse
    /// video first.
    func useTheme() {
        let theme = settings.preferences.theme
        navigation.showsTitleBar = settings.preferences.showsTitleBar
        navigation.swapsTitleAndHints = settings.preferences.swapsTitleAndHints
        navigation.titleStyle = theme.titleBar
        navigation.statusStyle = theme.statusBar
        terminal.setDefaultColors(foreground: theme.background.foreground, background: theme.background.background)
    }

    /// Starts the reader: input is handled from now on, `runner` carries the effects out, and
    /// the first frame is drawn.
    public func start(with runner: EffectRunner) {
        self.runner = runner
        runner.send = { [unowned self] message in self.send(message) }
        // The terminal's handlers keep the app alive until the process exits.
        terminal.startEventHandling(
            keys: { keys in self.send(.keys(keys)) },
            termination: { signal in self.send(.terminated(signal: signal)) })
        perform(begin())
        redraw()
    }

    /// What the reader does first, before any key.
    func begin() -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        // The urls file's feeds reach the cache on the write queue: a `tidings reload` from cron
        // holding the writer must not keep the screen from opening. The lists read once it is
        // done (`.storeChanged`), and say "Loading…" until then.
        // Under a feed server the cache's feeds are the server's: writing the (unread) urls
        // file's list would unsubscribe them all; with `sync-local-feeds` it is written beside
        // them (see `FeedStore.syncSubscriptions(_:keepingServerFeeds:)`).
        // A read-only cache is shown as it is: nothing is written to it.
        if let subscriptions = settings.subscriptions, settings.syncAccount == nil || settings.syncsLocalFeeds, !settings.isCacheReadOnly {
            effects.append(.syncSubscriptions(subscriptions))
        } else {
            refreshScreens()
        }
        if !settings.isCacheReadOnly {
            // After the feeds are in line (the same write queue), so that a rule for one feed finds it.
            effects += [.applyKillfile(settings.killfile), .writeLeftOverMarks]
            // Articles a reload stored without indexing their text (one that ended early, or a
            // `tidings reload` still running) are indexed now.
            effects.append(.indexStoredBodies)
        }
        effects.append(.watchCache)
        let historyReads = historiesAtStart
        effects += historyReads
        if historyReads.isEmpty { hasReadHistories = true }
        if let warning = settings.warnings.first {
            // The count and the log's path first, so that they survive an 80-column status bar.
            let count = settings.warnings.count
            transientMessage = "\(count) warning\(count == 1 ? "" : "s") — see \(Self.shortPath(settings.logPath, home: environment["HOME"])): \(warning)"
            for warning in settings.warnings { logger.warning("\(warning)") }
        }
        guard feedList != nil else { return effects + storeView.takeReads().map { .load($0) } }
        // newsboat's auto-reload reloads at start, then every reload-time minutes.
        if settings.isCacheReadOnly {
            // Nothing fetched could be stored.
        } else if settings.refreshOnStartup || (settings.autoReloadMinutes != nil && !settings.suppressesFirstReload) {
            effects += perform(.reloadAll)
        } else if case .success(let account)? = settings.syncAccount {
            effects.append(.load(StoreRead(query: .hasSynced(account: account.identity), reply: .firstSync)))
        }
        effects.append(.autoReload(minutes: settings.autoReloadMinutes))
        return effects + storeView.takeReads().map { .load($0) }
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

    // MARK: - The loop

    /// The one entry point: decides what `message` means, has the effects carried out, and
    /// draws the frame — at once for keys and the articles they open; for everything else once
    /// the main queue has handled what is waiting, so that a burst of answers costs one frame.
    func send(_ message: ReaderMessage) {
        guard !isQuitting else { return }
        storeView.now = clock()
        let (effects, changesScreen) = update(message)
        // The last frame ("Stopping…" while transfers end) is drawn before the terminal goes back.
        if isQuitting { draw() }
        perform(effects)
        guard changesScreen else { return }
        if message.answersKey {
            // What a key asked for is drawn at once, not behind the fetch events queued meanwhile.
            redraw()
        } else {
            scheduleRedraw()
        }
    }

    /// Has the runner carry `effects` out (nowhere to go in a test of `update`).
    private func perform(_ effects: [ReaderEffect]) {
        runner?.run(effects)
    }

    private func scheduleRedraw() {
        needsRedraw = true
        guard !isRedrawScheduled else { return }
        isRedrawScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.isRedrawScheduled = false
                if self.needsRedraw { self.redraw() }
            }
        }
    }

    /// What `message` changes on screen, and the effects it asks for — the screens' reads
    /// included; false when nothing on screen can have changed (the store's generation is as it
    /// was). The time of the message is ``now``.
    func update(_ message: ReaderMessage) -> ([ReaderEffect], Bool) {
        let (effects, changesScreen) = decide(message)
        defer { queuedEffects = [] }
        return (effects + queuedEffects + storeView.takeReads().map { .load($0) }, changesScreen)
    }

    /// Adds `effects` to those the update being handled returns.
    func queue(_ effects: [ReaderEffect]) {
        queuedEffects += effects
    }

    private func decide(_ message: ReaderMessage) -> ([ReaderEffect], Bool) {
        switch message {
        case .keys(let keys):
            return (handle(keys), true)
        case .terminated(let signal):
            return (quit(status: 128 + signal), false)
        case .loaded(let read, let result):
            return (take(result, for: read.reply), true)
        case .generation(let generation):
            guard generation != lastGeneration else { return ([], false) }
            lastGeneration = generation
            refreshScreens()
        case .storeChanged:
            // Not every write moves the generation (the urls file's feeds, retention): read again.
            refreshScreens()
            return ([.checkGeneration], false)
        case .bodiesIndexed(let waiting):
            // A batch per write, so that marks are written in between; the last one moves the
            // generation, which the search screens follow.
            return (waiting > 0 && !isQuitting ? [.indexStoredBodies] : [.checkGeneration], false)
        case .marksWritten(let number, let generation):
            storeView.pendingMarks.written(through: number, generation: generation)
            lastGeneration = generation
            refreshScreens()
            return ([.settleMarks(through: number)], true)
        case .marksSettled(let number):
            storeView.pendingMarks.remove(through: number)
        case .status(let text):
            transientMessage = text
        case .articlesDeleted(let outcome):
            transientMessage = outcome.statusText
            refreshScreens()
            return ([.checkGeneration], true)
        case .syncFailed(let text):
            transientMessage = text
            refreshScreens()
        case .fetchEvent(let event):
            return (handleFetchEvent(event), true)
        case .reloadFinished(let summary):
            return (finishReload(summary), true)
        case .syncFinished(let result):
            return (finishSync(result), true)
        case .serverFeedEdited(let edit, let result):
            return (finishServerFeedEdit(edit, result), true)
        case .spinnerTick:
            reload.turnSpinner()
            showReloading()
            // While a reload writes, the lists follow at the spinner's pace, not at every feed.
            return ([.checkGeneration], true)
        case .autoReloadTick:
            guard !isReloading else { return ([], false) }
            return (perform(.reloadAll), true)
        case .fetchedForAdding(let url, let tag, let capture, let summary):
            return (finishAdding(url, tag: tag, capture: capture, summary: summary), true)
        case .fullArticleFetched(let id, let result, let automatic):
            return (finishFullArticle(id, result, automatic: automatic), true)
        case .imageLoaded(let request, _, let result):
            if case .failure(let failure) = result { logger.info("picture \(CredentialRedaction.redact(request.url)) not shown: \(failure)") }
            let taken = screens.compactMap { ($0 as? ArticleScreen)?.takePicture(request, result) }
            return ([], taken.contains(true))
        case .historiesRead(let commandLine, let search):
            takeHistories(commandLine: commandLine, search: search)
            return ([], false)
        case .saveAllPlanned(let plan):
            return (continueSavingAll(plan), true)
        case .savedAll(let outcome):
            transientMessage = outcome.statusText(home: environment["HOME"])
        case .saveWouldReplace(let article, let path):
            return (confirm(.replaceFile(article, path: path)), true)
        case .urlsFileEdited(let outcome):
            if outcome.changed && feedList == nil {
                // newsboat's urls file, brought over, may hold query feeds: they show at once.
                settings.queryFeeds = outcome.queryFeeds
                settings.headings = outcome.headings
                showFeedListAfterFirstRun()
                queue([.autoReload(minutes: settings.autoReloadMinutes)])
            }
            if let text = outcome.message { transientMessage = text }
            if outcome.changed && reload.reloadsWhenListed {
                reload.reloadsWhenListed = false
                return (perform(.reloadAll) + [.checkGeneration], true)
            }
            if let url = outcome.selectURL { pendingSelection = url }
            if outcome.changed {
                takeHeadings(outcome.headings)
                refreshScreens()
            }
            return (outcome.changed ? [.checkGeneration] : [], true)
        }
        return ([], true)
    }

    /// Hands the answer of a read to whoever asked.
    private func take(_ result: Result<StoreAnswer, any Error>, for reply: StoreRead.Reply) -> [ReaderEffect] {
        if case .screen(let number) = reply {
            storeView.deliver(number, result)
            selectPendingFeed()
            return runStartupActionsOnce()
        }
        let answer: StoreAnswer
        do {
            answer = try result.get()
        } catch {
            logger.error("cannot read the cache: \(error)")
            switch reply {
            case .openArticle:
                transientMessage = "Cannot open the article: \(error)"
            case .articleAction, .openAllUnread:
                transientMessage = "Cannot read the article: \(error)"
            case .unreadJump(let forward):
                return jumpTo(nil, forward: forward)
            case .reload:
                reload.isAskingForFeeds = false
                transientMessage = "Cannot reload: \(error)"
            case .firstSync:
                // Not known to have synced: a sync finds out.
                return startSync()
            case .screen, .automaticFullArticles, .unreadTotals, .newEpisodes:
                break
            }
            return []
        }
        switch (reply, answer) {
        case (.openArticle(let id), .article(let loaded)):
            return showArticle(id, loaded)
        case (.articleAction(let action), .article(let loaded)):
            return perform(action, on: loaded)
        case (.unreadJump(let forward), .unreadJump(let jump)):
            return jumpTo(jump, forward: forward)
        case (.reload, .feedsToFetch(let targets)):
            return startReload(targets)
        case (.firstSync, .hasSynced(let synced)):
            return synced ? [] : startSync()
        case (.automaticFullArticles, .fullArticleCandidates(let candidates)):
            return fetchAutomatically(candidates)
        case (.newEpisodes, .episodes(let items)):
            return enqueueAutomatically(items)
        case (.openAllUnread(let markingRead), .rows(let rows)):
            return openAllUnread(rows, markingRead: markingRead)
        case (.unreadTotals(let afterReload), .unreadTotals(let totals)):
            return notify(totals, afterReload: afterReload)
        default:
            logger.error("a read of the cache was answered with \(answer) for \(reply)")
            return []
        }
    }

    // MARK: - Keys

    private func handle(_ keys: [Key]) -> [ReaderEffect] {
        // Another process (cron's `tidings reload`) may have written: the lists follow (during a
        // reload they follow at the spinner's pace already).
        var effects: [ReaderEffect] = isReloading ? [] : [.checkGeneration]
        for key in keys {
            switch key {
            case .resize:
                continue
            case .control("l"):
                effects.append(.repaint)
            case .control("z"):
                effects.append(.suspendProcess)
            case _ where navigation.prompt != nil:
                effects += handlePromptKey(key)
            case .control("c"):
                return effects + quit(status: 0)
            default:
                transientMessage = nil
                titleNotification = nil
                additions.awaited = nil
                if let pending = confirmation {
                    confirmation = nil
                    effects += answer(pending, with: key)
                } else if awaitsMacroKey {
                    awaitsMacroKey = false
                    effects += runMacro(key)
                } else if let top, startsMacro(key, on: top) {
                    awaitsMacroKey = true
                    transientMessage = macroPrompt
                } else if let top, let typed = commandLineStart(key, on: top) {
                    askForCommand(typed: typed)
                } else if let top, !takesTyped(key, on: top), let bound = settings.boundMacros[key], bound.contexts.contains(top.keyContext) {
                    effects += run(bound.macro)
                } else if let top, !takesTyped(key, on: top), let command = settings.preferences.keyMap.command(for: key, in: top.keyContext),
                          let done = performScreenCommand(command) {
                    effects += done
                } else {
                    let unbound = top.map { isUnbound(key, on: $0) } ?? false
                    if let intent = navigation.handle(key) {
                        effects += perform(intent)
                    } else if unbound {
                        transientMessage = "\(key): not bound here — ? for help"
                    } else if let top, let command = settings.preferences.keyMap.command(for: key, in: top.keyContext),
                              let reason = command.whyNotPerformed {
                        // A newsboat action the config binds and no screen carries out.
                        transientMessage = "\(command.name): \(reason)"
                    }
                }
            }
            if isQuitting { break }
        }
        return effects
    }

    /// The first feed was added on the first-run screen: the urls file exists now, and the reader
    /// becomes what it is on every later start.
    private func showFeedListAfterFirstRun() {
        let screen = FeedListScreen(storeView: storeView, preferences: settings.preferences, queryFeeds: settings.queryFeeds,
                                    headings: settings.headings)
        while navigation.pop() != nil {}
        navigation.replaceTop(with: screen)
        feedList = screen
    }

    /// Whether nothing on `screen` answers `key`: its key context binds nothing to it and the
    /// screen takes no typed text. A key that is not a plain character is named, never echoed raw.
    private func isUnbound(_ key: Key, on screen: any ReaderScreen) -> Bool {
        if case .character(let character) = key, character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return false
        }
        return settings.preferences.keyMap.command(for: key, in: screen.keyContext) == nil && !takesTyped(key, on: screen)
    }

    /// Whether `screen` takes `key` as typed text (see `TypingScreen`).
    func takesTyped(_ key: Key, on screen: any ReaderScreen) -> Bool {
        (screen as? any TypingScreen)?.takesUnboundKey(key) ?? false
    }

    /// `path` with the home directory written `~`, as a user types it.
    nonisolated static func shortPath(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// `text` as a status-bar message: like every other, it starts with a capital letter
    /// (descriptions written to follow a prefix, such as `config line 3: …`, do not).
    nonisolated static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// Every screen on the stack, from the root to the top.
    var screens: [any ReaderScreen] {
        // Every screen the reader pushes is a `ReaderScreen`: this cast is to the protocol.
        navigation.screens.compactMap { $0 as? any ReaderScreen }
    }

    /// The screen on top.
    var top: (any ReaderScreen)? { screens.last }

    // MARK: - Drawing

    /// The urls file's headings as an edit left them, for every feed list; a feed server's list
    /// has none (its urls file, beside it, holds only local feeds).
    private func takeHeadings(_ headings: [UrlsHeading]) {
        guard settings.syncAccount == nil, !settings.readsOPMLFeedList else { return }
        settings.headings = headings
        for case let list as FeedListScreen in screens { list.takeHeadings(headings) }
    }

    /// Every screen on the stack reads what it shows again.
    func refreshScreens() {
        for case let screen as any CacheScreen in screens { screen.refresh() }
    }

    /// Selects a feed just added, once the lists list it.
    private func selectPendingFeed() {
        guard let url = pendingSelection else { return }
        for case let list as any FeedListing in screens { list.select(feedURL: url) }
        if feedList?.rows.contains(where: { $0.url == url }) ?? true { pendingSelection = nil }
    }

    /// What the status bar says: a message, else what runs in the background.
    var statusText: String {
        transientMessage ?? additionStatus ?? reload.progress?.runningText
            ?? (reload.isSyncing ? "Syncing with the feed server…" : nil) ?? fullArticleStatus ?? ""
    }

    func redraw() {
        guard !isQuitting else { return }
        draw()
    }

    /// The key-hint line of the top screen, when `show-keymap-hint` asks for one.
    private var keyHints: StyledText? {
        let preferences = settings.preferences
        guard preferences.showsKeymapHint, let top else { return nil }
        return KeyHintBar(keyMap: preferences.keyMap, theme: preferences.theme).text(for: top.keyContext)
    }

    /// Draws a frame, then has the rows it lacked read (a list's pages are asked for as they are
    /// drawn).
    private func draw() {
        needsRedraw = false
        navigation.statusMessage = statusText
        // From the top screen's bindings as they are now: `:set`, `bind-key` and a new screen
        // change them.
        navigation.keyHints = keyHints
        var grid = CellGrid(rows: terminal.rows, columns: terminal.columns)
        let article = navigation.top as? ArticleScreen
        article?.cellSize = terminal.cellSize
        let cursor = navigation.render(into: &grid)
        let unread = feedList?.rows.reduce(0) { $0 + $1.unreadCount } ?? 0
        terminal.setTitle(titleNotification ?? (unread > 0 ? "Tidings (\(unread) unread)" : "Tidings"))
        terminal.draw(grid, cursor: cursor, park: navigation.top.parkingPosition ?? Position(row: 0, column: 0))
        // Pictures only over the article's text: any other screen on top takes them all away.
        terminal.placeImages(article?.imagePlacements ?? [])
        perform(storeView.takeReads().map { .load($0) })
        // The pictures the article's layout asked for, drawn in the background.
        perform((article?.takePictureRequests() ?? []).map { request in
            lastImageID &+= 1
            return .loadImage(request, id: lastImageID)
        })
    }

    // MARK: - Quitting

    func quit(status: Int32) -> [ReaderEffect] {
        guard !isQuitting else { return [] }
        // Drawn as the last frame (see `send`): the transfers take a moment to stop.
        if isReloading { transientMessage = "Stopping…" }
        isQuitting = true
        return tidyingOnQuit + historiesOnQuit + [.quit(status: status)]
    }
}
