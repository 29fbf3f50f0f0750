@testable import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TerminalUI
import Testing
@testable import TidingsApp

/// The reader's core without threads: a message in, the effects out, compared as values. No
/// store, no runner, no clock but the test's; answers to reads are handed in as messages.
@MainActor
struct ReaderUpdateTests {
    nonisolated static let t0 = Date(timeIntervalSince1970: 1_764_000_000)
    static let feed = FeedListRow(
        id: FeedID(1), url: "https://news.example/feed.xml", displayTitle: "News", feedTitle: "News", customTitle: nil,
        link: nil, tags: [], unreadCount: 2, totalCount: 2, lastError: nil, failureCount: 0, lastSuccessAt: nil, lastAttemptAt: nil)
    static let items = [
        ItemRow(id: ItemID(10), feedID: FeedID(1), feedTitle: "News", title: "First", link: "https://news.example/1",
                author: nil, date: t0, isRead: false, isStarred: false, hasEnclosures: false),
        ItemRow(id: ItemID(11), feedID: FeedID(1), feedTitle: "News", title: "Second", link: "https://news.example/2",
                author: nil, date: t0 - 60, isRead: false, isStarred: false, hasEnclosures: false),
    ]

    /// A reader on a 24×80 grid whose clock says `t0` plus what `advance` adds.
    @MainActor
    final class Harness {
        let app: ReaderApp
        let terminal = GridTerminal(rows: 24, columns: 80)
        private let clock = TestClock()
        /// What the reader's clock says.
        var time: Date {
            get { clock.time }
            set { clock.time = newValue }
        }

        /// A clock moved by hand.
        final class TestClock {
            var time = ReaderUpdateTests.t0
        }

        init(settings: ReaderSettings? = nil, environment: [String: String] = ["PATH": "/nonexistent"]) {
            let settings = settings ?? ReaderSettings(
                urlsPath: "/nonexistent/urls", subscriptions: [Subscription(url: ReaderUpdateTests.feed.url)],
                cachePath: "/nonexistent/cache.db", logPath: "/nonexistent/log")
            let clock = clock
            app = ReaderApp(settings: settings, terminal: terminal, environment: environment, clock: { clock.time })
        }

        /// Sends `message` as the loop does (its time stamped), returning the effects.
        @discardableResult
        func send(_ message: ReaderMessage) -> [ReaderEffect] {
            app.storeView.now = time
            return app.update(message).0
        }

        func press(_ keys: Key...) -> [ReaderEffect] {
            keys.flatMap { send(.keys([$0])) }
        }

        /// Answers every screen read among `effects` with `answer` for the queries it fits.
        @discardableResult
        func answer(_ effects: [ReaderEffect], with answer: (StoreQuery) -> StoreAnswer?) -> [ReaderEffect] {
            effects.flatMap { effect -> [ReaderEffect] in
                guard case .load(let read) = effect, let found = answer(read.query) else { return [] }
                return send(.loaded(read, .success(found)))
            }
        }

        var screenText: String {
            app.redraw()
            return terminal.lines.joined(separator: "\n")
        }
    }

    static let target = FeedFetchTarget(
        id: feed.id, url: feed.url, fetchURL: feed.url, validators: CacheValidators(),
        lastSuccessAt: nil, failureCount: 0)

    /// Answers the feed list and the item list with the fixed rows above.
    static func storeAnswers(_ query: StoreQuery) -> StoreAnswer? {
        switch query {
        case .feedList: .feedList(FeedListScreen.Snapshot(generation: 1, rows: [feed], starredCounts: .zero))
        case .itemList: .itemList(ItemListScreen.Snapshot(generation: 1, feed: feed, count: 2, pages: [0: items], selection: 0))
        default: nil
        }
    }

