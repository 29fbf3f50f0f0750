@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

@MainActor
@Suite struct FeedListScreenTests {
    private func makeStore() throws -> TestStore {
        let test = try TestStore(subscriptions: [
            Subscription(url: "https://a.example/feed", customTitle: "My renamed feed"),
            Subscription(url: "https://b.example/feed"),
            Subscription(url: "https://c.example/feed", isHidden: true),
            Subscription(url: "https://d.example/feed"),
            Subscription(url: "https://e.example/feed"),
        ])
        try test.addItems(3, to: "https://a.example/feed", title: "Ignored own title")
        try test.addItems(12, to: "https://b.example/feed", title: "日本語のニュース🎌")
        try test.addItems(1, to: "https://c.example/feed", title: "Hidden")
        try test.addItems(2, to: "https://d.example/feed", title: "Evil\u{1B}[2J title\u{07}")
        try test.store.recordFailure(forFeedURL: "https://e.example/feed", reason: "HTTP 404")
        return test
    }

    @Test func rowsWithCountsMarksAndSafeTitles() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        screen.reloading = ["https://b.example/feed"]
        screen.spinnerFrame = "/"
        var grid = CellGrid(rows: 5, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            " N (3/3)   My renamed feed",
            "/N (12/12) 日本語のニュース🎌",
            " N (2/2)   Evil␛[2J title␇",
            "!  (0/0)   https://e.example/feed  — HT…",
            "",
        ])
        #expect(grid[0, 0].style.attributes.contains(.reverse))
        #expect(screen.titleDetail == "17 unread in 4 feeds")
    }

    @Test func keysBecomeIntents() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        var grid = CellGrid(rows: 3, columns: 30)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.handle(.character("j")) == nil)
        let second = screen.rows[1].id
        #expect(screen.handle(.enter) == .openFeed(second))
        #expect(screen.handle(.right) == .openFeed(second))
        #expect(screen.handle(.character("r")) == .reloadFeed(second))
        #expect(screen.handle(.character("R")) == .reloadAll)
        #expect(screen.handle(.character("A")) == .markFeedRead(second))
        #expect(screen.handle(.character("q")) == .quit)
        #expect(screen.handle(.character("Q")) == .quit)
        #expect(screen.handle(.character("?")) == .showHelp)
        #expect(screen.handle(.character("n")) == .nextUnread(from: nil))
        #expect(screen.handle(.character("o")) == .openInBrowser("https://example.org/"))
        #expect(screen.handle(.escape) == nil)
        _ = screen.handle(.character("G"))
        #expect(screen.selectedFeed?.url == "https://e.example/feed")
        #expect(screen.handle(.character("o")) == .status("This feed has no website link"))
    }

    @Test func theStarredEntryFollowsShowReadFeeds() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store, preferences: ReaderPreferences(hidesFeedsWithoutUnread: true))
        try screen.refresh()
        let feed = try #require(screen.rows.first)
        let item = try #require(try test.store.items(inFeed: feed.id).first)
        _ = try test.store.setStarred(true, item: item.id)
        try screen.refresh()
        #expect(screen.entries.first?.isStarred == true, "a starred article is unread")
        try test.store.markFeed(feed.id, read: true)
        try screen.refresh()
        #expect(!screen.entries.contains { $0.isStarred }, "every starred article read: hidden like a read feed")
        let showingAll = FeedListScreen(store: test.store, preferences: ReaderPreferences(hidesFeedsWithoutUnread: false))
        try showingAll.refresh()
        #expect(showingAll.entries.first?.isStarred == true)
    }

    @Test func refreshKeepsTheSelectedFeedAndCanHideReadFeeds() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store, preferences: ReaderPreferences(hidesFeedsWithoutUnread: true))
        try screen.refresh()
        #expect(screen.rows.map(\.url) == ["https://a.example/feed", "https://b.example/feed", "https://d.example/feed"])
        _ = screen.handle(.end)
        try test.store.markFeed(screen.rows[0].id, read: true)
        try screen.refresh()
        #expect(screen.rows.count == 2)
        #expect(screen.selectedFeed?.url == "https://d.example/feed")
    }

    @Test func tinyAndHugeSizes() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        for (rows, columns) in [(0, 0), (1, 1), (5, 20), (200, 500)] {
            var grid = CellGrid(rows: rows, columns: columns)
            screen.render(into: &grid, in: grid.bounds)
        }
        var grid = CellGrid(rows: 2, columns: 12)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [" N (3/3)   …", " N (12/12) …"])
    }
}

@MainActor
@Suite struct EmptyFeedListTests {
    @Test func emptyListsSayWhatToDo() throws {
        let empty = try TestStore(subscriptions: [])
        let screen = FeedListScreen(store: empty.store)
        try screen.refresh()
        var grid = CellGrid(rows: 2, columns: 100)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.first == "No feeds yet: press a to add one by its URL (or run `tidings add URL`).")
        #expect(screen.handle(.enter) == nil)
        #expect(screen.handle(.character("r")) == nil)

        let read = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try read.addItems(1, to: "https://a.example/feed")
        try read.store.markAllFeeds(read: true)
        let unreadOnly = FeedListScreen(store: read.store, preferences: ReaderPreferences(hidesFeedsWithoutUnread: true))
        try unreadOnly.refresh()
        unreadOnly.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.first == "No feed has unread articles (show-read-feeds is off). R reloads them all.")
    }
}

@MainActor
@Suite struct HugeTitleTests {
    /// A multi-megabyte title (the parser keeps up to 4 MB of a field) is cut on every screen.
    @Test func hugeTitlesAreCutEverywhere() throws {
        let title = String(repeating: "長いタイトル ", count: 300_000)
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.store.upsert(Feed(format: .rss20, title: title, items: [Item(id: "1", title: title, link: "https://a.example/1", author: title)]), forFeedURL: "https://a.example/feed")
        let feeds = FeedListScreen(store: test.store)
        try feeds.refresh()
        let navigation = NavigationController<ReaderIntent>(root: feeds)
        var grid = CellGrid(rows: 6, columns: 40)
        navigation.render(into: &grid)
        #expect(grid.lines[1] == " N (1/1) 長いタイトル 長いタイトル 長い…")
        let feed = try #require(feeds.selectedFeed)
        let list = ItemListScreen(store: test.store, feed: feed)
        navigation.push(list)
        navigation.render(into: &grid)
        #expect(grid.lines[0] == " 長いタイトル 長いタイトル 長いタイトル…")
        let row = try #require(try test.store.items(inFeed: feed.id).first)
        let item = try #require(try test.store.item(row.id))
        navigation.push(ArticleScreen(item: item))
        navigation.render(into: &grid)
        #expect(grid.lines[1].hasPrefix("Title: 長いタイトル"))
    }
}
