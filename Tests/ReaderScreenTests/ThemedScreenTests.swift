@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// Screens drawn with colours from a config file: every theme element reaches the cells it
/// names.
@MainActor
@Suite struct ThemedScreenTests {
    private let utc = TimeZone(identifier: "UTC")!

    private static let colours = Config(parsing: """
        color listnormal white default
        color listnormal_unread cyan default bold
        color listfocus black yellow
        color listfocus_unread color16 color208 underline
        color listfailed magenta default
        color article_header green default bold
        color article_link color33 default underline
        bind-key x reload-all feedlist
        unbind-key r
        """)

    private var preferences: ReaderPreferences {
        var preferences = Self.colours.readerPreferences
        preferences.timeZone = utc
        return preferences
    }

    @Test func feedListRowsSelectionAndFailuresTakeTheirColours() throws {
        #expect(Self.colours.warnings.isEmpty)
        let test = try TestStore(subscriptions: [
            Subscription(url: "https://a.example/feed"), Subscription(url: "https://b.example/feed"),
            Subscription(url: "https://c.example/feed"),
        ])
        try test.addItems(2, to: "https://a.example/feed", title: "Unread feed")
        try test.addItems(1, to: "https://b.example/feed", title: "Read feed")
        let readFeed = try #require(try test.store.feedList().first(where: { $0.url == "https://b.example/feed" }))
        try test.store.markFeed(readFeed.id, read: true)
        try test.store.recordFailure(forFeedURL: "https://c.example/feed", reason: "HTTP 500")
        let screen = FeedListScreen(store: test.store, preferences: preferences)
        try screen.refresh()
        var grid = CellGrid(rows: 3, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [" N (2/2) Unread feed", "   (0/1) Read feed", "!  (0/0) https://c.example/feed  — HTTP…"])

        // Row 0 is selected and unread: listfocus_unread over the whole row, the title's own
        // attributes kept.
        let title = try #require(column(of: "Unread", in: grid, row: 0))
        #expect(grid[0, title].style == Style(foreground: .indexed(16), background: .indexed(208), attributes: [.bold, .underline]))
        #expect(grid[0, 39].style == Style(foreground: .indexed(16), background: .indexed(208), attributes: .underline))
        #expect(!grid[0, title].style.attributes.contains(.reverse))
        // Row 1: a read feed in listnormal; row 2: the failure mark in listfailed.
        #expect(grid[1, try #require(column(of: "Read", in: grid, row: 1))].style == Style(foreground: .white))
        #expect(grid[2, 0].style == Style(foreground: .magenta))

        // Moving down: the read row takes listfocus, the unread one its normal colours again.
        _ = screen.handle(.character("j"))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid[1, try #require(column(of: "Read", in: grid, row: 1))].style == Style(foreground: .black, background: .yellow))
        #expect(grid[0, title].style == Style(foreground: .cyan, attributes: .bold))
    }

    @Test func monochromeKeepsTheSelectionVisible() {
        let config = Config(parsing: "color listfocus red default\ncolor listfocus_unread yellow blue bold\n")
        let monochrome = config.theme.forMonochrome()
        #expect(monochrome.listFocus == Style(foreground: .red, attributes: .reverse))
        // A background colour is drawn in reverse video by the terminal already.
        #expect(monochrome.listFocusUnread == config.theme.listFocusUnread)
        #expect(Theme.standard.forMonochrome() == Theme.standard)
    }

    @Test func themedKeysDriveTheFeedList() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(1, to: "https://a.example/feed")
        let screen = FeedListScreen(store: test.store, preferences: preferences)
        try screen.refresh()
        #expect(screen.handle(.character("x")) == .reloadAll)
        #expect(screen.handle(.character("r")) == nil)
    }

