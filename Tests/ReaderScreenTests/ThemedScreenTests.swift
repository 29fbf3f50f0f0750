@testable import Configuration
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// Screens drawn with colours from a config file: every theme element reaches the cells it
/// names. (The key bindings of the same config are tested in ReaderCoreTests' ThemedKeysTests.)
@MainActor
@Suite struct ThemedScreenTests {
    static let colours = """
        color listnormal white default
        color listnormal_unread cyan default bold
        color listfocus black yellow
        color listfocus_unread color16 color208 underline
        color listfailed magenta default
        color article_header green default bold
        color article_link color33 default underline
        bind-key x reload-all feedlist
        unbind-key r
        """

    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    @Test func feedListRowsSelectionAndFailuresTakeTheirColours() throws {
        #expect(Config(parsing: Self.colours).warnings.isEmpty)
        try home.subscribe(["https://a.example/feed", "https://b.example/feed", "https://c.example/feed"])
        let cache = try home.cache()
        try cache.addItems(2, to: "https://a.example/feed", title: "Unread feed")
        try cache.addItems(1, to: "https://b.example/feed", title: "Read feed")
        let readFeed = try #require(try cache.feedList().first(where: { $0.url == "https://b.example/feed" }))
        try cache.markFeed(readFeed.id, read: true)
        try cache.recordFailure(forFeedURL: "https://c.example/feed", reason: "HTTP 500")
        let reader = try home.driver(config: Self.colours, rows: 5, columns: 40)
        reader.settle()
        try GoldenFrame(reader.frame).check("themed-feed-list")
        let grid = reader.frame.grid
        #expect(Array(grid.lines[1...3]) == [" N (2/2) Unread feed", "   (0/1) Read feed", "!  (0/0) https://c.example/feed  — HTTP…"])

        // Row 1 is selected and unread: listfocus_unread over the whole row, the title's own
        // attributes kept.
        let title = try #require(Self.column(of: "Unread", in: grid.lines[1]))
        #expect(grid[1, title].style == Style(foreground: .indexed(16), background: .indexed(208), attributes: [.bold, .underline]))
        #expect(grid[1, 39].style == Style(foreground: .indexed(16), background: .indexed(208), attributes: .underline))
        #expect(!grid[1, title].style.attributes.contains(.reverse))
        // Row 2: a read feed in listnormal; row 3: the failure mark in listfailed.
        #expect(grid[2, try #require(Self.column(of: "Read", in: grid.lines[2]))].style == Style(foreground: .white))
        #expect(grid[3, 0].style == Style(foreground: .magenta))

        // Moving down: the read row takes listfocus, the unread one its normal colours again.
        reader.press(.character("j"))
        try GoldenFrame(reader.frame).check("themed-feed-list-moved")
        let moved = reader.frame.grid
        #expect(moved[2, try #require(Self.column(of: "Read", in: moved.lines[2]))].style == Style(foreground: .black, background: .yellow))
        #expect(moved[1, title].style == Style(foreground: .cyan, attributes: .bold))
    }

    @Test func monochromeKeepsTheSelectionVisible() {
        let config = Config(parsing: "color listfocus red default\ncolor listfocus_unread yellow blue bold\n")
        let monochrome = config.theme.forMonochrome()
        #expect(monochrome.listFocus == Style(foreground: .red, attributes: .reverse))
        // A background colour is drawn in reverse video by the terminal already.
        #expect(monochrome.listFocusUnread == config.theme.listFocusUnread)
        #expect(Theme.standard.forMonochrome() == Theme.standard)
    }

    @Test func itemListSelectionFollowsReadState() throws {
        try home.subscribe(["https://a.example/feed"])
        let cache = try home.cache()
        try cache.addItems(2, to: "https://a.example/feed", title: "Example")
        let feed = try #require(try cache.feedList().first)
        let newest = try #require(try cache.items(inFeed: feed.id).first)
        try cache.markItem(newest.id, read: true)
        // The read row selected first, as `goto-first-unread no` opens the list.
        let reader = try home.driver(config: Self.colours + "\ngoto-first-unread no\n", rows: 4, columns: 40)
        reader.settle()
        reader.settle(after: .enter)
        try GoldenFrame(reader.frame).check("themed-item-list")
        var grid = reader.frame.grid
        let title = try #require(Self.column(of: "Item", in: grid.lines[1]))
        #expect(grid[1, title].style == Style(foreground: .black, background: .yellow))
        #expect(grid[2, title].style == Style(foreground: .cyan, attributes: .bold))
        reader.press(.character("j"))
        try GoldenFrame(reader.frame).check("themed-item-list-moved")
        grid = reader.frame.grid
        #expect(grid[1, title].style == Style(foreground: .white))
        #expect(grid[2, title].style == Style(foreground: .indexed(16), background: .indexed(208), attributes: [.bold, .underline]))
    }

