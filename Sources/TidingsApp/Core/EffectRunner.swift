import Configuration
import Dispatch
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import ImageRendering
import Logging
import TerminalUI

/// Carries out the reader's effects and turns their results into messages, sent back through
/// the reader's one entry point on the main queue.
///
/// The main thread never touches SQLite: reads run on one serial queue (WAL lets them run
/// while another connection writes), writes on another, so a reload holding the store's writer,
/// or a `tidings reload` from cron, delays only the writes — never a key or a frame. Marks are
/// journalled before they are queued (see `MarkJournal`). The fetcher posts its events to the
/// main queue; timers fire there. Only the terminal's own work (suspending for a text-mode
/// browser, repainting, stopping) runs on the main thread.
@MainActor
public final class EffectRunner {
    private let store: FeedStore
    private let journal: MarkJournal
    private var fetcher: FeedFetcher
    private let urlsPath: String
    private let cachePath: String
    private var options: Options
    private let terminal: any Terminal
    private let logger: Logger
    /// Where messages go: `ReaderApp.send`.
    var send: @MainActor (ReaderMessage) -> Void = { _ in }
    /// How the process ends (the real reader exits; the headless one records the status).
    public var exit: @MainActor (Int32) -> Void
    /// Called once a result has been reported back and its message handled, so that the headless
    /// reader's waits resume on it rather than poll ``isIdle``.
    public var reported: @MainActor () -> Void = {}

    private let readQueue = DispatchQueue(label: "tidings.reader.reads", qos: .userInteractive)
    /// Reads asked for by a key (the article Enter opens, where `n` leads), apart from the
    /// screens' refreshes: while another process writes, every key queues refreshes, and the
    /// article must not wait behind them.
    private let keyReadQueue = DispatchQueue(label: "tidings.reader.key-reads", qos: .userInteractive)
    private let writeQueue = DispatchQueue(label: "tidings.reader.writes", qos: .userInitiated)
    /// Files the article actions write (the podcast queue, saved articles).
    private let fileQueue = DispatchQueue(label: "tidings.reader.files", qos: .userInitiated)
    /// Syncs and sends of marks to the feed server, one at a time (`urls-source`).
    private let syncQueue = DispatchQueue(label: "tidings.reader.sync", qos: .userInitiated)
    /// Nil unless a feed server is configured and usable.
    private let synchronizer: Synchronizer?
    /// True under a feed server (set up or not): the urls file's feeds go beside the server's.
    private let syncsWithServer: Bool
    /// Whether a send of queued marks waits to start (see `sendQueuedChanges`).
    private let pendingSend = PendingSend()
    private var reload: Reload?
    private var additions: [String: Reload] = [:]
    private let timers: any TimerSource
    /// Each stops its timer.
    private var stopSpinner: (@MainActor () -> Void)?
    private var stopAutoReload: (@MainActor () -> Void)?
    private var cacheWatcher: CacheWatcher?
    /// What quitting tidies in the cache (`.tidyOnQuit`), done in `end`.
    private var quitTidying: QuitTidying?
    /// A job reads the options when it starts: `:set` may have changed them since.
    private lazy var fullArticles = FullArticleFetcher { [unowned self] id, link in
        FullArticleJob(id: id, link: link, store: self.store, fetchOptions: self.options.fetch,
                       options: self.options.fullArticle, preferences: self.options.preferences)
    }
    /// The article view's pictures, cached on disk beside the cache file.
    private lazy var images = ImageLoader(cache: ImageCache(
        directory: URL(fileURLWithPath: cachePath).deletingLastPathComponent().appendingPathComponent("images", isDirectory: true)))
    /// Reads, writes and fetches started and not yet reported back.
    private(set) var outstanding = 0

    /// What `:set` can change of how fetches are made (``ReaderEffect/useOptions(_:)``).
    struct Options: Equatable, Sendable {
        var fetch: FetchOptions
        var fullArticle: FullArticleOptions
        var preferences: ReaderPreferences

