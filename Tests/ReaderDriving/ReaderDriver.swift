import Configuration
import FeedFetcher
import FeedServices
import FeedStore
import Foundation
import TerminalUI
@testable import TidingsApp

/// The reader's core driven by a test, one `update` at a time, synchronously: keys and messages
/// in, the state, the effects and the frame out. Nothing waits, nothing races: a test that
/// passes alone passes under any load.
///
/// The cache is a real SQLite file: ``settle()`` answers the reads and carries out the writes
/// `update` asks for with the same jobs the runtime's `StoreRunner` runs, and hands their
/// messages back. Reloads of `file://` feeds, and feeds fetched to be added, are fetched for real
/// by the fetcher, synchronously, their events handed back in order. Every other effect (a
/// browser to start, a timer, a file to write) is only recorded, for the test to check and answer
/// with the message the runner would send.
///
/// ```swift
/// let reader = try home.driver()
/// reader.settle()
/// reader.press(.enter)
/// reader.settle()
/// #expect(reader.lines[1].hasPrefix("N 2025-11-21  New quay opens"))
/// ```
@MainActor
final class ReaderDriver {
    var state: ReaderState
    /// The environment each message is handled in; its time is ``now``.
    var environment: ReaderEnvironment
    /// The time of the next message.
    var now: Date {
        get { environment.now }
        set { environment.now = newValue }
    }
    /// Every effect `update` returned, in order (those carried out too).
    private(set) var effects: [ReaderEffect] = []
    /// What `update` asked of the cache and was not carried out yet.
    private var pendingStoreWork: [StoreEffect] = []
    /// Reloads asked for and not fetched yet.
    private var pendingReloads: [[FeedFetchTarget]] = []
    /// Feeds to add, asked for and not fetched yet.
    private var pendingAdditions: [(url: String, tag: String?)] = []
    /// Whether ``settle()`` fetches the reloads and the feeds to add asked for (else the test
    /// answers them).
    var performsReloads: Bool
    private let storeRunner: StoreRunner
    /// Whether the cache was tidied for quitting.
    private var hasFinished = false
    private let cache: any FeedCache
    private var fetchOptions: FetchOptions

    var store: FeedStore { storeRunner.store }
    /// What must live as long as the driver: a test's temporary home holds the cache file, and
    /// SQLite opens new connections to it by name.
    var dependencies: [AnyObject] = []

    /// - Parameters:
    ///   - size: the terminal's size.
    ///   - performsReloads: whether ``settle()`` fetches the `file://` feeds of a reload and those to add.
    init(settings: ReaderSettings, size: TerminalSize = TerminalSize(rows: 24, columns: 80), showsColors: Bool = true,
         environment: ReaderEnvironment = ReaderEnvironment(variables: ["HOME": "/home/reader", "PATH": "/usr/bin:/bin"],
                                                            now: ReaderDriver.startTime),
         performsReloads: Bool = true) throws {
        var settings = settings
        let store = try ReaderRuntime.openCache(for: &settings)
        storeRunner = StoreRunner(store: store, urlsPath: settings.urlsPath, inbox: ReaderInbox())
        cache = StoreFeedCache(store: store)
        fetchOptions = settings.config.fetchOptions
        self.environment = environment
        self.performsReloads = performsReloads
        state = ReaderState(settings: settings, terminal: ReaderState.TerminalFacts(size: size, showsColors: showsColors), now: environment.now)
        record(state.begin(environment))
    }

    /// 2025-11-22 12:00 UTC: after every article of the fixtures.
    static let startTime = Date(timeIntervalSince1970: 1_763_812_800)

    // MARK: - Messages in

    /// Handles one message; returns the effects it asked for (also kept in ``effects``).
    @discardableResult
    func send(_ message: ReaderMessage) -> [ReaderEffect] {
        let effects = update(&state, message, environment)
        record(effects)
        return effects
    }

    /// Queues `work` for the cache as a runner does on its own (after an editor, the
    /// `ProcessRunner` has the store follow the urls file); ``settle()`` carries it out.
    func queue(_ work: StoreEffect) {
        pendingStoreWork.append(work)
    }

    /// Presses each key, one message each, as a typist does.
    func press(_ keys: Key...) {
        for key in keys { send(.keys([key])) }
    }

    /// Types `text`, one key per character.
    func type(_ text: String) {
        for character in text { send(.keys([.character(character)])) }
    }

    /// The terminal was resized.
    func resize(rows: Int, columns: Int) {
        send(.resized(TerminalSize(rows: rows, columns: columns)))
    }

    private func record(_ new: [ReaderEffect]) {
        effects += new
        for effect in new {
            switch effect {
            case .store(let work): pendingStoreWork.append(work)
            case .fetch(.reload(let targets)): pendingReloads.append(targets)
            case .fetch(.fetchForAdding(let url, let tag)): pendingAdditions.append((url, tag))
            case .fetch(.useOptions(let options, _)): fetchOptions = options
            default: break
            }
        }
    }

