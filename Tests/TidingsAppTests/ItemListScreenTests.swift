@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

@MainActor
@Suite struct ItemListScreenTests {
    private let utc = TimeZone(identifier: "UTC")!

    private func makeScreen(count: Int, makeTitle: @escaping (Int) -> String = { "Item \($0)" }) throws -> (TestStore, ItemListScreen) {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(count, to: "https://a.example/feed", title: "Example", makeTitle: makeTitle)
        let feed = try #require(try test.store.feedList().first)
        return (test, ItemListScreen(store: test.store, feed: feed, preferences: ReaderPreferences(timeZone: utc)))
    }

    @Test func newestFirstWithDatesMarkersAndAuthors() throws {
        let (test, screen) = try makeScreen(count: 3) { ["Release 1.0", "日本語のタイトルです", "Third \u{1B}]0;pwned\u{07}"][$0] }
        let first = try #require(screen.selectedItem)
        try test.store.markItem(first.id, read: true)
        try screen.refresh()
        var grid = CellGrid(rows: 4, columns: 48)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "  2025-11-21  Third ␛]0;pwned␇  — Ann",
            "N 2025-11-21  日本語のタイトルです",
            "N 2025-11-21  Release 1.0  — Ann",
            "",
        ])
        #expect(screen.title == "Example")
        #expect(screen.titleDetail == "2 unread, 3 total")
    }

    @Test func longFeedsAreReadPageByPage() throws {
        let (_, screen) = try makeScreen(count: 1_000)
        var grid = CellGrid(rows: 3, columns: 30)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.first == "N 2026-01-01  Item 999")
        _ = screen.handle(.character("G"))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.last?.hasSuffix("Item 0  — Ann") == true)
        #expect(screen.state.selection == 999)
        _ = screen.handle(.pageUp)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.selectedItem?.title == "Item 3")
        _ = screen.handle(.home)
        _ = screen.handle(.character("j"))
        _ = screen.handle(.down)
        #expect(screen.selectedItem?.title == "Item 997")
    }

    @Test func keysBecomeIntents() throws {
        let (_, screen) = try makeScreen(count: 5)
        var grid = CellGrid(rows: 5, columns: 30)
        screen.render(into: &grid, in: grid.bounds)
        let item = try #require(screen.selectedItem)
        #expect(screen.handle(.enter) == .openItem(item.id))
        #expect(screen.handle(.character("o")) == .openInBrowser("https://example.org/4"))
        #expect(screen.handle(.character("N")) == .toggleRead(item.id))
        #expect(screen.handle(.character("A")) == .markFeedRead(item.feedID))
        #expect(screen.handle(.character("r")) == .reloadFeed(item.feedID))
        #expect(screen.handle(.left) == .back)
        #expect(screen.handle(.escape) == .back)
        #expect(screen.handle(.character("q")) == .back)
        #expect(screen.handle(.character("Q")) == .quit)
        #expect(screen.handle(.character("n")) == .nextUnread(from: item.id))
    }

    @Test func newItemsArrivingKeepTheSelection() throws {
        let (test, screen) = try makeScreen(count: 5)
        var grid = CellGrid(rows: 5, columns: 30)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.down)
        #expect(screen.selectedItem?.title == "Item 3")
        try test.addItems(7, to: "https://a.example/feed", title: "Example")
        try screen.refresh()
        #expect(screen.selectedItem?.title == "Item 3")
        #expect(screen.feed.totalCount == 7)
    }

    @Test func emptyFeedSaysSo() throws {
        let (_, screen) = try makeScreen(count: 0)
        var grid = CellGrid(rows: 2, columns: 60)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["No articles in this feed yet. Press r to reload it.", ""])
        #expect(screen.handle(.enter) == nil)
    }

    @Test func unreadOnlyListsOnlyUnreadItems() throws {
        let (test, screen) = try makeScreen(count: 4)
        let newest = try #require(screen.selectedItem)
        try test.store.markItem(newest.id, read: true)
        let feed = try #require(try test.store.feedList().first)
        let unread = ItemListScreen(store: test.store, feed: feed, preferences: ReaderPreferences(hidesReadArticles: true, timeZone: utc))
        var grid = CellGrid(rows: 4, columns: 30)
        unread.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["N 2025-11-21  Item 2  — Ann", "N 2025-11-21  Item 1", "N 2025-11-21  Item 0  — Ann", ""])
        try test.store.markFeed(feed.id, read: true)
        try unread.refresh()
        var wide = CellGrid(rows: 2, columns: 40)
        unread.render(into: &wide, in: wide.bounds)
        #expect(wide.lines.first == "No unread articles in this feed.")
    }
}
