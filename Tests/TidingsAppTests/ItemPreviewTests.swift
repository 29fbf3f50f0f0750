@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// Space expands an item into a preview of its text and collapses it; `show-excerpts` puts a
/// line of text under every title.
@MainActor
@Suite struct ItemPreviewTests {
    private let utc = TimeZone(identifier: "UTC")!

    private func makeScreen(_ items: [Item], preferences: ReaderPreferences? = nil) throws -> (TestStore, ItemListScreen) {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.store.upsert(Feed(format: .rss20, title: "Feed", items: items), forFeedURL: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        return (test, ItemListScreen(store: test.store, feed: feed, preferences: preferences ?? ReaderPreferences(timeZone: utc)))
    }

    private func item(_ number: Int, _ html: String, title: String? = nil) -> Item {
        Item(id: "\(number)", title: title ?? "Item \(number)", link: "https://a.example/\(number)",
             published: TestStore.baseDate.addingTimeInterval(Double(number) * 3600), summary: html)
    }

    @Test func spaceExpandsAPreviewInPlaceAndCollapsesIt() throws {
        let (_, screen) = try makeScreen([
            item(0, "<p>Oldest.</p>"),
            item(1, "<p>First paragraph with <b>bold</b> and a <a href=\"https://x.example/\">link</a>.</p><p>Second paragraph.</p>"),
            item(2, "<p>Newest.</p>"),
        ])
        var grid = CellGrid(rows: 12, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.down)
        #expect(screen.handle(.character(" ")) == nil)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "N 2025-11-21  Item 2",
            "N 2025-11-21  Item 1",
            "  First paragraph with bold and a",
            "  link[1].",
            "",
            "  Second paragraph.",
            "N 2025-11-21  Item 0",
            "", "", "", "", "",
        ])
        // Rendered as in the article view: bold stays bold.
        #expect(grid[2, 23].style.attributes.contains(.bold))
        // Only the title line is highlighted.
        #expect(grid[1, 0].style.attributes.contains(.reverse) && !grid[2, 2].style.attributes.contains(.reverse))
        // Moving goes over items, not preview lines; the expanded state stays with the item.
        _ = screen.handle(.down)
        #expect(screen.selectedItem?.title == "Item 0")
        _ = screen.handle(.character(" "))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[6...8] == ["N 2025-11-21  Item 0", "  Oldest.", ""])
        _ = screen.handle(.up)
        _ = screen.handle(.character(" "))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["N 2025-11-21  Item 2", "N 2025-11-21  Item 1", "N 2025-11-21  Item 0", "  Oldest."] + Array(repeating: "", count: 8))
        #expect(screen.expanded.count == 1)
    }

    @Test func longTextIsCutToAThirdOfTheScreenWithAnEllipsis() throws {
        let paragraphs = (1...20).map { "<p>Paragraph \($0).</p>" }.joined()
        let (_, screen) = try makeScreen([item(0, paragraphs)])
        var grid = CellGrid(rows: 15, columns: 30)
        _ = screen.handle(.character(" "))
        screen.render(into: &grid, in: grid.bounds)
        #expect(Array(grid.lines.prefix(7)) == [
            "N 2025-11-21  Item 0", "  Paragraph 1.", "", "  Paragraph 2.", "", "  …", "",
        ])
        #expect(grid[5, 2].style.attributes.contains(.dim))
    }

    @Test func theListScrollsToShowAnExpandedPreviewAtTheBottom() throws {
        let (_, screen) = try makeScreen((0..<10).map { item($0, "<p>Text \($0) one.</p><p>Text \($0) two.</p>") })
        var grid = CellGrid(rows: 6, columns: 30)
        screen.render(into: &grid, in: grid.bounds)
        for _ in 0..<5 { _ = screen.handle(.down) }
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.last == "N 2025-11-21  Item 4")
        _ = screen.handle(.character(" "))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "N 2025-11-21  Item 6", "N 2025-11-21  Item 5",
            "N 2025-11-21  Item 4", "  Text 4 one.", "", "  Text 4 two.",
        ])
    }

    @Test func previewsAreRenderedOncePerItemNotPerFrame() throws {
        let (test, screen) = try makeScreen([item(0, "<p>Before.</p>")])
        var grid = CellGrid(rows: 5, columns: 30)
        _ = screen.handle(.character(" "))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[1] == "  Before.")
        // The text changes in the store behind the screen's back: frames keep the cached preview…
        try test.store.upsert(Feed(format: .rss20, title: "Feed", items: [item(0, "<p>After.</p>")]), forFeedURL: "https://a.example/feed")
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[1] == "  Before.")
        // …until the list is refreshed (after a reload), which renders it again.
        try screen.refresh()
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[1] == "  After.")
    }

    @Test func anItemWithoutTextSaysSo() throws {
        let (_, screen) = try makeScreen([Item(id: "0", title: "Bare", published: TestStore.baseDate)])
        var grid = CellGrid(rows: 3, columns: 30)
        _ = screen.handle(.character(" "))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["N 2025-11-21  Bare", "  (no text)", ""])
    }

    @Test func excerptsUnderEveryTitle() throws {
        let (_, screen) = try makeScreen(
            [
                item(0, "<p>短い本文です。日本語のテキストが続きます。</p>"),
                item(1, "<p>A   summary\nwith <i>markup</i> that runs on for longer than the row.</p>"),
                Item(id: "2", title: "No text", published: TestStore.baseDate.addingTimeInterval(7200)),
            ],
            preferences: ReaderPreferences(showsExcerpts: true, timeZone: utc))
        var grid = CellGrid(rows: 7, columns: 32)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "N 2025-11-21  No text",
            "",
            "N 2025-11-21  Item 1",
            "  A summary with markup that ru…",
            "N 2025-11-21  Item 0",
            "  短い本文です。日本語のテキス…",
            "",
        ])
        #expect(grid[3, 2].style.attributes.contains(.dim))
        // Paging moves by the items on screen (three of two lines), and a preview replaces the excerpt.
        _ = screen.handle(.down)
        _ = screen.handle(.character(" "))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[2...4] == ["N 2025-11-21  Item 1", "  A summary with markup that", "  runs on for longer than the"])
    }
}