        init(_ settings: ReaderSettings) {
            fetch = settings.fetchOptions
            fullArticle = settings.fullArticle
            preferences = settings.preferences
        }
    }

    /// - Parameter timers: where the spinner's and auto-reload's ticks come from (a test's clock
    ///   moved by hand, or Dispatch timers).
    public init(store: FeedStore, settings: ReaderSettings, cache: any FeedCache, terminal: any Terminal,
                timers: any TimerSource = DispatchTimerSource(), exit: @escaping @MainActor (Int32) -> Void) {
        self.store = store
        store.resetUnreadOnUpdate(feedURLs: settings.lifecycle.resetUnreadFeedURLs)
        self.timers = timers
        journal = MarkJournal(cachePath: settings.cachePath)
        urlsPath = settings.urlsPath
        cachePath = settings.cachePath
        options = Options(settings)
        self.terminal = terminal
        self.exit = exit
        logger = Logger(label: "tidings.reader")
        fetcher = FeedFetcher(cache: cache, options: settings.fetchOptions, logger: Logger(label: "tidings.fetch"))
        syncsWithServer = settings.syncAccount != nil
        if case .success(let account)? = settings.syncAccount {
            synchronizer = Synchronizer(account: account, store: store, keepingLocalFeeds: settings.syncsLocalFeeds)
        } else {
            synchronizer = nil
        }
    }

    /// True when nothing started is still to report back (no read, write or fetch running).
    public var isIdle: Bool { outstanding == 0 }

    func run(_ effects: [ReaderEffect]) {
        for effect in effects { run(effect) }
    }

    // MARK: - Store

    private func onReadQueue(_ work: @escaping @Sendable () -> ReaderMessage) {
        on(readQueue, work)
    }

