@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `F`: the list narrows as the filter is typed, Enter keeps it, Esc clears it.
@MainActor
@Suite struct QuickFilterTests {
    private let utc = TimeZone(identifier: "UTC")!

    private func type(_ text: String, into screen: ItemListScreen) {
        for character in text { _ = screen.handle(.character(character)) }
    }

    private func makeItemList(_ titles: [String]) throws -> (TestStore, ItemListScreen) {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(titles.count, to: "https://a.example/feed", title: "News") { titles[$0] }
        let feed = try #require(try test.store.feedList().first)
        return (test, ItemListScreen(store: test.store, feed: feed, preferences: ReaderPreferences(timeZone: utc)))
    }

    @Test func typingNarrowsTheItemsEnterKeepsEscClears() throws {
        // Newest first: Tea, Café, 日本語, Cafeteria, Other.
        let (_, screen) = try makeItemList(["Other", "Cafeteria menu", "日本語のニュース", "Café culture", "Tea time"])
        var grid = CellGrid(rows: 6, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.down)
        #expect(screen.selectedItem?.title == "Café culture")
        #expect(screen.handle(.character("F")) == nil)
        type("CAFE", into: screen)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "N 2025-11-21  Café culture",
            "N 2025-11-21  Cafeteria menu",
            "", "", "",
            "Filter: CAFE",
        ])
        #expect(screen.titleDetail == "filter: CAFE (2 of 5)")
        #expect(screen.selectedItem?.title == "Café culture")
        // Keys that mean something in the list are typed while filtering; arrows still move.
        _ = screen.handle(.down)
        #expect(screen.selectedItem?.title == "Cafeteria menu")
        _ = screen.handle(.backspace)
        type("ete", into: screen)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "N 2025-11-21  Cafeteria menu" && grid.lines[5] == "Filter: CAFete")
        #expect(screen.handle(.enter) == nil)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["N 2025-11-21  Cafeteria menu", "", "", "", "", ""])
        #expect(screen.titleDetail == "filter: CAFete (1 of 5)")
        // Kept: the usual keys work on the filtered rows.
        #expect(screen.handle(.enter) == screen.selectedItem.map { .openItem($0.id) })
        // Esc clears the filter and the selected item stays selected among all of them.
        #expect(screen.handle(.escape) == nil)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.selectedItem?.title == "Cafeteria menu")
        #expect(grid.lines.count == 6 && grid.lines[3] == "N 2025-11-21  Cafeteria menu")
        #expect(screen.titleDetail == "5 unread, 5 total")
        // With no filter, Esc goes back as before.
        #expect(screen.handle(.escape) == .back)
    }

    @Test func escWhileTypingRestoresTheSelectionAndCJKFilters() throws {
        let (_, screen) = try makeItemList(["Other", "Cafeteria menu", "日本語のニュース", "Café culture", "Tea time"])
        var grid = CellGrid(rows: 6, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.end)
        _ = screen.handle(.character("F"))
        type("ニュース", into: screen)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "N 2025-11-21  日本語のニュース  — Ann" && grid.lines[5] == "Filter: ニュース")
        type("x", into: screen)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "No article title contains “ニュースx”. …")
        #expect(screen.selectedItem == nil)
        _ = screen.handle(.escape)
        screen.render(into: &grid, in: grid.bounds)
        // Nothing was selected in the filtered list: back to the item selected before.
        #expect(screen.selectedItem?.title == "Other")
        #expect(!screen.quickFilter.isActive)
    }

    @Test func aLongFeedIsFilteredPageByPageInTheStore() throws {
        let (_, screen) = try makeItemList((0..<3_000).map { $0 % 3 == 0 ? "Match \($0)" : "Other \($0)" })
        var grid = CellGrid(rows: 5, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.character("F"))
        type("match", into: screen)
        _ = screen.handle(.enter)
        #expect(screen.titleDetail == "filter: match (1000 of 3000)")
        _ = screen.handle(.end)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.selectedItem?.title == "Match 0")
        _ = screen.handle(.home)
        #expect(screen.selectedItem?.title == "Match 2997")
    }

    @Test func theFeedListFiltersByTitle() throws {
        let test = try TestStore(subscriptions: [
            Subscription(url: "https://a.example/feed", customTitle: "Ünïcode News"),
            Subscription(url: "https://b.example/feed", customTitle: "Weather"),
            Subscription(url: "https://c.example/feed", customTitle: "日本のニュース"),
        ])
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        var grid = CellGrid(rows: 4, columns: 30)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.end)
        _ = screen.handle(.character("F"))
        for character in "unicode" { _ = screen.handle(.character(character)) }
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["   (0/0) Ünïcode News", "", "", "Filter: unicode"])
        #expect(screen.titleDetail == "filter: unicode (1 of 3)")
        #expect(screen.handle(.enter) == nil)
        #expect(screen.handle(.enter) == .openFeed(screen.rows[0].id))
        // A reload keeps the filter applied.
        try screen.refresh()
        #expect(screen.rows.map(\.displayTitle) == ["Ünïcode News"])
        // F again edits the kept filter; Esc clears it and keeps the selected feed.
        _ = screen.handle(.character("F"))
        for _ in 0..<7 { _ = screen.handle(.backspace) }
        for character in "ニュース" { _ = screen.handle(.character(character)) }
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "   (0/0) 日本のニュース")
        _ = screen.handle(.escape)
        #expect(screen.rows.count == 3)
        #expect(screen.selectedFeed?.displayTitle == "日本のニュース")
        #expect(screen.handle(.escape) == nil)
        #expect(screen.handle(.character("q")) == .quit)
    }
}
