@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's further actions: half pages, open and mark read, the next unread feed, an
/// article's feed, links by number, the command line from a digit, the HTML source.
@MainActor
struct NewsboatActionsTests {
    typealias Harness = ReaderUpdateTests.Harness
    static let t0 = ReaderUpdateTests.t0

    static func feed(_ id: Int64, _ title: String, unread: Int) -> FeedListRow {
        FeedListRow(
            id: FeedID(id), url: "https://\(title.lowercased()).example/feed.xml", displayTitle: title, feedTitle: title, customTitle: nil,
            link: nil, tags: [], unreadCount: unread, totalCount: 2, lastError: nil, failureCount: 0, lastSuccessAt: nil, lastAttemptAt: nil)
    }

    static let html = #"<p>Read <a href="https://news.example/a">a</a> and <a href="https://news.example/b">b</a>.</p>"#

    static func storedItem(id: Int64 = 10, content: String = html) -> StoredItem {
        StoredItem(id: ItemID(id), feedID: FeedID(1), feedTitle: "News", key: "k\(id)",
                   item: Item(id: "k\(id)", title: "First", link: "https://news.example/1", content: content),
                   date: t0, firstSeenAt: t0, isRead: false, isStarred: false)
    }

    static func preferences(_ lines: String) -> ReaderPreferences {
        var preferences = Config(parsing: lines).readerPreferences
        preferences.timeZone = TimeZone(identifier: "UTC")!
        return preferences
    }

    /// A reader whose config says `lines`, with a browser (`xdg-open`) on its PATH.
    static func reader(config lines: String = "", browser: Bool = true) throws -> (Harness, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsboat-actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if browser {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("xdg-open").path, contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        }
        var settings = ReaderSettings(
            urlsPath: "/nonexistent/urls", subscriptions: [Subscription(url: ReaderUpdateTests.feed.url)],
            cachePath: "/nonexistent/cache.db", logPath: "/nonexistent/log")
        settings.take(Config(parsing: lines), environment: [:])
        return (Harness(settings: settings, environment: ["PATH": directory.path, "DISPLAY": ":0"]), directory)
    }

