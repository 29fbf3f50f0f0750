import Configuration
import Dispatch
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import Glibc
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
    /// The question the prompt being typed answers.
    var question: ReaderQuestion?
    /// The yes/no question in the status bar, answered by the next key.
    var confirmation: ReaderConfirmation?
    /// The running reload's progress; nil when none runs.
    private var progress: ReloadProgress?
    private var spinnerStep = 0
    /// A frame is due (see `send`).
    private var needsRedraw = false
    private var isRedrawScheduled = false
    /// True from `r`/`R` until the feeds to reload are known.
    private var isAskingForReload = false
    /// True while a sync with the feed server runs (`urls-source "fever"`).
    private var isSyncing = false
    /// True while a reload (or a sync) runs.
    public var isReloading: Bool { progress != nil || isAskingForReload || isSyncing }
    /// Feeds being fetched to be added, by URL.
    var additions: Set<String> = []
    /// A feed to select once the lists list it (one just added).
    var pendingSelection: String?
    /// Full articles being fetched (ReaderApp+FullArticle.swift).
    var fullArticleFetches = FullArticleFetches()
    /// For an address typed without a scheme and fetched over HTTPS: the HTTP URL to try if that fails.
    var httpFallbacks: [String: String] = [:]
    /// The feed being fetched to be added, with the text typed for it, while no key has been
    /// pressed since: if it is refused, the prompt comes back with that text.
    var awaitedAddition: (url: String, typed: String)?
    /// Every feed is to be reloaded once the urls file's change is in the store (newsboat's feeds
    /// just brought over).
    private var reloadsWhenListed = false
    /// The macro prefix was pressed: the next key names the macro.
    var awaitsMacroKey = false
    /// Lines typed at the command line, oldest first (Up/Down bring them back).
    var commandHistory: [String] = []

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
            let terminal = try CursesTerminal()
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
            let screen = FeedListScreen(storeView: storeView, preferences: settings.preferences, queryFeeds: settings.queryFeeds)
            feedList = screen
            navigation = NavigationController(root: screen)
        }
        navigation.statusHint = "?:Help"
        useTheme()
    }

    /// Colours the bars and the background as the theme says; without colours (NO_COLOR, a
    /// monochrome terminal) the theme was made reverse video first.
    func useTheme() {
        let theme = settings.preferences.theme
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
        // file's list would unsubscribe them all.
        if let subscriptions = settings.subscriptions, settings.syncAccount == nil {
            effects.append(.syncSubscriptions(subscriptions))
        } else {
            refreshScreens()
        }
        // After the feeds are in line (the same write queue), so that a rule for one feed finds it.
        effects += [.applyKillfile(settings.killfile), .writeLeftOverMarks]
        // Articles a reload stored without indexing their text (one that ended early, or a
        // `tidings reload` still running) are indexed now.
        effects += [.indexStoredBodies, .watchCache]
        if let warning = settings.warnings.first {
            let first = Self.sentence(warning)
            transientMessage = settings.warnings.count == 1 ? first : "\(first) (and \(settings.warnings.count - 1) more in the log)"
            for warning in settings.warnings { logger.warning("\(warning)") }
        }
        guard feedList != nil else { return effects + storeView.takeReads().map { .load($0) } }
        if settings.refreshOnStartup {
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
        case .syncFailed(let text):
            transientMessage = text
            refreshScreens()
        case .fetchEvent(let event):
            return (handleFetchEvent(event), true)
        case .reloadFinished(let summary):
            return (finishReload(summary), true)
        case .syncFinished(let result):
            return (finishSync(result), true)
        case .spinnerTick:
            spinnerStep += 1
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
        case .saveWouldReplace(let article, let path):
            return (confirm(.replaceFile(article, path: path)), true)
        case .urlsFileEdited(let outcome):
            if outcome.changed && feedList == nil {
                showFeedListAfterFirstRun()
                queue([.autoReload(minutes: settings.autoReloadMinutes)])
            }
            if let text = outcome.message { transientMessage = text }
            if outcome.changed && reloadsWhenListed {
                reloadsWhenListed = false
                return (perform(.reloadAll) + [.checkGeneration], true)
            }
            if let url = outcome.selectURL { pendingSelection = url }
            if outcome.changed { refreshScreens() }
            return (outcome.changed ? [.checkGeneration] : [], true)
        }
        return ([], true)
    }

    /// Hands the answer of a read to whoever asked.
    private func take(_ result: Result<StoreAnswer, any Error>, for reply: StoreRead.Reply) -> [ReaderEffect] {
        if case .screen(let number) = reply {
            storeView.deliver(number, result)
            selectPendingFeed()
            return []
        }
        let answer: StoreAnswer
        do {
            answer = try result.get()
        } catch {
            logger.error("cannot read the cache: \(error)")
            switch reply {
            case .openArticle: transientMessage = "Cannot open the article: \(error)"
            case .articleAction: transientMessage = "Cannot read the article: \(error)"
            case .reload: isAskingForReload = false
            case .screen, .unreadJump, .firstSync, .automaticFullArticles: break
            }
            return reply == .unreadJump(forward: true) || reply == .unreadJump(forward: false) ? jumpTo(nil, forward: reply == .unreadJump(forward: true)) : []
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
                awaitedAddition = nil
                if let pending = confirmation {
                    confirmation = nil
                    effects += answer(pending, with: key)
                } else if awaitsMacroKey {
                    awaitsMacroKey = false
                    effects += runMacro(key)
                } else if let top, startsMacro(key, on: top) {
                    awaitsMacroKey = true
                    transientMessage = "Macro: press its key"
                } else if let top, opensCommandLine(key, on: top) {
                    askForCommand()
                } else {
                    let unbound = top.map { isUnbound(key, on: $0) } ?? false
                    if let intent = navigation.handle(key) {
                        effects += perform(intent)
                    } else if unbound {
                        transientMessage = "\(key): not bound here — ? for help"
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
        let screen = FeedListScreen(storeView: storeView, preferences: settings.preferences)
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

    // MARK: - Intents

    /// What an intent from a screen does: the screen stack changes here; everything else is an
    /// effect.
    func perform(_ intent: ReaderIntent) -> [ReaderEffect] {
        if settings.syncAccount != nil, intent.editsUrlsFile {
            // The server's list is the truth; editing the urls file would also rewrite the
            // cache's feeds from it and drop the server's.
            transientMessage = "Feeds are managed on the feed server (urls-source \"fever\")"
            return []
        }
        switch intent {
        case .openFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            navigation.push(ItemListScreen(storeView: storeView, feed: feed, preferences: settings.preferences))
        case .openItem(let id):
            return [.load(StoreRead(query: .article(id, articleRendering), reply: .openArticle(id)))]
        case .withArticle(let id, let action):
            return [.load(StoreRead(query: .article(id, articleRendering), reply: .articleAction(action)))]
        case .back:
            navigation.pop()
        case .quit:
            if settings.confirmsExit { return confirm(.quit) }
            return quit(status: 0)
        case .reloadFeed(let id):
            // A feed server syncs everything at once: its id lists cover every feed.
            if settings.syncAccount != nil { return startSync() }
            return askForReload(only: id)
        case .reloadAll:
            if settings.syncAccount != nil { return startSync() }
            return askForReload(only: nil)
        case .openInBrowser(let url):
            return openInBrowser(url)
        case .nextUnread(let from):
            return [.load(StoreRead(query: .unreadArticle(from: from, forward: true, articleRendering), reply: .unreadJump(forward: true)))]
        case .previousUnread(let from):
            return [.load(StoreRead(query: .unreadArticle(from: from, forward: false, articleRendering), reply: .unreadJump(forward: false)))]
        case .toggleRead(let id):
            guard let state = shownState(ofItem: id) else { return [] }
            transientMessage = state.isRead ? "Marked unread" : "Marked read"
            return mark(.read(id, feed: state.feedID, isRead: !state.isRead, wasRead: state.isRead))
        case .markFeedRead(let id):
            let count = listedFeed(id)?.unreadCount ?? 0
            transientMessage = count == 1 ? "Marked 1 article read" : "Marked \(count) articles read"
            return mark(.feedRead(id, seenBy: now))
        case .markAllFeedsRead:
            return confirm(.markAllFeedsRead)
        case .toggleStarred(let id):
            guard let state = shownState(ofItem: id) else { return [] }
            transientMessage = state.isStarred ? "Star removed" : "Starred: find it under Starred in the feed list"
            return mark(.starred(id, isStarred: !state.isStarred, wasStarred: state.isStarred))
        case .showHelp:
            navigation.push(HelpScreen(for: top?.keyContext ?? .feedList, keyMap: settings.preferences.keyMap))
        case .status(let message):
            transientMessage = message.isEmpty ? nil : message
        case .addFeed(let tag): ask(.addFeed(tag: tag))
        case .switchFeed(let id, let forward):
            guard let next = screens.reversed().lazy.compactMap({ ($0 as? any FeedListing)?.feed(besides: id, forward: forward) }).first else {
                transientMessage = forward ? "No feed after this one" : "No feed before this one"
                return []
            }
            navigation.pop()
            for case let list as any FeedListing in screens { list.select(feedURL: next.url) }
            navigation.push(ItemListScreen(storeView: storeView, feed: next, preferences: settings.preferences))
        case .toggleShowRead(let articles):
            // As `:set show-read-articles!` would: the option changes for the rest of the session.
            if articles {
                changeOption("show-read-articles", to: settings.preferences.hidesReadArticles ? "yes" : "no")
                transientMessage = settings.preferences.hidesReadArticles ? "Read articles hidden" : "Read articles shown"
            } else {
                changeOption("show-read-feeds", to: settings.preferences.hidesFeedsWithoutUnread ? "yes" : "no")
                transientMessage = settings.preferences.hidesFeedsWithoutUnread ? "Feeds with nothing unread hidden" : "Every feed shown"
            }
        case .useNewsboatFiles(let files):
            reloadsWhenListed = true
            return [.editUrlsFile(UrlsFileEdit(change: .useNewsboatFiles(files, configPath: settings.configPath)))]
        case .renameFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            ask(.rename(feed), text: feed.customTitle ?? feed.feedTitle ?? "")
        case .editTags(let id):
            guard let feed = listedFeed(id) else { return [] }
            ask(.tags(feed), text: Self.tagsPromptText(feed.tags))
        case .deleteFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            return confirm(.delete(feed))
        case .moveFeed(let id, let neighbourID):
            guard let feed = listedFeed(id), let neighbour = listedFeed(neighbourID) else { return [] }
            return [.editUrlsFile(UrlsFileEdit(change: .swap(feed.url, neighbour.url)))]
        case .showTags:
            navigation.push(TagListScreen(storeView: storeView, preferences: settings.preferences))
        case .showTag(let tag):
            let screen = FeedListScreen(storeView: storeView, preferences: settings.preferences, tag: tag)
            screen.refresh()
            navigation.push(screen)
            showReloading()
        case .chooseSortOrder(let question):
            return confirm(.sortOrder(question))
        case .showStarred:
            navigation.push(CrossFeedListScreen(.starred, storeView: storeView, preferences: settings.preferences))
        case .openQueryFeed(let feed, let counts):
            navigation.push(CrossFeedListScreen(.query(feed), storeView: storeView, counts: counts, preferences: settings.preferences))
        case .askForFilter:
            ask(.filter)
        case .chooseFilter:
            guard !settings.definedFilters.isEmpty else {
                transientMessage = "No filter is defined: add define-filter lines to the config file"
                return []
            }
            ask(.definedFilter(settings.definedFilters))
        case .openSearch(let text):
            ask(.search, text: text)
        case .fetchFullArticle(let id, let link):
            return fetchFullArticle(id, link: link)
        case .showURLs(let urls, let title):
            navigation.push(URLViewScreen(urls: urls, articleTitle: title, preferences: settings.preferences))
        case .openEnclosure(let url):
            return openInBrowser(url, using: settings.articleActions.player)
        case .enqueue(let item):
            return enqueue(item)
        case .saveArticle(let article):
            askWhereToSave(article)
        case .pipeArticle(let article):
            ask(.pipeCommand(article))
        }
        return []
    }

    /// The feed row with `id` as the screens list it, the top one first.
    private func listedFeed(_ id: FeedID) -> FeedListRow? {
        screens.reversed().lazy.compactMap { ($0 as? any FeedRowsScreen)?.listedFeed(id) }.first
    }

    /// An article's marks as the screens show them, the top one first.
    private func shownState(ofItem id: ItemID) -> ItemState? {
        screens.reversed().lazy.compactMap { ($0 as? any MarksScreen)?.shownState(ofItem: id) }.first
    }

    /// Marks every feed of the feed list read, each as `A` would (`mark-all-feeds-read`, after `y`).
    func markAllFeedsRead() -> [ReaderEffect] {
        let feeds = (feedList?.rows ?? []).filter { $0.unreadCount > 0 }
        let count = feeds.reduce(0) { $0 + $1.unreadCount }
        transientMessage = count == 1 ? "Marked 1 article read" : "Marked \(count) articles read"
        return feeds.flatMap { mark(.feedRead($0.id, seenBy: now)) }
    }

    /// Shows `mark` on every screen at once and queues its write.
    private func mark(_ mark: ItemMark) -> [ReaderEffect] {
        let number = storeView.pendingMarks.add(mark)
        for case let article as any ArticleShowing in screens { article.noteMark(mark) }
        return [.writeMarks([NumberedMark(number: number, mark: mark)])]
    }

    // MARK: - Articles

    /// How articles are rendered for the article view now.
    private var articleRendering: StoreQuery.ArticleRendering {
        StoreQuery.ArticleRendering(preferences: settings.preferences, fullArticle: settings.fullArticle)
    }

    /// Opens an article (marking it read) once it has been read from the store.
    private func showArticle(_ id: ItemID, _ loaded: LoadedArticle?) -> [ReaderEffect] {
        guard let loaded else {
            transientMessage = "This article is no longer in the cache"
            return []
        }
        var item = loaded.item
        var effects: [ReaderEffect] = []
        let state = shownState(ofItem: id) ?? ItemState(feedID: item.feedID, isRead: item.isRead, isStarred: item.isStarred)
        item.isStarred = state.isStarred
        if !state.isRead {
            effects = mark(.read(id, feed: item.feedID, isRead: true, wasRead: false))
        }
        item.isRead = true
        navigation.push(ArticleScreen(item: item, rendered: loaded.rendered, fullArticle: loaded.fullArticle,
                                      showsFullArticle: loaded.opensFullArticle, preferences: settings.preferences))
        return effects
    }

    /// Shows the article `n`/`p` found with its feed's item list underneath, as if opened by hand.
    private func jumpTo(_ jump: UnreadJump?, forward: Bool) -> [ReaderEffect] {
        guard let jump, let feed = jump.feed else {
            transientMessage = forward ? "No more unread articles" : "No earlier unread articles"
            return []
        }
        while let closing = top as? any JumpClosedScreen, closing.closesWhenJumping(toFeed: feed.id), navigation.pop() != nil {}
        if (top as? any ArticleListing)?.listsArticles(ofFeed: feed.id) != true {
            feedList?.select(feed: feed.id)
            navigation.push(ItemListScreen(storeView: storeView, feed: feed, preferences: settings.preferences))
        }
        let effects = showArticle(jump.row.id, jump.article)
        for case let list as any ArticleListing in screens { list.select(item: jump.row.id) }
        return effects
    }

    // MARK: - Reloading

    /// Reads the feeds to reload (every one, or only `feed`) once the writes before are done.
    private func askForReload(only feed: FeedID?) -> [ReaderEffect] {
        guard !isReloading else {
            transientMessage = "A reload is already running"
            return []
        }
        isAskingForReload = true
        return [.load(StoreRead(query: .feedsToFetch(only: feed), reply: .reload, waitsForWrites: true))]
    }

    /// Reloads `targets` in the background, each from the address the store fetches it from
    /// (which differs from its URL after a confirmed permanent redirect).
    private func startReload(_ targets: [FeedFetchTarget]) -> [ReaderEffect] {
        isAskingForReload = false
        guard progress == nil else {
            transientMessage = "A reload is already running"
            return []
        }
        guard !targets.isEmpty else {
            transientMessage = "Nothing to reload"
            return []
        }
        progress = ReloadProgress(total: targets.count)
        fullArticleFetches.reloadStarted = now
        return [.reload(targets), .spinner(running: true)]
    }

    /// Syncs with the feed server in the background (`r`, `R`, start, auto-reload).
    private func startSync() -> [ReaderEffect] {
        guard !isReloading else {
            transientMessage = "A sync is already running"
            return []
        }
        if case .failure(let problem) = settings.syncAccount {
            transientMessage = "Cannot sync: \(problem)"
            return []
        }
        isSyncing = true
        return [.sync]
    }

    private func finishSync(_ result: Result<SyncOutcome, SyncFailureLine>) -> [ReaderEffect] {
        isSyncing = false
        switch result {
        case .success(let outcome):
            logger.info("sync done: \(outcome.feeds) feeds, \(outcome.newArticles) new articles, \(outcome.changedStates) marks changed")
            transientMessage = outcome.newArticles == 1 ? "Synced: 1 new article" : "Synced: \(outcome.newArticles) new articles"
        case .failure(let failure):
            logger.warning("sync failed: \(failure)")
            transientMessage = "Sync failed: \(failure)"
        }
        refreshScreens()
        var effects: [ReaderEffect] = [.checkGeneration]
        if case .success = result, settings.maxItems > 0 { effects.append(.applyRetention(maxItems: settings.maxItems)) }
        return effects
    }

    private func handleFetchEvent(_ event: FetchEvent) -> [ReaderEffect] {
        guard var current = progress else { return [] }
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
        showReloading()
        return []
    }

    private func finishReload(_ summary: ReloadSummary) -> [ReaderEffect] {
        logger.info("reload done: \(summary.succeeded) ok, \(summary.failed) failed, \(summary.newItems) new")
        if let progress { transientMessage = progress.summaryText }
        progress = nil
        showReloading()
        var effects: [ReaderEffect] = [.spinner(running: false), .checkGeneration]
        if settings.maxItems > 0 { effects.append(.applyRetention(maxItems: settings.maxItems)) }
        return effects + [.indexStoredBodies] + fullArticlesAfterReload()
    }

    /// Every screen shows which feeds are being reloaded (a tag's feed list too).
    private func showReloading() {
        let frame = Self.spinnerFrames[spinnerStep % Self.spinnerFrames.count]
        for case let list as any FeedListing in screens { list.showReloading(progress?.inProgress ?? [], spinnerFrame: frame) }
    }

    // MARK: - Browser

    /// Opens `link` with the browser, or with `program` (the `player` option) when it is set.
    private func openInBrowser(_ link: String, using program: String? = nil) -> [ReaderEffect] {
        let url: String
        do {
            url = try BrowserCommand.checkLink(link)
        } catch {
            transientMessage = "Not opened: \(error)"
            logger.info("refused to open a link: \(error)")
            return []
        }
        let command: BrowserCommand
        do {
            guard let resolved = try BrowserCommand.resolve(configured: program ?? settings.browser, environment: environment) else {
                transientMessage = "No browser found: set the browser option in the config file"
                return []
            }
            command = resolved
        } catch {
            transientMessage = "Cannot use the \(program == nil ? "browser" : "player") option: \(error)"
            return []
        }
        logger.info("opening \(CredentialRedaction.redact(url)) with \(command.programName)")
        let textMode = command.isTextMode(environment: environment)
        if !textMode { transientMessage = "Opened in \(command.programName)" }
        return [.openBrowser(command, url: url, textMode: textMode)]
    }

    // MARK: - Drawing

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
        transientMessage ?? additionStatus ?? progress?.runningText
            ?? (isSyncing ? "Syncing with the feed server…" : nil) ?? fullArticleStatus ?? ""
    }

    func redraw() {
        guard !isQuitting else { return }
        draw()
    }

    /// Draws a frame, then has the rows it lacked read (a list's pages are asked for as they are
    /// drawn).
    private func draw() {
        needsRedraw = false
        navigation.statusMessage = statusText
        var grid = CellGrid(rows: terminal.rows, columns: terminal.columns)
        let cursor = navigation.render(into: &grid)
        let unread = feedList?.rows.reduce(0) { $0 + $1.unreadCount } ?? 0
        terminal.setTitle(unread > 0 ? "Tidings (\(unread) unread)" : "Tidings")
        terminal.draw(grid, cursor: cursor, park: navigation.top.parkingPosition ?? Position(row: 0, column: 0))
        perform(storeView.takeReads().map { .load($0) })
    }

    // MARK: - Quitting

    private func quit(status: Int32) -> [ReaderEffect] {
        guard !isQuitting else { return [] }
        // Drawn as the last frame (see `send`): the transfers take a moment to stop.
        if isReloading { transientMessage = "Stopping…" }
        isQuitting = true
        return [.quit(status: status)]
    }
}