    /// The reader with its feed list read and the feed's items open.
    static func readerInFeed(environment: [String: String] = ["PATH": "/nonexistent"]) -> Harness {
        let harness = Harness(environment: environment)
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: storeAnswers)
        harness.answer(harness.press(.enter), with: storeAnswers)
        return harness
    }

    @Test func startingBringsTheCacheInLineWithTheUrlsFileFirst() {
        let harness = Harness()
        #expect(harness.app.begin() == [
            .syncSubscriptions([Subscription(url: Self.feed.url)]), .applyKillfile(.empty), .writeLeftOverMarks,
            .indexStoredBodies, .watchCache, .autoReload(minutes: nil),
        ])
        // The lists read the cache once the urls file's feeds are in it, not before.
        #expect(harness.screenText.contains("Loading"))
        #expect(harness.send(.storeChanged) == [
            .checkGeneration,
            .load(StoreRead(query: .feedList(FeedListScreen.Request(filter: FeedListFilter(hidesFeedsWithoutUnread: false, tag: nil))), reply: .screen(1))),
        ])
    }

    @Test func enterOnAFeedAsksForItsItemsAndShowsThemWhenTheyCome() {
        let harness = Harness()
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: Self.storeAnswers)
        #expect(harness.screenText.contains("(2/2) News"))
        let effects = harness.press(.enter)
        guard effects.count == 2, effects.first == .checkGeneration, case .load(let read) = effects[1], case .itemList(let request) = read.query else {
            Issue.record("Enter asked for \(effects)")
            return
        }
        #expect(request.feedID == Self.feed.id)
        #expect(request.pages == .feed(Self.feed.id, titleFilter: ""))
        #expect(harness.screenText.contains("loading…"))
        harness.answer(effects, with: Self.storeAnswers)
        #expect(harness.screenText.contains("First"))
        #expect(harness.screenText.contains("Second"))
    }

    @Test func aMarkIsShownAtOnceAndWrittenAsAValue() {
        let harness = Self.readerInFeed()
        let effects = harness.press(.character("N"))
        #expect(effects == [.checkGeneration, .writeMarks([NumberedMark(number: 1, mark: .read(ItemID(10), feed: Self.feed.id, isRead: true, wasRead: false))])])
        #expect(harness.screenText.contains("Marked read"))
        #expect(harness.screenText.contains("1 unread, 2 total"))
    }

    @Test func markingAFeedReadTakesTheMessageTime() {
        let harness = Harness()
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: Self.storeAnswers)
        harness.time = Self.t0 + 3600
        #expect(harness.press(.character("A")) == [.checkGeneration, .writeMarks([NumberedMark(number: 1, mark: .feedRead(Self.feed.id, seenBy: Self.t0 + 3600))])])
    }

    @Test func theBrowserIsFoundOnTheGivenPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("update-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let browser = directory.appendingPathComponent("xdg-open").path
        FileManager.default.createFile(atPath: browser, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])

        let textMode = Self.readerInFeed(environment: ["PATH": directory.path])
        #expect(textMode.press(.character("o")) == [.checkGeneration, .openBrowser(try BrowserCommand(parsing: "xdg-open"), url: "https://news.example/1", textMode: true)])
        // With a display, the same browser does not need the terminal.
        let withDisplay = Self.readerInFeed(environment: ["PATH": directory.path, "DISPLAY": ":0"])
        #expect(withDisplay.press(.character("o")) == [.checkGeneration, .openBrowser(try BrowserCommand(parsing: "xdg-open"), url: "https://news.example/1", textMode: false)])

        let nowhere = Self.readerInFeed(environment: ["PATH": "/nonexistent"])
        #expect(nowhere.press(.character("o")) == [.checkGeneration])
        #expect(nowhere.screenText.contains("No browser found"))
    }

    @Test func aReloadReadsTheFeedsAfterTheWritesThenFetchesThem() {
        let harness = Harness()
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: Self.storeAnswers)
        let read = StoreRead(query: .feedsToFetch(only: nil), reply: .reload, waitsForWrites: true)
        #expect(harness.press(.character("R")) == [.checkGeneration, .load(read)])
        let target = Self.target
        #expect(harness.send(.loaded(read, .success(.feedsToFetch([target])))) == [.reload([target]), .spinner(running: true)])
        // A second reload is refused while one runs, and the timer's does nothing.
        #expect(harness.press(.character("R")) == [])
        #expect(harness.screenText.contains("A reload is already running"))
        #expect(harness.send(.autoReloadTick) == [])
    }

    @Test func anArticleGoneFromTheCacheIsSaidSo() {
        let harness = Self.readerInFeed()
        let effects = harness.press(.enter)
        guard effects.count == 2, case .load(let read) = effects[1] else {
            Issue.record("Enter asked for \(effects)")
            return
        }
        #expect(read.reply == .openArticle(ItemID(10)))
        #expect(harness.send(.loaded(read, .success(.article(nil)))) == [])
        #expect(harness.screenText.contains("This article is no longer in the cache"))
    }

    @Test func quittingDuringAReloadSaysSoInTheLastFrame() {
        let harness = Harness()
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: Self.storeAnswers)
        let read = StoreRead(query: .feedsToFetch(only: nil), reply: .reload, waitsForWrites: true)
        _ = harness.press(.character("R"))
        let target = Self.target
        harness.send(.loaded(read, .success(.feedsToFetch([target]))))
        #expect(harness.send(.keys([.control("c")])).contains(.quit(status: 0)))
        #expect(harness.app.statusText == "Stopping…")
    }

    /// newsboat's `auto-reload` reloads at start, then every `reload-time` minutes, unless
    /// `suppress-first-reload` says not to.
    @Test(arguments: [(autoReload: 5, suppressed: false, reloads: true), (autoReload: 5, suppressed: true, reloads: false),
                      (autoReload: nil, suppressed: false, reloads: false)] as [(autoReload: Int?, suppressed: Bool, reloads: Bool)])
    func autoReloadReloadsAtStart(autoReload: Int?, suppressed: Bool, reloads: Bool) {
        var settings = ReaderSettings(
            urlsPath: "/nonexistent/urls", subscriptions: [Subscription(url: Self.feed.url)],
            cachePath: "/nonexistent/cache.db", logPath: "/nonexistent/log", autoReloadMinutes: autoReload)
        settings.suppressesFirstReload = suppressed
        let effects = Harness(settings: settings).app.begin()
        let reload = ReaderEffect.load(StoreRead(query: .feedsToFetch(only: nil), reply: .reload, waitsForWrites: true))
        #expect(effects.contains(reload) == reloads)
        #expect(effects.contains(.autoReload(minutes: autoReload)))
    }

    /// A read that fails says why in the status bar and leaves nothing half-started.
    @Test func aFailedReadOfTheFeedsToReloadSaysSo() {
        struct Unreadable: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
        let harness = Harness()
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: Self.storeAnswers)
        let read = StoreRead(query: .feedsToFetch(only: nil), reply: .reload, waitsForWrites: true)
        #expect(harness.press(.character("R")) == [.checkGeneration, .load(read)])
        #expect(harness.app.isReloading)
        #expect(harness.send(.loaded(read, .failure(Unreadable()))) == [])
        #expect(!harness.app.isReloading)
        #expect(harness.app.statusText == "Cannot reload: disk I/O error")
    }
}