    private func on(_ queue: DispatchQueue, _ work: @escaping @Sendable () -> ReaderMessage) {
        outstanding += 1
        queue.async { [weak self] in
            let message = work()
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.report(message) } }
        }
    }

    private func onWriteQueue(_ work: @escaping @Sendable () -> ReaderMessage?) {
        outstanding += 1
        writeQueue.async { [weak self] in
            let message = work()
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.report(message) } }
        }
    }

    private func report(_ message: ReaderMessage?) {
        outstanding -= 1
        if let message { send(message) }
        reported()
    }

    /// Brings the cache's feeds in line with the urls file (`.storeChanged` when done); the
    /// first write of a run, so that the lists are read only once it has landed.
    private func syncSubscriptions(_ subscriptions: [Subscription]) {
        // Only with `sync-local-feeds` under a feed server (see `ReaderApp.begin`).
        let store = store, logger = logger, besideServer = syncsWithServer
        onWriteQueue {
            do {
                try store.syncSubscriptions(subscriptions, keepingServerFeeds: besideServer)
            } catch {
                logger.error("cannot bring the cache in line with the urls file: \(error)")
                // The lists show what the cache holds; the next edit or start tries again.
                return .syncFailed("The cache does not list the urls file's feeds yet: \(error)")
            }
            return .storeChanged
        }
    }

    /// Applies the killfile to the articles already stored (a background write; the screens read
    /// again when it changed anything). Reloads apply it from now on, through the store.
    private func applyKillfile(_ killfile: Killfile) {
        store.useKillfile(killfile)
        let store = store, logger = logger
        onWriteQueue {
            do {
                let (hidden, shown) = try store.applyKillfile(killfile)
                if hidden + shown > 0 { logger.info("killfile: \(hidden) articles hidden, \(shown) shown again") }
                return hidden + shown > 0 ? .storeChanged : nil
            } catch {
                logger.error("cannot apply the killfile: \(error)")
                return .status("The killfile is not applied to stored articles yet: \(error)")
            }
        }
    }

    /// Writes the marks a previous run left in the journal, before anything else is written.
    private func writeLeftOverMarks() {
        let marks = journal.leftOver()
        guard !marks.isEmpty else { return }
        let store = store, journal = journal, logger = logger
        logger.info("writing \(marks.count) marks left unwritten by the last run")
        onWriteQueue {
            let failure = Self.write(marks, to: store, logger: logger)
            if failure == nil { journal.clearLeftOver() }
            return failure.map { .status("Marks of the last session not written yet: \($0)") } ?? .storeChanged
        }
        sendQueuedChanges()
    }

    private func writeMarks(_ marks: [NumberedMark]) {
        guard let last = marks.last?.number else { return }
        guard !store.isReadOnly else {
            // Kept for no later start either: this user cannot write the cache then either.
            let path = store.path
            onWriteQueue { .status("Not saved: \(StoreError.readOnly(path: path))") }
            return
        }
        journal.append(marks.map(\.mark))
        let store = store, journal = journal, logger = logger
        onWriteQueue {
            if let failure = Self.write(marks.map(\.mark), to: store, logger: logger) {
                return .status("Not written yet (kept for the next start): \(failure)")
            }
            journal.written(marks.count)
            return .marksWritten(through: last, generation: (try? store.generation()) ?? 0)
        }
        sendQueuedChanges()
    }

    /// Sends the marks queued in the cache for the feed server, after the writes queued so far
    /// (which queued them); when the server cannot be reached they wait for the next sync.
    ///
    /// A send that has not started yet takes every mark queued before it starts, so marks made
    /// meanwhile ride with it: offline, twenty marks cost at most two attempts, not twenty
    /// connection timeouts queued in front of the next sync.
    private func sendQueuedChanges() {
        guard let synchronizer, pendingSend.claim() else { return }
        let logger = logger, writeQueue = writeQueue, pendingSend = pendingSend
        outstanding += 1
        syncQueue.async { [weak self] in
            pendingSend.start()
            // The marks are in the cache's queue once the writes before this one are done.
            writeQueue.sync {}
            do {
                let sent = try synchronizer.sendQueuedChanges()
                if sent > 0 { logger.info("sent \(sent) marks to the feed server") }
            } catch {
                logger.info("marks not sent, kept for the next sync: \(error)")
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.report(nil) } }
        }
    }

    /// Writes `marks`, waiting for the store's writer as long as it takes a reload to finish
    /// (each attempt waits out the busy timeout); the reason of the last failure otherwise.
    private nonisolated static func write(_ marks: [ItemMark], to store: FeedStore, logger: Logger) -> String? {
        var lastFailure: String?
        for attempt in 0..<6 {
            do {
                for mark in marks { try mark.write(to: store) }
                return nil
            } catch {
                lastFailure = "\(error)"
                logger.warning("writing marks failed (attempt \(attempt + 1)): \(error)")
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
        return lastFailure
    }

    // MARK: - Effects

    private func run(_ effect: ReaderEffect) {
        let store = store
        switch effect {
        case .load(let read):
            // A read that waits for the writes before it goes on the write queue, behind them.
            let work: @Sendable () -> ReaderMessage = { .loaded(read, Result { try read.query.answer(from: store) }) }
            if read.waitsForWrites {
                onWriteQueue(work)
            } else if case .screen = read.reply {
                onReadQueue(work)
            } else {
                on(keyReadQueue, work)
            }
        case .checkGeneration:
            onReadQueue { (try? store.generation()).map { .generation($0) } ?? .storeChanged }
        case .writeMarks(let marks):
            writeMarks(marks)
        case .writeLeftOverMarks:
            writeLeftOverMarks()
        case .syncSubscriptions(let subscriptions):
            syncSubscriptions(subscriptions)
        case .applyKillfile(let killfile):
            applyKillfile(killfile)
        case .settleMarks(let number):
            onReadQueue { .marksSettled(through: number) }
        case .applyRetention(let maxItems, let keepDays, let keeping, let now):
            let logger = logger
            onWriteQueue {
                do {
                    if maxItems > 0 { try store.applyRetention(defaultMaxItems: maxItems) }
                    try store.deleteArticles(olderThanDays: keepDays, keeping: keeping, now: now)
                    return .storeChanged
                } catch {
                    logger.error("cannot apply max-items or keep-articles-days: \(error)")
                    return nil
                }
            }
        case .deleteArticles(let deletion):
            let logger = logger
            onWriteQueue {
                do {
                    return .articlesDeleted(try deletion.apply(to: store))
                } catch {
                    logger.error("cannot delete articles: \(error)")
                    return .status("Not deleted: \(error)")
                }
            }
        case .tidyOnQuit(let tidying):
            quitTidying = tidying
        case .indexStoredBodies:
            let logger = logger
            onWriteQueue {
                do {
                    let waiting = try store.indexStoredBodies()
                    // The reload's writes are over: the write-ahead log gives its space back.
                    if waiting == 0 { store.checkpoint() }
                    return .bodiesIndexed(waiting: waiting)
                } catch {
                    logger.error("cannot index the articles' text for search: \(error)")
                    return nil
                }
            }
        case .editUrlsFile(let edit):
            let path = urlsPath
            onWriteQueue { .urlsFileEdited(edit.apply(urlsPath: path, store: store)) }
        case .runUrlsEditor(let arguments):
            runUrlsEditor(arguments)
        case .reload(let targets):
            startReload(targets)
        case .sync:
            sync()
        case .manageServerFeed(let edit):
            manageServerFeed(edit)
        case .fetchForAdding(let url, let tag):
            fetchForAdding(url, tag: tag)
        case .fetchFullArticle(let id, let link, let automatic):
            outstanding += 1
            fullArticles.fetch(id, link: link, automatic: automatic) { [weak self] result in
                self?.report(.fullArticleFetched(id, result, automatic: automatic))
            }
        case .loadImage(let request, let id):
            outstanding += 1
            images.load(request, id: id, options: options.fetch) { [weak self] result in
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.report(.imageLoaded(request, id: id, result)) } }
            }
        case .openBrowser(let command, let url, let textMode):
            openBrowser(command, url: url, textMode: textMode)
        case .enqueue(let url, let queue, let target):
            on(fileQueue) { Self.enqueue(url, in: queue, to: target) }
        case .saveText(let article, let path, let replacing):
            on(fileQueue) { Self.save(article, to: path, replacing: replacing) }
        case .planSaveAll(let query, let directory, let restrictsNames):
            on(fileQueue) {
                do {
                    guard case .rows(let rows) = try query.answer(from: store) else { throw StoreAnswer.Mismatch() }
                    return .saveAllPlanned(try SaveAll.plan(rows, into: directory, restrictsNames: restrictsNames))
                } catch {
                    return .status("Nothing saved: \(error)")
                }
            }
        case .saveAll(let plan, let rendering):
            on(fileQueue) { .savedAll(plan.write(from: store, rendering: rendering)) }
        case .pipe(let arguments, let text):
            pipe(text, to: arguments)
        case .viewURLs(let arguments, let text):
            viewURLs(text, with: arguments)
        case .notify(let message, let program, let beeps, let inStatusLine):
            notify(message, program: program, beeps: beeps, inStatusLine: inStatusLine)
        case .bookmark(let arguments, let interactive):
            bookmark(with: arguments, interactive: interactive)
        case .page(let arguments, let text):
            page(text, with: arguments)
        case .readHistories(let files, let limit):
            let logger = logger
            on(fileQueue) { Self.readHistories(files, limit: limit, logger: logger) }
        case .writeHistories(let files, let commandLine, let search):
            let logger = logger
            // Waited for by `end`, as the reader quits.
            fileQueue.async { Self.writeHistories(files, commandLine: commandLine, search: search, logger: logger) }
        case .spinner(let running):
            setSpinner(running: running)
        case .autoReload(let minutes):
            startAutoReload(minutes: minutes)
        case .watchCache:
            // A `tidings reload` from cron shows up with no key pressed; the generation tells
            // whether anything the screens show has changed.
            cacheWatcher = CacheWatcher(cachePath: cachePath) { [unowned self] in self.run(.checkGeneration) }
        case .useOptions(let options):
            self.options = options
            fetcher.options = options.fetch
        case .repaint:
            terminal.invalidate()
        case .suspendProcess:
            terminal.suspend { _ = kill(getpid(), SIGSTOP) }
        case .quit(let status):
            quit(status: status)
        }
    }

    private func startReload(_ targets: [FeedFetchTarget]) {
        guard reload == nil else { return }
        outstanding += 1
        logger.info("reloading \(targets.count) feeds")
        reload = fetcher.reload(
            targets.map { FetchRequest(url: $0.url, fetchURL: $0.fetchURL) }, on: .main,
            onEvent: { event in
                MainActor.assumeIsolated { [weak self] in self?.send(.fetchEvent(event)) }
            },
            onComplete: { summary in
                MainActor.assumeIsolated { [weak self] in
                    guard let self else { return }
                    self.reload = nil
                    self.report(.reloadFinished(summary))
                }
            })
    }

    private func sync() {
        guard let synchronizer else {
            // `ReaderApp` asks only with a usable account; say so rather than spin forever.
            send(.syncFinished(.failure(SyncFailureLine(line: "no feed server is configured"))))
            return
        }
        logger.info("syncing with \(synchronizer.account)")
        let writeQueue = writeQueue
        on(syncQueue) {
            // Marks written before the sync is asked for are queued in the cache by then.
            writeQueue.sync {}
            do {
                return .syncFinished(.success(try synchronizer.sync()))
            } catch {
                return .syncFinished(.failure(SyncFailureLine(error)))
            }
        }
    }

    private func manageServerFeed(_ edit: ServerFeedEdit) {
        guard let synchronizer else {
            send(.serverFeedEdited(edit, .failure(SyncFailureLine(line: "no feed server is configured"))))
            return
        }
        logger.info("changing a feed on \(synchronizer.account): \(edit.change)")
        let writeQueue = writeQueue
        on(syncQueue) {
            writeQueue.sync {}
            do {
                return .serverFeedEdited(edit, .success(try edit.apply(with: synchronizer)))
            } catch {
                return .serverFeedEdited(edit, .failure(SyncFailureLine(error)))
            }
        }
    }

    private func fetchForAdding(_ url: String, tag: String?) {
        guard additions[url] == nil else { return }
        let capture = CapturingFeedCache()
        let fetcher = FeedFetcher(cache: capture, options: options.fetch, logger: Logger(label: "tidings.fetch"))
        outstanding += 1
        additions[url] = fetcher.reload(
            [FetchRequest(url: url)], on: .main,
            onComplete: { summary in
                MainActor.assumeIsolated { [weak self] in
                    guard let self else { return }
                    self.additions[url] = nil
                    self.report(.fetchedForAdding(url: url, tag: tag, capture: capture.capture, summary: summary))
                }
            })
    }

    private func openBrowser(_ command: BrowserCommand, url: String, textMode: Bool) {
        let arguments = command.arguments(for: url)
        if textMode {
            let result = terminal.suspend { BrowserLauncher.runInForeground(arguments) }
            if case .failure(let failure) = result { send(.status("Browser failed: \(failure)")) }
        } else {
            BrowserLauncher.runDetached(arguments, queue: .main) { failure in
                guard let failure else { return }
                MainActor.assumeIsolated { [weak self] in self?.send(.status("Browser failed: \(failure)")) }
            }
        }
    }

    private nonisolated static func enqueue(_ url: String, in queue: PodcastQueue, to target: String) -> ReaderMessage {
        do {
            switch try queue.append(url, to: target) {
            case .queued(let target): return .status("Queued for podboat: \(Excerpt(target))")
            case .alreadyQueued: return .status("Already in podboat's queue (\(Excerpt(queue.path)))")
            case .fileNameUsed(let target): return .status("Not queued: another enclosure in the queue downloads to \(Excerpt(target))")
            }
        } catch {
            return .status("Not queued: \(error)")
        }
    }

    private nonisolated static func save(_ article: ArticleText, to path: String, replacing: Bool) -> ReaderMessage {
        var isDirectory: ObjCBool = false
        var path = path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            path = (path.hasSuffix("/") ? path : path + "/") + article.proposedFileName
        }
        do {
            switch try article.save(to: path, replacing: replacing) {
            case .saved: return .status("Saved to \(Excerpt(path))")
            case .exists: return .saveWouldReplace(article, path: path)
            }
        } catch {
            return .status("Not saved: \(error)")
        }
    }

    /// The last sessions' histories; a file that cannot be read is an empty history and a line
    /// in the log.
    private nonisolated static func readHistories(_ files: HistoryFiles, limit: Int, logger: Logger) -> ReaderMessage {
        func lines(_ path: String) -> [String] {
            switch HistoryFiles.read(path, limit: limit) {
            case .success(let lines): return lines
            case .failure(let failure):
                logger.warning("\(failure); the history starts empty")
                return []
            }
        }
        return .historiesRead(commandLine: lines(files.commandLine), search: lines(files.search))
    }

    private nonisolated static func writeHistories(_ files: HistoryFiles, commandLine: [String], search: [String], logger: Logger) {
        for (lines, path) in [(commandLine, files.commandLine), (search, files.search)] where !lines.isEmpty {
            do {
                try HistoryFiles.write(lines, to: path)
            } catch {
                logger.error("\(error)")
            }
        }
    }

    /// Runs the command with the terminal, as a text-mode browser is run: a pager or an editor
    /// reading the text needs it, and a filter (`tee`, `wl-copy`) is done at once.
    private func pipe(_ text: String, to arguments: [String]) {
        let terminal = terminal
        let result = terminal.suspend {
            let result = BrowserLauncher.runInForeground(arguments, input: text)
            // What the command printed stays until a key is pressed, as in newsboat.
            terminal.waitForKey(prompt: "Press any key to return to Tidings")
            return result
        }
        let name = (arguments[0] as NSString).lastPathComponent
        switch result {
        case .success: send(.status("Piped the article to \(Excerpt(name))"))
        case .failure(let failure): send(.status("Pipe failed: \(failure)"))
        }
    }

    /// newsboat's `edit-urls`: the editor gets the terminal; once it exits the store follows
    /// the file as the editor left it.
    private func runUrlsEditor(_ arguments: [String]) {
        let result = terminal.suspend { BrowserLauncher.runInForeground(arguments) }
        if case .failure(let failure) = result {
            send(.status("Editor failed: \(failure)"))
            return
        }
        let path = urlsPath, store = store
        onWriteQueue { .urlsFileEdited(UrlsFileEdit(change: .reread).apply(urlsPath: path, store: store)) }
    }

    /// Hands the terminal to the URL viewer, its input the links; it is interactive (urlview,
    /// urlscan), so the reader comes back as soon as it exits, with no key to press.
    private func viewURLs(_ text: String, with arguments: [String]) {
        let result = terminal.suspend { BrowserLauncher.runInForeground(arguments, input: text) }
        if case .failure(let failure) = result { send(.status("URL viewer failed: \(failure)")) }
    }

    /// Runs `bookmark-cmd`. An interactive one gets the terminal until it exits; another runs in
    /// the background with nothing on its standard input, and, as in newsboat, what it prints is
    /// an error (a script that worked says nothing). It may run `fulltext-command-timeout` seconds.
    private func bookmark(with arguments: [String], interactive: Bool) {
        if interactive {
            let result = terminal.suspend { BrowserLauncher.runInForeground(arguments) }
            switch result {
            case .success: send(.status("Saved bookmark."))
            case .failure(let failure): send(.status("Error while saving bookmark: \(failure)"))
            }
            return
        }
        var options = self.options.fetch
        options.timeout = self.options.fullArticle.commandTimeout
        options.maxBytes = 64 << 10
        outstanding += 1
        _ = PageDownload.run(arguments, input: Data(), options: options) { result in
            let message: String
            switch result {
            case .success(let page):
                let printed = String(decoding: page.bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
                message = printed.map { "Error while saving bookmark: \(Excerpt($0))" } ?? "Saved bookmark."
            case .failure(let failure):
                message = "Error while saving bookmark: \(failure)"
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in self?.report(.status(message)) } }
        }
    }

    /// Hands the terminal to the pager with the article's text in a file readable only by this
    /// user, deleted once the pager exits.
    private func page(_ text: String, with words: [String]) {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("tidings-article-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            send(.status("Pager failed: cannot write \(path)"))
            return
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        var arguments = words.map { $0.replacingOccurrences(of: "%f", with: path) }
        if !words.contains(where: { $0.contains("%f") }) { arguments.append(path) }
        let result = terminal.suspend { BrowserLauncher.runInForeground(arguments) }
        if case .failure(let failure) = result { send(.status("Pager failed: \(failure)")) }
    }

    /// newsboat's notification after a reload: the bell, screen's status line, and the program
    /// with the message as its last argument — started detached, never through a shell.
    private func notify(_ message: String, program: [String]?, beeps: Bool, inStatusLine: Bool) {
        if beeps { terminal.beep() }
        if inStatusLine { terminal.showInStatusLine(message) }
        guard let program else { return }
        BrowserLauncher.runDetached(program + [message], queue: .main) { failure in
            guard let failure else { return }
            MainActor.assumeIsolated { [weak self] in self?.send(.status("Notification failed: \(failure)")) }
        }
    }

    /// Turns the spinner of reloading feeds while a reload runs, and only then.
    private func setSpinner(running: Bool) {
        stopSpinner?()
        stopSpinner = nil
        guard running else { return }
        stopSpinner = timers.repeating(every: .milliseconds(150), leeway: .milliseconds(50)) { [weak self] in
            self?.send(.spinnerTick)
        }
    }

    /// Reloads every `minutes` (nil: never, the timer stopped): a timer, not a polling loop; the
    /// process sleeps between.
    private func startAutoReload(minutes: Int?) {
        stopAutoReload?()
        stopAutoReload = nil
        guard let minutes else { return }
        stopAutoReload = timers.repeating(every: .seconds(minutes * 60), leeway: .seconds(5)) { [weak self] in
            self?.send(.autoReloadTick)
        }
    }

    private func quit(status: Int32) {
        setSpinner(running: false)
        startAutoReload(minutes: nil)
        for addition in additions.values { addition.cancel() }
        fullArticles.cancelAll()
        images.cancelAll()
        guard let reload else { return end(status: status) }
        // The transfers are told to stop and given a moment to do so, off the main thread, so that
        // the frame saying "Stopping…" is drawn meanwhile; one that hangs does not hold the exit.
        reload.cancel()
        DispatchQueue.global().async {
            _ = reload.wait(timeout: 0.3)
            DispatchQueue.main.async { MainActor.assumeIsolated { self.end(status: status) } }
        }
    }

    private func end(status: Int32) {
        // After the writes queued before (marks among them), as quitting newsboat does.
        let store = store, logger = logger, quitTidying = quitTidying
        writeQueue.sync {
            do {
                try quitTidying?.apply(to: store)
            } catch {
                logger.error("cannot tidy the cache on quitting: \(error)")
            }
            // The process ends without closing the cache, which would have emptied the log.
            store.checkpoint()
        }
        // Saved articles and the prompts' histories are written before the process ends.
        fileQueue.sync {}
        // Marks still queued are in the journal: the next start writes them.
        terminal.stop()
        exit(status)
    }
}

/// Whether a send of queued marks is scheduled and has not started: set on the main thread,
/// cleared on the sync queue when it starts.
private final class PendingSend: @unchecked Sendable {
    private let lock = NSLock()
    private var isWaiting = false

    /// True when no send is waiting to start (the caller schedules one); false when one is.
    func claim() -> Bool {
        lock.withLock {
            if isWaiting { return false }
            isWaiting = true
            return true
        }
    }

    /// The waiting send starts: marks made from now on need a send of their own.
    func start() {
        lock.withLock { isWaiting = false }
    }
}
