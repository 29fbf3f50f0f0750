import Configuration
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's further actions: half pages, open and mark read, the next unread feed, an
/// article's feed, links by number, the command line from a digit, the HTML source.
@MainActor
struct NewsboatActionsTests {
    static let html = #"<p>Read <a href="https://news.example/a">a</a> and <a href="https://news.example/b">b</a>.</p>"#

    /// The browser every reader here opens links with, given a display (`DISPLAY=:0`): not a
    /// text-mode one.
    static let browser = try! BrowserCommand(parsing: "/bin/true %u")

    /// "News": "First" (the newest) and "Second", each with two links; the reader with `config`,
    /// reloaded, on the feed list.
    private func start(config: String = "", variables: [String: String] = ["DISPLAY": ":0"], rows: Int = 24, columns: Int = 80) throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "News", items: [("First", 21), ("Second", 20)]) { _ in Self.html }
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: config, rows: rows, columns: columns, variables: variables)
        #expect(reader.state.settings.warnings.isEmpty, "\(reader.state.settings.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        return (home, reader)
    }

    /// The reader in the first feed's articles.
    private func inFeed(_ reader: ReaderDriver) {
        reader.press(.home, .enter)
        reader.settle()
    }

    /// The reader showing the first article, opened from its feed's items.
    private func inArticle(_ reader: ReaderDriver) {
        inFeed(reader)
        reader.press(.enter)
        reader.settle()
        #expect(reader.state.top is ArticleScreen)
    }

    /// What `effects` write and start: the marks and other programs (not the reads, the logs,
    /// the looks for other processes' writes).
    private func marksAndPrograms(_ effects: [ReaderEffect]) -> [ReaderEffect] {
        effects.filter {
            switch $0 {
            case .store(.writeMarks), .process: true
            default: false
            }
        }
    }

    @Test func halfPagesMoveListsAndTextByHalfWhatIsShown() throws {
        let home = try ReaderHome()
        let links = (1...40).map { #"<p><a href="https://news.example/\#($0)">link \#($0)</a></p>"# }.joined()
        let paragraphs = (1...60).map { "<p>Paragraph \($0)</p>" }.joined()
        try home.writeFeed("news", title: "News", items: [("First", 21)]) { _ in links + paragraphs }
        try home.subscribe([home.url("news")])
        // 22 rows: the title bar, 20 rows of links, the status bar.
        let reader = try home.driver(config: "bind-key ^D halfpagedown\nbind-key ^U halfpageup\n", rows: 22, columns: 60)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        inArticle(reader)
        reader.press(.character("u"))
        #expect((reader.state.top as? URLViewScreen)?.urls.count == 40)
        reader.press(.control("d"))
        #expect((reader.state.top as? URLViewScreen)?.state.selection == 10)
        reader.press(.control("d"), .control("u"))
        #expect((reader.state.top as? URLViewScreen)?.state.selection == 10)

        // The article in 10 rows of text.
        reader.press(.character("q"))
        reader.resize(rows: 12, columns: 60)
        #expect(reader.lines[1].hasPrefix("Title: First"))
        reader.press(.control("d"))
        #expect(reader.lines[1] != "" && !reader.lines[1].hasPrefix("Title: First"), "\(reader.text)")
        reader.press(.control("u"))
        #expect(reader.lines[1].hasPrefix("Title: First"))
    }

    @Test func openInBrowserAndMarkReadMarksOnlyWhatWasOpened() throws {
        let (_, reader) = try start()
        inFeed(reader)
        let first = try reader.storedArticles(ofFeed: "News")[0]
        let read = NumberedMark(number: 1, mark: .read(first.id, feed: first.feedID, isRead: true, wasRead: false))
        #expect(marksAndPrograms(reader.send(.keys([.character("O")]))) == [
            .store(.writeMarks([read])), .process(.openBrowser(Self.browser, url: "https://news.example/first", textMode: false)),
        ])
        #expect(reader.text.contains("1 unread, 2 total"))

        // No browser set and none found at start.
        let (_, nowhere) = try start(config: #"browser """#)
        inFeed(nowhere)
        #expect(marksAndPrograms(nowhere.send(.keys([.character("O")]))).isEmpty)
        #expect(nowhere.text.contains("No browser found"))
        #expect(nowhere.text.contains("2 unread, 2 total"))
    }

    @Test func nextUnreadFeedSkipsFeedsWithNothingUnread() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "News", items: [("First", 21), ("Second", 20)])
        try home.writeFeed("quiet", title: "Quiet", items: [("Read already", 19)])
        try home.writeFeed("busy", title: "Busy", items: [("Unread", 18)])
        try home.subscribe([home.url("news"), home.url("quiet"), home.url("busy")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        // `A` marks what was first seen by the key's time; the store saw the articles at the wall clock's.
        reader.now = Date()
        reader.press(.character("j"), .character("A"))
        reader.settle()
        #expect(reader.text.contains("(0/1) Quiet"))
        inFeed(reader)
        #expect(reader.lines[0].hasPrefix(" News"))
        reader.press(.control("n"))
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Busy"), "\(reader.text)")
        reader.press(.control("n"))
        #expect(reader.text.contains("No feed with unread articles after this one"))
        reader.press(.control("p"))
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" News"))
        // next-feed still stops at every feed.
        reader.press(.character("J"))
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Quiet"))
    }

    @Test func articleFeedGoesFromTheArticleToItsFeedsList() throws {
        let (_, reader) = try start(config: "bind-key F2 article-feed\n")
        inArticle(reader)
        let shown = try #require((reader.state.top as? ArticleScreen)?.item.id)
        reader.press(.function(2))
        reader.settle()
        let list = try #require(reader.state.top as? ItemListScreen)
        #expect(list.feed.displayTitle == "News")
        #expect(list.selectedItem(reader.state.pendingMarks)?.id == shown)
    }

    @Test func gotoURLAsksForANumberAndOpensThatLink() throws {
        let (_, reader) = try start()
        inArticle(reader)
        reader.press(.character("#"))
        #expect(reader.lines.last?.hasPrefix("Open link (1-2):") == true, "\(reader.text)")
        reader.press(.character("2"))
        #expect(reader.send(.keys([.enter])).contains(.process(.openBrowser(Self.browser, url: "https://news.example/b", textMode: false))))
        reader.press(.character("#"), .character("7"), .enter)
        #expect(reader.text.contains("No link 7: links go from 1 to 2"))
    }

    @Test func oneToZeroOpenThatLinkInTheURLViewAndWhereverTheyAreBound() throws {
        let home = try ReaderHome()
        let links = (1...10).map { #"<p><a href="https://news.example/\#($0)">link \#($0)</a></p>"# }.joined()
        try home.writeFeed("news", title: "News", items: [("First", 21)]) { _ in links }
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: "bind-key ! two article\n", variables: ["DISPLAY": ":0"])
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        inArticle(reader)
        reader.press(.character("u"))
        #expect(reader.state.top is URLViewScreen)
        #expect(reader.send(.keys([.character("2")])).contains(.process(.openBrowser(Self.browser, url: "https://news.example/2", textMode: false))))
        #expect(reader.send(.keys([.character("0")])).contains(.process(.openBrowser(Self.browser, url: "https://news.example/10", textMode: false))))
        reader.press(.character("q"))
        #expect(reader.state.top is ArticleScreen)
        #expect(reader.send(.keys([.character("!")])).contains(.process(.openBrowser(Self.browser, url: "https://news.example/2", textMode: false))))
    }

    @Test func aDigitInAListOpensTheCommandLineWithIt() throws {
        let (_, reader) = try start()
        inFeed(reader)
        reader.press(.character("2"))
        #expect(reader.lines.last?.hasPrefix(":2") == true, "\(reader.text)")
        reader.press(.enter)
        #expect((reader.state.top as? ItemListScreen)?.state.selection == 1)
    }

    @Test func randomUnreadAsksTheCacheAndOpensWhatItChose() throws {
        let (_, reader) = try start(config: "bind-key F3 random-unread\n")
        inFeed(reader)
        let query = UnreadJumpQuery(kind: .random, forward: true, rendering: reader.state.articleRendering, marks: reader.state.pendingMarks)
        #expect(reader.send(.keys([.function(3)])).contains(.read(query, route: true, lane: .key)))
        reader.settle()
        let opened = try #require((reader.state.top as? ArticleScreen)?.item)
        #expect(try reader.storedArticles(ofFeed: "News").map(\.id).contains(opened.id))
        // Nothing unread: said so, nothing opened.
        reader.press(.character("q"), .character("q"))
        reader.now = Date()
        reader.press(.character("A"))
        reader.settle()
        reader.press(.function(3))
        reader.settle()
        #expect(reader.text.contains("No more unread articles"))
        #expect(!(reader.state.top is ArticleScreen))
    }

    @Test func openAllUnreadOpensTheFeedsUnreadArticlesUpToMaxBrowserTabs() throws {
        let (_, reader) = try start(
            config: "bind-key F4 open-all-unread-in-browser-and-mark-read\nbind-key F5 open-all-unread-in-browser\nmax-browser-tabs 7\n")
        inFeed(reader)
        let rows = try reader.storedArticles(ofFeed: "News")
        let page = ItemPageRequest(unreadOnly: true, limit: 7, order: .newestFirst)
        let marking = ReaderEffect.read(ItemPageQuery(pages: .feed(rows[0].feedID, titleFilter: ""), request: page),
                                        route: .unreadToOpen(markingRead: true), lane: .key)
        #expect(reader.send(.keys([.function(4)])).contains(marking))
        let before = reader.effects.count
        reader.settle()
        #expect(marksAndPrograms(Array(reader.effects[before...])) == [
            .store(.writeMarks([NumberedMark(number: 1, mark: .read(rows[0].id, feed: rows[0].feedID, isRead: true, wasRead: false))])),
            .process(.openBrowser(Self.browser, url: "https://news.example/first", textMode: false)),
            .store(.writeMarks([NumberedMark(number: 2, mark: .read(rows[1].id, feed: rows[1].feedID, isRead: true, wasRead: false))])),
            .process(.openBrowser(Self.browser, url: "https://news.example/second", textMode: false)),
        ])
        #expect(reader.text.contains("Opened 2 articles, marked read"))
        // From the feed list, without marking: the articles marked just now are read, and skipped.
        reader.press(.character("q"))
        let opening = ReaderEffect.read(ItemPageQuery(pages: .feed(rows[0].feedID, titleFilter: ""), request: page),
                                        route: .unreadToOpen(markingRead: false), lane: .key)
        #expect(reader.send(.keys([.function(5)])).contains(opening))
        let marked = reader.effects.count
        reader.settle()
        #expect(marksAndPrograms(Array(reader.effects[marked...])).isEmpty)
        #expect(reader.text.contains("No unread article with a link in this feed"))
    }

    @Test func openInBrowserNoninteractivelyNeverHandsOverTheTerminal() throws {
        // No DISPLAY: the browser is taken for a text-mode one, which `o` gives the terminal.
        let (_, reader) = try start(config: "bind-key F6 open-in-browser-noninteractively\n", variables: [:])
        inFeed(reader)
        #expect(marksAndPrograms(reader.send(.keys([.character("o")])))
            == [.process(.openBrowser(Self.browser, url: "https://news.example/first", textMode: true))])
        #expect(marksAndPrograms(reader.send(.keys([.function(6)])))
            == [.process(.openBrowser(Self.browser, url: "https://news.example/first", textMode: false))])
    }

    @Test func toggleSourceViewShowsTheHTMLAndTheTextAgain() throws {
        // 16 rows: the title bar, 14 rows of text, the status bar.
        let (_, reader) = try start(rows: 16, columns: 120)
        inArticle(reader)
        #expect(reader.text.contains("Read a[1] and b[2]."))
        reader.press(.control("u"))
        #expect(reader.text.contains(#"<a href="https://news.example/a">a</a>"#), "\(reader.text)")
        #expect(reader.text.contains("[HTML source. Ctrl-U: the text again]"))
        reader.press(.control("u"))
        #expect(!reader.text.contains("<a href"))
    }
}