    /// The reader in the feed's items, the feed list listing `feeds`.
    static func inFeed(_ harness: Harness, feeds: [FeedListRow] = [ReaderUpdateTests.feed]) {
        func answers(_ query: StoreQuery) -> StoreAnswer? {
            switch query {
            case .feedList: .feedList(FeedListScreen.Snapshot(generation: 1, rows: feeds, starredCounts: .zero))
            case .itemList(let request):
                .itemList(ItemListScreen.Snapshot(
                    generation: 1, feed: feeds.first { $0.id == request.feedID }, count: 2, pages: [0: ReaderUpdateTests.items], selection: 0))
            default: nil
            }
        }
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: answers)
        harness.answer(harness.press(.enter), with: answers)
    }

    /// The reader showing the first article, opened from its feed's items.
    static func inArticle(_ harness: Harness) throws {
        inFeed(harness)
        let effects = harness.press(.enter)
        guard case .load(let read)? = effects.last else { throw Unexpected(effects: effects) }
        let item = storedItem()
        let loaded = LoadedArticle(item: item, rendered: ArticleScreen.render(item, preferences: harness.app.settings.preferences))
        harness.send(.loaded(read, .success(.article(loaded))))
        #expect(harness.app.top is ArticleScreen)
    }

    struct Unexpected: Error { var effects: [ReaderEffect] }

    @Test func halfPagesMoveListsAndTextByHalfWhatIsShown() throws {
        let preferences = Self.preferences("bind-key ^D halfpagedown\nbind-key ^U halfpageup\n")
        let urls = (1...40).map { ArticleURL(number: $0, url: "https://news.example/\($0)", kind: .link) }
        let list = URLViewScreen(urls: urls, articleTitle: "Links", preferences: preferences)
        var grid = CellGrid(rows: 20, columns: 60)
        list.render(into: &grid, in: grid.bounds)
        _ = list.handle(.control("d"))
        #expect(list.state.selection == 10)
        _ = list.handle(.control("d"))
        _ = list.handle(.control("u"))
        #expect(list.state.selection == 10)

        let paragraphs = (1...60).map { "<p>Paragraph \($0)</p>" }.joined()
        let article = ArticleScreen(item: Self.storedItem(content: paragraphs), preferences: preferences)
        func firstLine() -> String {
            var grid = CellGrid(rows: 10, columns: 60)
            article.render(into: &grid, in: grid.bounds)
            return grid.lines[0]
        }
        #expect(firstLine().hasPrefix("Title: First"))
        _ = article.handle(.control("d"))
        #expect(firstLine() != "" && !firstLine().hasPrefix("Title: First"))
        _ = article.handle(.control("u"))
        #expect(firstLine().hasPrefix("Title: First"))
    }

    @Test func openInBrowserAndMarkReadMarksOnlyWhatWasOpened() throws {
        let (harness, directory) = try Self.reader()
        defer { try? FileManager.default.removeItem(at: directory) }
        Self.inFeed(harness)
        let read = NumberedMark(number: 1, mark: .read(ItemID(10), feed: FeedID(1), isRead: true, wasRead: false))
        #expect(harness.press(.character("O")) == [
            .checkGeneration, .writeMarks([read]),
            .openBrowser(try BrowserCommand(parsing: "xdg-open"), url: "https://news.example/1", textMode: false),
        ])
        #expect(harness.screenText.contains("1 unread, 2 total"))

        let (nowhere, empty) = try Self.reader(browser: false)
        defer { try? FileManager.default.removeItem(at: empty) }
        Self.inFeed(nowhere)
        #expect(nowhere.press(.character("O")) == [.checkGeneration])
        #expect(nowhere.screenText.contains("2 unread, 2 total"))
    }

    @Test func nextUnreadFeedSkipsFeedsWithNothingUnread() throws {
        let (harness, directory) = try Self.reader()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feeds = [Self.feed(1, "News", unread: 2), Self.feed(2, "Quiet", unread: 0), Self.feed(3, "Busy", unread: 1)]
        Self.inFeed(harness, feeds: feeds)
        _ = harness.press(.control("n"))
        #expect((harness.app.top as? ItemListScreen)?.feed.id == FeedID(3))
        _ = harness.press(.control("n"))
        #expect(harness.screenText.contains("No feed with unread articles after this one"))
        _ = harness.press(.control("p"))
        #expect((harness.app.top as? ItemListScreen)?.feed.id == FeedID(1))
        // next-feed still stops at every feed.
        _ = harness.press(.character("J"))
        #expect((harness.app.top as? ItemListScreen)?.feed.id == FeedID(2))
    }

    @Test func articleFeedGoesFromTheArticleToItsFeedsList() throws {
        let (harness, directory) = try Self.reader(config: "bind-key F2 article-feed\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.inArticle(harness)
        _ = harness.press(.function(2))
        #expect((harness.app.top as? ItemListScreen)?.feed.id == FeedID(1))
        #expect((harness.app.top as? ItemListScreen)?.selectedItem?.id == ItemID(10))
    }

    @Test func gotoURLAsksForANumberAndOpensThatLink() throws {
        let (harness, directory) = try Self.reader()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.inArticle(harness)
        _ = harness.press(.character("#"))
        #expect(harness.app.navigation.prompt?.prompt == "Open link (1-2): ")
        _ = harness.press(.character("2"))
        #expect(harness.press(.enter).contains(
            .openBrowser(try BrowserCommand(parsing: "xdg-open"), url: "https://news.example/b", textMode: false)))
        _ = harness.press(.character("#"), .character("7"), .enter)
        #expect(harness.screenText.contains("No link 7: links go from 1 to 2"))
    }

    @Test func oneToZeroOpenThatLinkInTheURLViewAndWhereverTheyAreBound() {
        let preferences = Self.preferences("bind-key ! two article\n")
        let urls = (1...10).map { ArticleURL(number: $0, url: "https://news.example/\($0)", kind: .link) }
        let list = URLViewScreen(urls: urls, articleTitle: "Links", preferences: preferences)
        #expect(list.handle(.character("2")) == .openInBrowser("https://news.example/2"))
        #expect(list.handle(.character("0")) == .openInBrowser("https://news.example/10"))
        let article = ArticleScreen(item: Self.storedItem(), preferences: preferences)
        #expect(article.handle(.character("!")) == .openInBrowser("https://news.example/b"))
    }

    @Test func aDigitInAListOpensTheCommandLineWithIt() throws {
        let (harness, directory) = try Self.reader()
        defer { try? FileManager.default.removeItem(at: directory) }
        Self.inFeed(harness)
        _ = harness.press(.character("2"))
        #expect(harness.app.navigation.prompt?.text == "2")
        _ = harness.press(.enter)
        #expect((harness.app.top as? ItemListScreen)?.state.selection == 1)
    }

    @Test func randomUnreadAsksTheCacheAndOpensWhatItChose() throws {
        let (harness, directory) = try Self.reader(config: "bind-key F3 random-unread\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        Self.inFeed(harness)
        let effects = harness.press(.function(3))
        let read = StoreRead(query: .randomUnreadArticle(harness.app.articleRendering), reply: .unreadJump(forward: true))
        #expect(effects == [.checkGeneration, .load(read)])
        let item = Self.storedItem(id: 11)
        let loaded = LoadedArticle(item: item, rendered: ArticleScreen.render(item, preferences: harness.app.settings.preferences))
        let jump = UnreadJump(row: ReaderUpdateTests.items[1], feed: ReaderUpdateTests.feed, article: loaded)
        harness.send(.loaded(read, .success(.unreadJump(jump))))
        #expect((harness.app.top as? ArticleScreen)?.item.id == ItemID(11))
        // Nothing unread: said so, nothing opened.
        _ = harness.press(.function(3))
        harness.send(.loaded(read, .success(.unreadJump(nil))))
        #expect(harness.screenText.contains("No more unread articles"))
    }

    @Test func openAllUnreadOpensTheFeedsUnreadArticlesUpToMaxBrowserTabs() throws {
        let (harness, directory) = try Self.reader(
            config: "bind-key F4 open-all-unread-in-browser-and-mark-read\nbind-key F5 open-all-unread-in-browser\nmax-browser-tabs 7\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        Self.inFeed(harness)
        let page = ItemPageRequest(unreadOnly: true, limit: 7, order: .newestFirst)
        let marking = StoreRead(query: .itemPage(.feed(FeedID(1), titleFilter: ""), page), reply: .openAllUnread(markingRead: true))
        #expect(harness.press(.function(4)) == [.checkGeneration, .load(marking)])
        let browser = try BrowserCommand(parsing: "xdg-open")
        #expect(harness.send(.loaded(marking, .success(.rows(ReaderUpdateTests.items)))) == [
            .writeMarks([NumberedMark(number: 1, mark: .read(ItemID(10), feed: FeedID(1), isRead: true, wasRead: false))]),
            .openBrowser(browser, url: "https://news.example/1", textMode: false),
            .writeMarks([NumberedMark(number: 2, mark: .read(ItemID(11), feed: FeedID(1), isRead: true, wasRead: false))]),
            .openBrowser(browser, url: "https://news.example/2", textMode: false),
        ])
        #expect(harness.screenText.contains("Opened 2 articles, marked read"))
        // From the feed list, without marking: the articles marked just now are read, and skipped.
        _ = harness.press(.character("q"))
        let opening = StoreRead(query: .itemPage(.feed(FeedID(1), titleFilter: ""), page), reply: .openAllUnread(markingRead: false))
        #expect(harness.press(.function(5)) == [.checkGeneration, .load(opening)])
        #expect(harness.send(.loaded(opening, .success(.rows(ReaderUpdateTests.items)))) == [])
        #expect(harness.screenText.contains("No unread article with a link in this feed"))
    }

    @Test func openInBrowserNoninteractivelyNeverHandsOverTheTerminal() throws {
        // No DISPLAY: xdg-open is taken for a text-mode browser, which `o` gives the terminal.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsboat-actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("xdg-open").path, contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        var settings = ReaderSettings(
            urlsPath: "/nonexistent/urls", subscriptions: [Subscription(url: ReaderUpdateTests.feed.url)],
            cachePath: "/nonexistent/cache.db", logPath: "/nonexistent/log")
        settings.take(Config(parsing: "bind-key F6 open-in-browser-noninteractively\n"), environment: [:])
        let harness = Harness(settings: settings, environment: ["PATH": directory.path])
        Self.inFeed(harness)
        let browser = try BrowserCommand(parsing: "xdg-open")
        #expect(harness.press(.character("o")) == [.checkGeneration, .openBrowser(browser, url: "https://news.example/1", textMode: true)])
        #expect(harness.press(.function(6)) == [.checkGeneration, .openBrowser(browser, url: "https://news.example/1", textMode: false)])
    }

    @Test func toggleSourceViewShowsTheHTMLAndTheTextAgain() {
        let article = ArticleScreen(item: Self.storedItem(), preferences: Self.preferences(""))
        func text() -> String {
            var grid = CellGrid(rows: 14, columns: 120)
            article.render(into: &grid, in: grid.bounds)
            return grid.lines.joined(separator: "\n")
        }
        #expect(text().contains("Read a[1] and b[2]."))
        _ = article.handle(.control("u"))
        #expect(text().contains(#"<a href="https://news.example/a">a</a>"#), "\(text())")
        #expect(text().contains("[HTML source. Ctrl-U: the text again]"))
        _ = article.handle(.control("u"))
        #expect(!text().contains("<a href"))
    }
}