    /// Carries out what was asked of the cache — reads, writes, marks — the reloads of `file://`
    /// feeds and the feeds to add, handing each answer back, until nothing is left to do; the
    /// runtime's queues would do the same work in some order, this is one of them. Once the
    /// reader has quit, it tidies the cache as the runtime does before it exits.
    func settle() {
        while true {
            if !pendingStoreWork.isEmpty {
                let work = pendingStoreWork.removeFirst()
                if let message = storeRunner.job(for: work)?.work() { send(message) }
            } else if performsReloads, !pendingReloads.isEmpty {
                reload(pendingReloads.removeFirst())
            } else if performsReloads, !pendingAdditions.isEmpty {
                let addition = pendingAdditions.removeFirst()
                fetchForAdding(addition.url, tag: addition.tag)
            } else {
                if quitStatus != nil, !hasFinished {
                    // As the runtime does before the process exits: the tidying kept for quitting.
                    hasFinished = true
                    storeRunner.finish()
                }
                return
            }
        }
    }

    /// Fetches `targets` with the real fetcher and hands its events and summary back in order.
    private func reload(_ targets: [FeedFetchTarget]) {
        let events = EventLog()
        let queue = DispatchQueue(label: "tidings.driver.reload")
        let fetcher = FeedFetcher(cache: cache, options: fetchOptions)
        let summary = fetcher.reload(targets.map { FetchRequest(url: $0.url, fetchURL: $0.fetchURL) }, on: queue,
                                     onEvent: { events.append($0) }).wait()
        queue.sync {}
        for event in events.all { send(.fetchEvent(event)) }
        send(.reloadFinished(summary))
    }

    /// Fetches a feed to be added into a cache of its own, as the runtime's `FetchRunner` does,
    /// and hands the result back.
    private func fetchForAdding(_ url: String, tag: String?) {
        let capture = CapturingFeedCache()
        let summary = FeedFetcher(cache: capture, options: fetchOptions)
            .reload([FetchRequest(url: url)], on: DispatchQueue(label: "tidings.driver.add")).wait()
        send(.fetchedForAdding(url: url, tag: tag, capture: capture.capture, summary: summary))
    }

    // MARK: - What comes out

    /// The articles of the feed titled `title`, newest first, as the cache has them (none when
    /// it lists no such feed).
    func storedArticles(ofFeed title: String) throws -> [ItemRow] {
        guard let feed = try store.feedList().first(where: { $0.displayTitle == title }) else { return [] }
        return try store.items(inFeed: feed.id)
    }

    /// The frame as the terminal would show it.
    var frame: ReaderFrame { state.frame() }

    /// The screen's text, one string per row.
    var lines: [String] { frame.grid.lines }

    /// The screen's text as one string, rows separated by newlines.
    var text: String { lines.joined(separator: "\n") }

    /// The window's title.
    var title: String { frame.windowTitle }

    /// The effects recorded so far, forgotten after.
    func takeEffects() -> [ReaderEffect] {
        defer { effects = [] }
        return effects
    }

    /// The effects of other programs recorded so far (a browser opened, a command run).
    var processEffects: [ProcessEffect] {
        effects.compactMap { if case .process(let effect) = $0 { effect } else { nil } }
    }

    /// The effects on files recorded so far.
    var fileEffects: [FileEffect] {
        effects.compactMap { if case .files(let effect) = $0 { effect } else { nil } }
    }

    /// The effects on the terminal recorded so far.
    var terminalEffects: [TerminalEffect] {
        effects.compactMap { if case .terminal(let effect) = $0 { effect } else { nil } }
    }

    /// The downloads recorded so far (reloads, syncs, full articles).
    var fetchEffects: [FetchEffect] {
        effects.compactMap { if case .fetch(let effect) = $0 { effect } else { nil } }
    }

    /// The timers started or stopped so far.
    var timerEffects: [TimerEffect] {
        effects.compactMap { if case .timer(let effect) = $0 { effect } else { nil } }
    }

    /// The lines logged so far.
    var logLines: [LogLine] {
        effects.compactMap { if case .log(let line) = $0 { line } else { nil } }
    }

    /// Whether the reader asked to quit, and with which status.
    var quitStatus: Int32? {
        terminalEffects.lazy.compactMap { if case .quit(let status) = $0 { status } else { nil } }.first
    }
}

/// The fetch events of a reload, appended on the fetcher's queue.
private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [FetchEvent] = []

    func append(_ event: FetchEvent) {
        lock.withLock { events.append(event) }
    }

    var all: [FetchEvent] { lock.withLock { events } }
}
