import Dispatch
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import Glibc
import Logging
import TerminalUI

/// The full-screen reader: owns the terminal, the navigation stack, the store and the reload
/// pipeline, and carries out the intents the screens return.
///
/// Everything runs on the main queue: keys arrive from the terminal's read source, reload
/// progress from the pipeline's events, and each handler ends with one redraw of the cells that
/// changed. Nothing polls: with no key and no reload the process sleeps.
@MainActor
public final class ReaderApp {
    let settings: ReaderSettings
    let store: FeedStore
    private let terminal: Terminal
    let navigation: NavigationController<ReaderIntent>
    let feedList: FeedListScreen?
    private let fetcher: FeedFetcher
    let logger: Logger
    private let environment = ProcessInfo.processInfo.environment

    private var reload: Reload?
    private var progress: ReloadProgress?
    private var spinner: DispatchSourceTimer?
    private var spinnerStep = 0
    var transientMessage: String?
    private var lastGeneration: Int64 = -1
    private var isQuitting = false
    /// What to do with the text of the prompt being typed (see `ask`).
    var promptAnswer: ((String) -> Void)?
    /// What to do if the question in the status bar is answered `y` (see `confirm`).
    var pendingConfirmation: (() -> Void)?
    private var autoReloadTimer: DispatchSourceTimer?
    /// Feeds being fetched to be added (see `startAdding`), by URL.
    var feedAdditions: [String: Reload] = [:]
    /// The real standard error, put back on exit, while it points at the log file.
    private var savedStandardError: Int32?

    private static let spinnerFrames: [Character] = ["|", "/", "-", "\\"]

