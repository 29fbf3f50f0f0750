@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// Whole frames as the reader draws them: title bar, the screen on top, status bar.
@MainActor
@Suite struct ReaderFrameTests {
    private func makeNavigation() throws -> (TestStore, NavigationController<ReaderIntent>, FeedListScreen) {
        let test = try TestStore(subscriptions: [
            Subscription(url: "https://a.example/feed"),
            Subscription(url: "https://b.example/feed"),
        ])
        try test.addItems(2, to: "https://a.example/feed", title: "日本語のニュース")
        try test.addItems(1, to: "https://b.example/feed", title: "Emoji 🎉 feed")
        let feeds = FeedListScreen(store: test.store)
        try feeds.refresh()
        let navigation = NavigationController<ReaderIntent>(root: feeds)
        navigation.statusHint = "?:Help"
        return (test, navigation, feeds)
    }

    @Test func feedListFrame() throws {
        let (_, navigation, _) = try makeNavigation()
        navigation.statusMessage = "Reloading 1/2 — 1 failed"
        var grid = CellGrid(rows: 6, columns: 44)
        navigation.render(into: &grid)
        #expect(grid.lines == [
            " Tidings — Feeds        3 unread in 2 feeds",
            " N (2/2) 日本語のニュース",
            " N (1/1) Emoji 🎉 feed",
            "",
            "",
            " Reloading 1/2 — 1 failed            ?:Help",
        ])
    }

    @Test func itemListFrameAtTheSmallestSupportedSize() throws {
        let (test, navigation, feeds) = try makeNavigation()
        let feed = try #require(feeds.selectedFeed)
        let list = ItemListScreen(store: test.store, feed: feed, preferences: ReaderPreferences(timeZone: TimeZone(identifier: "UTC")!))
        navigation.push(list)
        var grid = CellGrid(rows: 5, columns: 20)
        navigation.render(into: &grid)
        #expect(grid.lines == [
            " 日本語のニュース",
            "N 2025-11-21  Item 1",
            "N 2025-11-21  Item 0",
            "",
            "             ?:Help",
        ])
    }

    @Test func noSizeCrashes() throws {
        let (test, navigation, feeds) = try makeNavigation()
        let feed = try #require(feeds.selectedFeed)
        navigation.push(ItemListScreen(store: test.store, feed: feed))
        let row = try #require(try test.store.items(inFeed: feed.id).first)
        let item = try #require(try test.store.item(row.id))
        navigation.push(ArticleScreen(item: item))
        navigation.push(HelpScreen(for: .article))
        for _ in 0..<4 {
            for (rows, columns) in [(0, 0), (1, 1), (2, 2), (5, 20), (30, 100), (200, 500)] {
                var grid = CellGrid(rows: rows, columns: columns)
                navigation.render(into: &grid)
                #expect(grid.rows == rows)
            }
            navigation.pop()
        }
    }
}