    @Test func itemListSelectionFollowsReadState() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(2, to: "https://a.example/feed", title: "Example")
        let feed = try #require(try test.store.feedList().first)
        let newest = try #require(try test.store.items(inFeed: feed.id).first)
        try test.store.markItem(newest.id, read: true)
        // The read row selected first, as `goto-first-unread no` opens the list.
        var preferences = preferences
        preferences.goesToFirstUnread = false
        let screen = ItemListScreen(store: test.store, feed: feed, preferences: preferences)
        var grid = CellGrid(rows: 2, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        let title = try #require(column(of: "Item", in: grid, row: 0))
        #expect(grid[0, title].style == Style(foreground: .black, background: .yellow))
        #expect(grid[1, title].style == Style(foreground: .cyan, attributes: .bold))
        _ = screen.handle(.character("j"))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid[0, title].style == Style(foreground: .white))
        #expect(grid[1, title].style == Style(foreground: .indexed(16), background: .indexed(208), attributes: [.bold, .underline]))
    }

    @Test func articleHeaderLabelsAndLinkNumbersTakeTheirColours() throws {
        let (_, screen) = try articleScreen(content: "<p>See <a href=\"https://b.example/\">this</a>.</p>", preferences: preferences)
        var grid = CellGrid(rows: 10, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        let link = Style(foreground: .indexed(33), attributes: .underline)
        #expect(grid[0, 0].style == Style(foreground: .green, attributes: .bold))
        #expect(grid[0, 7].style == .plain)
        let body = try #require(grid.lines.firstIndex(of: "See this[1]."))
        #expect(grid[body, 8].style == link && grid[body, 10].style == link)
        #expect(grid[body, 4].style == .plain)
        let listed = try #require(grid.lines.firstIndex(of: "[1] https://b.example/"))
        #expect(grid[listed, 0].style == link && grid[listed, 2].style == link)
        #expect(grid[listed, 4].style == .plain)
    }

    @Test func helpListsTheBindingsInForce() {
        let help = HelpScreen(for: .feedList, keyMap: preferences.keyMap)
        var grid = CellGrid(rows: 40, columns: 60)
        help.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.contains { $0.hasPrefix("R x ") && $0.hasSuffix("Reload all feeds") })
        #expect(!grid.lines.contains { $0.hasSuffix("Reload the selected feed") })
    }

    @Test func theArticleColourIsTheTextsAndLinksAndLabelsKeepTheirOwn() throws {
        let config = Config(parsing: "color article color250 color235\ncolor article_link color33 default underline\n")
        #expect(config.warnings.isEmpty)
        var preferences = config.readerPreferences
        preferences.timeZone = utc
        let (_, screen) = try articleScreen(content: #"<p>Plain words and <a href="https://a.example/x">a link</a>.</p>"#, preferences: preferences)
        var grid = CellGrid(rows: 12, columns: 60)
        screen.render(into: &grid, in: grid.bounds)
        let row = try #require(grid.lines.firstIndex { $0.contains("Plain words") })
        let text = Style(foreground: .indexed(250), background: .indexed(235))
        #expect(grid[row, try #require(column(of: "Plain", in: grid, row: row))].style == text)
        #expect(grid[row, try #require(column(of: "a link", in: grid, row: row))].style == text)
        // The link's number: article_link's colour over the article's background.
        let number = try #require(column(of: "[1]", in: grid, row: row))
        #expect(grid[row, number].style == Style(foreground: .indexed(33), background: .indexed(235), attributes: .underline))
        // The header's labels keep article_header's look.
        let header = try #require(grid.lines.firstIndex { $0.hasPrefix("Title:") })
        #expect(grid[header, 0].style == Theme.standard.articleHeader)
    }

    /// The article view of one article with `content`; the store is returned to stay open.
    private func articleScreen(content: String, preferences: ReaderPreferences) throws -> (TestStore, ArticleScreen) {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        let item = Item(id: "one", title: "Story", link: "https://a.example/1", published: TestStore.baseDate, content: content)
        try test.store.upsert(Feed(format: .atom10, title: "Feed", items: [item]), forFeedURL: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        let row = try #require(try test.store.items(inFeed: feed.id).first)
        let stored = try #require(try test.store.item(row.id))
        return (test, ArticleScreen(item: stored, preferences: preferences))
    }

    private func column(of text: String, in grid: CellGrid, row: Int) -> Int? {
        guard let range = grid.lines[row].range(of: text) else { return nil }
        return DisplayWidth.of(String(grid.lines[row][..<range.lowerBound]))
    }
}