    /// Opens the store and the terminal and runs the reader until the user quits; never returns.
    /// Call it on the main thread. Errors before the screen opens (the cache cannot be opened,
    /// standard input is not a terminal) are thrown.
    ///
    /// - Parameter makeCache: adapts the store to what the reload pipeline writes to.
    public nonisolated static func run(settings: ReaderSettings, makeCache: @Sendable (FeedStore) -> any FeedCache) throws -> Never {
        precondition(Thread.isMainThread, "the reader runs on the main thread")
        try MainActor.assumeIsolated {
            let logFile = LogFile(path: settings.logPath)
            LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: logFile) }
            let store = try FeedStore(path: settings.cachePath)
            if let subscriptions = settings.subscriptions {
                try store.syncSubscriptions(subscriptions)
            }
            let terminal = try Terminal()
            // The terminal's handlers keep the app alive until the process exits.
            let app = ReaderApp(settings: settings, store: store, cache: makeCache(store), terminal: terminal)
            app.divertStandardError(to: logFile)
            app.start()
        }
        dispatchMain()
    }

    private init(settings: ReaderSettings, store: FeedStore, cache: any FeedCache, terminal: Terminal) {
        var settings = settings
        if !terminal.showsColors { settings.preferences.theme = settings.preferences.theme.forMonochrome() }
        self.settings = settings
        self.store = store
        self.terminal = terminal
        logger = Logger(label: "tidings.reader")
        fetcher = FeedFetcher(cache: cache, options: settings.fetchOptions, logger: Logger(label: "tidings.fetch"))
        if settings.subscriptions == nil {
            feedList = nil
            navigation = NavigationController(root: FirstRunScreen(urlsPath: settings.urlsPath))
        } else {
            let screen = FeedListScreen(store: store, preferences: settings.preferences)
            feedList = screen
            navigation = NavigationController(root: screen)
        }
        navigation.statusHint = "?:Help"
        // Without colours (NO_COLOR, a monochrome terminal) coloured bars become reverse video.
        navigation.titleStyle = settings.preferences.theme.titleBar
        navigation.statusStyle = settings.preferences.theme.statusBar
        terminal.setDefaultColors(foreground: settings.preferences.theme.background.foreground, background: settings.preferences.theme.background.background)
    }

    private func start() {
        terminal.startEventHandling(
            keys: { keys in self.handle(keys) },
            termination: { signal in self.quit(status: 128 + signal) })
        refreshScreens()
        if let warning = settings.warnings.first {
            transientMessage = settings.warnings.count == 1 ? warning : "\(warning) (and \(settings.warnings.count - 1) more in the log)"
            for warning in settings.warnings { logger.warning("\(warning)") }
        }
        redraw()
        if settings.refreshOnStartup && feedList != nil {
            perform(.reloadAll)
            redraw()
        }
        if let minutes = settings.autoReloadMinutes, feedList != nil {
            // A timer that fires every few minutes, not a polling loop: the process sleeps between.
            let timer = DispatchSource.makeTimerSource(queue: .main)
            let interval = DispatchTimeInterval.seconds(minutes * 60)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(5))
            timer.setEventHandler {
                MainActor.assumeIsolated {
                    guard self.reload == nil else { return }
                    self.perform(.reloadAll)
                    self.redraw()
                }
            }
            timer.resume()
            autoReloadTimer = timer
        }
    }

    /// Points standard error at the log file while the screen is ours: whatever a library or a
    /// child process (an `exec:` feed) writes there must not land on top of the cells.
    private func divertStandardError(to logFile: LogFile) {
        guard let descriptor = logFile.fileDescriptor else { return }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(descriptor, STDERR_FILENO) >= 0 else { return }
        savedStandardError = saved
    }

    // MARK: - Keys

    private func handle(_ keys: [Key]) {
        refreshIfStoreChanged()
        for key in keys {
            switch key {
            case .resize:
                continue
            case .control("l"):
                terminal.invalidate()
            case .control("z"):
                terminal.suspend { _ = kill(getpid(), SIGSTOP) }
            case _ where navigation.prompt != nil:
                handlePromptKey(key)
            case .control("c"):
                quit(status: 0)
            default:
                transientMessage = nil
                if let confirmation = pendingConfirmation {
                    pendingConfirmation = nil
                    if key == .character("y") || key == .character("Y") { confirmation() }
                } else if let intent = navigation.handle(key) {
                    perform(intent)
                }
            }
            if isQuitting { return }
        }
        redraw()
    }

    // MARK: - Intents

    func perform(_ intent: ReaderIntent) {
        do {
            try carryOut(intent)
        } catch {
            logger.error("\(intent) failed: \(error)")
            transientMessage = "Error: \(error)"
        }
    }

    private func carryOut(_ intent: ReaderIntent) throws {
        switch intent {
        case .openFeed(let id):
            guard let feed = ((navigation.top as? FeedListScreen) ?? feedList)?.rows.first(where: { $0.id == id }) else { return }
            navigation.push(ItemListScreen(store: store, feed: feed, preferences: settings.preferences))
        case .openItem(let id):
            try openArticle(id)
        case .back:
            navigation.pop()
            refreshScreens()
        case .quit:
            if settings.confirmsExit {
                confirm("Quit Tidings?") { self.quit(status: 0) }
            } else {
                quit(status: 0)
            }
        case .reloadFeed(let id):
            startReload(try store.feedsToFetch().filter { $0.id == id })
        case .reloadAll:
            startReload(try store.feedsToFetch())
        case .openInBrowser(let url):
            openInBrowser(url)
        case .nextUnread(let from):
            guard let row = try store.nextUnread(after: from) else {
                transientMessage = "No more unread articles"
                return
            }
            try showArticle(row)
        case .previousUnread(let from):
            guard let row = try store.previousUnread(before: from) else {
                transientMessage = "No earlier unread articles"
                return
            }
            try showArticle(row)
        case .toggleRead(let id):
            guard let item = try store.item(id) else { return }
            _ = try store.markItem(id, read: !item.isRead)
            (navigation.top as? ArticleScreen)?.update(isRead: !item.isRead)
            transientMessage = item.isRead ? "Marked unread" : "Marked read"
            refreshScreens()
        case .markFeedRead(let id):
            let count = try store.markFeed(id, read: true)
            transientMessage = count == 1 ? "Marked 1 article read" : "Marked \(count) articles read"
            refreshScreens()
        case .showHelp:
            navigation.push(HelpScreen(for: helpContext, keyMap: settings.preferences.keyMap))
        case .status(let message):
            transientMessage = message.isEmpty ? nil : message
        case .addFeed(let tag): askForFeedToAdd(tag: tag)
        case .renameFeed(let id): try askForTitle(of: id)
        case .editTags(let id): try askForTags(of: id)
        case .deleteFeed(let id): try confirmDeletion(of: id)
        case .moveFeed(let id, let neighbour): moveFeed(id, past: neighbour)
        case .showTags: try showTags()
        case .showTag(let tag): try showFeeds(taggedWith: tag)
        case .showStarred: try showStarred()
        case .toggleStarred(let id): try toggleStarred(id)
        case .openSearch(let text):
            openSearch(text: text)
        }
    }

    private var helpContext: KeyMap.Context {
        switch navigation.top {
        case is ItemListScreen: return .itemList
        case is SearchResultsScreen: return .searchResults
        case is ArticleScreen: return .article
        case is HelpScreen: return .help
        case is TagListScreen: return .tagList
        case is StarredListScreen: return .searchResults
        default: return .feedList
        }
    }

    /// Opens an article from the item list on top, marking it read.
    private func openArticle(_ id: ItemID) throws {
        guard let item = try store.item(id) else {
            transientMessage = "This article is no longer in the cache"
            return
        }
        if !item.isRead { _ = try store.markItem(id, read: true) }
        var shown = item
        shown.isRead = true
        navigation.push(ArticleScreen(item: shown, preferences: settings.preferences))
        refreshScreens()
    }

    /// Shows `row` (from `n`/`p`) with its feed's item list underneath, as if opened by hand.
    private func showArticle(_ row: ItemRow) throws {
        if navigation.top is HelpScreen { navigation.pop() }
        if navigation.top is ArticleScreen { navigation.pop() }
        if let list = navigation.top as? ItemListScreen, list.feed.id != row.feedID {
            navigation.pop()
        }
        if !(navigation.top is ItemListScreen) {
            guard let feed = try store.feedList().first(where: { $0.id == row.feedID }) else { return }
            feedList?.select(feed: feed.id)
            navigation.push(ItemListScreen(store: store, feed: feed, preferences: settings.preferences))
        }
        try openArticle(row.id)
        for case let list as ItemListScreen in navigation.screens { list.select(item: row.id) }
    }

    // MARK: - Reloading

    /// Reloads `targets` in the background, each from the address the store fetches it from
    /// (which differs from its URL after a confirmed permanent redirect).
    private func startReload(_ targets: [FeedFetchTarget]) {
        guard reload == nil else {
            transientMessage = "A reload is already running"
            return
        }
        guard !targets.isEmpty else {
            transientMessage = "Nothing to reload"
            return
        }
        progress = ReloadProgress(total: targets.count)
        logger.info("reloading \(targets.count) feeds")
        reload = fetcher.reload(
            targets.map { FetchRequest(url: $0.url, fetchURL: $0.fetchURL) }, on: .main,
            onEvent: { event in
                MainActor.assumeIsolated { self.handleFetchEvent(event) }
            },
            onComplete: { summary in
                MainActor.assumeIsolated { self.finishReload(summary) }
            })
        startSpinner()
    }

    private func handleFetchEvent(_ event: FetchEvent) {
        guard var current = progress else { return }
        switch event.kind {
        case .started:
            current.started(event.url)
        case .finished(let newItems):
            current.finished(event.url, newItems: newItems, completed: event.completed, total: event.total)
        case .notModified, .cancelled:
            current.finished(event.url, completed: event.completed, total: event.total)
        case .failed(let failure):
            logger.warning("reload of \(event.displayURL) failed: \(failure)")
            current.finished(event.url, failure: "\(failure)", completed: event.completed, total: event.total)
        }
        progress = current
        feedList?.reloading = current.inProgress
        if case .started = event.kind {} else { refreshIfStoreChanged() }
        redraw()
    }

    private func finishReload(_ summary: ReloadSummary) {
        logger.info("reload done: \(summary.succeeded) ok, \(summary.failed) failed, \(summary.newItems) new")
        if let progress { transientMessage = progress.summaryText }
        if settings.maxItems > 0 {
            do {
                try store.applyRetention(defaultMaxItems: settings.maxItems)
            } catch {
                logger.error("cannot apply max-items: \(error)")
            }
        }
        progress = nil
        reload = nil
        feedList?.reloading = []
        stopSpinner()
        refreshScreens()
        redraw()
    }

    /// Turns the spinner of reloading feeds while a reload runs, and only then.
    private func startSpinner() {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .milliseconds(150), repeating: .milliseconds(150), leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.spinnerStep += 1
                self.feedList?.spinnerFrame = Self.spinnerFrames[self.spinnerStep % Self.spinnerFrames.count]
                self.redraw()
            }
        }
        timer.resume()
        spinner = timer
    }

    private func stopSpinner() {
        spinner?.cancel()
        spinner = nil
    }

    // MARK: - Browser

    private func openInBrowser(_ link: String) {
        let url: String
        do {
            url = try BrowserCommand.checkLink(link)
        } catch {
            transientMessage = "Not opened: \(error)"
            logger.info("refused to open a link: \(error)")
            return
        }
        let command: BrowserCommand
        do {
            guard let resolved = try BrowserCommand.resolve(configured: settings.browser, environment: environment) else {
                transientMessage = "No browser found: set the browser option in the config file"
                return
            }
            command = resolved
        } catch {
            transientMessage = "Cannot use the browser option: \(error)"
            return
        }
        let arguments = command.arguments(for: url)
        logger.info("opening \(CredentialRedaction.redact(url)) with \(command.programName)")
        if command.isTextMode(environment: environment) {
            let result = terminal.suspend { BrowserLauncher.runInForeground(arguments) }
            if case .failure(let failure) = result { transientMessage = "Browser failed: \(failure)" }
        } else {
            transientMessage = "Opened in \(command.programName)"
            BrowserLauncher.runDetached(arguments, queue: .main) { failure in
                guard let failure else { return }
                MainActor.assumeIsolated {
                    self.transientMessage = "Browser failed: \(failure)"
                    self.redraw()
                }
            }
        }
    }

    // MARK: - Drawing

    /// Re-reads every list on the stack if anything was written to the cache since the last read
    /// (by this process's reload or by another `tidings` process).
    private func refreshIfStoreChanged() {
        guard let generation = try? store.generation(), generation != lastGeneration else { return }
        refreshScreens()
    }

    func refreshScreens() {
        lastGeneration = (try? store.generation()) ?? lastGeneration
        do {
            try feedList?.refresh()
            for case let list as ItemListScreen in navigation.screens { try list.refresh() }
            try refreshFeedEditingScreens()
        } catch {
            logger.error("cannot read the cache: \(error)")
            transientMessage = "Cannot read the cache: \(error)"
        }
        let unread = feedList?.rows.reduce(0) { $0 + $1.unreadCount } ?? 0
        terminal.setTitle(unread > 0 ? "Tidings (\(unread) unread)" : "Tidings")
    }

    func redraw() {
        guard !isQuitting else { return }
        navigation.statusMessage = transientMessage ?? additionStatus ?? progress?.runningText ?? ""
        var grid = CellGrid(rows: terminal.rows, columns: terminal.columns)
        let cursor = navigation.render(into: &grid)
        terminal.draw(grid, cursor: cursor, park: navigation.top.parkingPosition ?? Position(row: 0, column: 0))
    }

    // MARK: - Quitting

    private func quit(status: Int32) {
        guard !isQuitting else { return }
        isQuitting = true
        stopSpinner()
        for addition in feedAdditions.values { addition.cancel() }
        if let reload {
            reload.cancel()
            _ = reload.wait(timeout: 3)
        }
        terminal.stop()
        if let saved = savedStandardError { dup2(saved, STDERR_FILENO) }
        exit(status)
    }
}