    @Test func articleHeaderLabelsAndLinkNumbersTakeTheirColours() throws {
        let reader = try articleReader(content: "<p>See <a href=\"https://b.example/\">this</a>.</p>", config: Self.colours, rows: 12)
        try GoldenFrame(reader.frame).check("themed-article")
        let grid = reader.frame.grid
        let link = Style(foreground: .indexed(33), attributes: .underline)
        #expect(grid[1, 0].style == Style(foreground: .green, attributes: .bold))
        #expect(grid[1, 7].style == .plain)
        let body = try #require(grid.lines.firstIndex(of: "See this[1]."))
        #expect(grid[body, 8].style == link && grid[body, 10].style == link)
        #expect(grid[body, 4].style == .plain)
        let listed = try #require(grid.lines.firstIndex(of: "[1] https://b.example/"))
        #expect(grid[listed, 0].style == link && grid[listed, 2].style == link)
        #expect(grid[listed, 4].style == .plain)
    }

    @Test func helpListsTheBindingsInForce() throws {
        try home.subscribe([])
        let reader = try home.driver(config: Self.colours, rows: 42, columns: 60)
        reader.settle(after: .character("?"))
        #expect(reader.lines.contains { $0.hasPrefix("R x ") && $0.hasSuffix("Reload all feeds  reload-all") })
        #expect(!reader.lines.contains { $0.contains("Reload the selected feed") })
    }

    @Test func theArticleColourIsTheTextsAndLinksAndLabelsKeepTheirOwn() throws {
        let config = "color article color250 color235\ncolor article_link color33 default underline\n"
        #expect(Config(parsing: config).warnings.isEmpty)
        let reader = try articleReader(content: #"<p>Plain words and <a href="https://a.example/x">a link</a>.</p>"#, config: config, rows: 14, columns: 60)
        try GoldenFrame(reader.frame).check("article-colour")
        let grid = reader.frame.grid
        let row = try #require(grid.lines.firstIndex { $0.contains("Plain words") })
        let text = Style(foreground: .indexed(250), background: .indexed(235))
        #expect(grid[row, try #require(Self.column(of: "Plain", in: grid.lines[row]))].style == text)
        #expect(grid[row, try #require(Self.column(of: "a link", in: grid.lines[row]))].style == text)
        // The link's number: article_link's colour over the article's background.
        let number = try #require(Self.column(of: "[1]", in: grid.lines[row]))
        #expect(grid[row, number].style == Style(foreground: .indexed(33), background: .indexed(235), attributes: .underline))
        // The header's labels keep article_header's look.
        let header = try #require(grid.lines.firstIndex { $0.hasPrefix("Title:") })
        #expect(grid[header, 0].style == Theme.standard.articleHeader)
    }

    /// The reader showing the article view of one article with `content`.
    private func articleReader(content: String, config: String, rows: Int, columns: Int = 40) throws -> ReaderDriver {
        try home.subscribe(["https://a.example/feed"])
        let cache = try home.cache()
        let item = Item(id: "one", title: "Story", link: "https://a.example/1", published: TestStore.baseDate, content: content)
        try cache.upsert(Feed(format: .atom10, title: "Feed", items: [item]), forFeedURL: "https://a.example/feed")
        let reader = try home.driver(config: config, rows: rows, columns: columns)
        reader.settle()
        reader.settle(after: .enter)
        reader.settle(after: .enter)
        return reader
    }

    /// The column `text` starts at in `line`, counted in display columns.
    static func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return DisplayWidth.of(String(line[..<range.lowerBound]))
    }
}