/// Feeds edited under a feed server: the edit is an effect for the server, the answer a message.
@MainActor
struct ServerFeedEditUpdateTests {
    static func harness(_ source: any SyncSource) -> ReaderUpdateTests.Harness {
        let settings = ReaderSettings(
            urlsPath: "/nonexistent/urls", subscriptions: [], cachePath: "/nonexistent/cache.db", logPath: "/nonexistent/log",
            feedListSource: .server(SyncServer(service: .freshrss), withLocalFeeds: false),
            syncAccount: .success(SyncAccount(source: source, identity: "test")))
        let harness = ReaderUpdateTests.Harness(settings: settings)
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: ReaderUpdateTests.storeAnswers)
        return harness
    }

    @Test func deletingAFeedAsksTheServerAndItsAnswerShows() {
        let harness = Self.harness(GoogleReaderSource(endpoint: URL(string: "http://127.0.0.1:9/api/greader.php")!, login: "me", password: "p"))
        harness.answer(harness.send(.syncFinished(.success(SyncOutcome()))), with: ReaderUpdateTests.storeAnswers)
        // (Keys also look for other processes' writes: `.checkGeneration` is left out.)
        #expect(harness.press(.character("D")).filter { $0 != .checkGeneration }.isEmpty)
        #expect(harness.screenText.contains("Delete News?"))
        let edit = ServerFeedEdit(change: .delete(FeedID(1)), done: "Deleted News on the feed server")
        #expect(harness.press(.character("y")).filter { $0 != .checkGeneration } == [.manageServerFeed(edit)])
        // One at a time, as syncs are.
        #expect(harness.press(.character("R")).filter { $0 != .checkGeneration }.isEmpty)
        let answered = harness.send(.serverFeedEdited(edit, .failure(SyncFailureLine(line: "cannot reach the feed server 127.0.0.1:9"))))
        #expect(answered.contains(.checkGeneration))
        #expect(harness.screenText.contains("Not changed: cannot reach the feed server 127.0.0.1:9"))
    }

    @Test func aFeverServerRefusesFeedEditsInOneLineBeforeAsking() {
        let harness = Self.harness(FeverSource(endpoint: URL(string: "http://127.0.0.1:9/fever/")!, email: "me", password: "p"))
        harness.answer(harness.send(.syncFinished(.success(SyncOutcome()))), with: ReaderUpdateTests.storeAnswers)
        #expect(harness.press(.character("a")).filter { $0 != .checkGeneration }.isEmpty)
        #expect(harness.screenText.contains("the Fever API cannot add, rename, tag or delete feeds"))
        #expect(harness.app.navigation.prompt == nil)
    }
}
