import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// Space expands an item into a preview of its text and collapses it; `show-excerpts` puts a
/// line of text under every title.
@MainActor
@Suite struct ItemPreviewTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.subscribe(["https://a.example/feed"])
    }

    /// The reader on the list of `items`.
    private func itemList(_ items: [Item], config: String = "", rows: Int, columns: Int) throws -> ReaderDriver {
        try home.cache().upsert(Feed(format: .rss20, title: "Feed", items: items), forFeedURL: "https://a.example/feed")
        let reader = try home.driver(config: config, rows: rows, columns: columns)
        reader.settle()
        reader.settle(after: .enter)
        return reader
    }

    private func item(_ number: Int, _ html: String, title: String? = nil) -> Item {
        Item(id: "\(number)", title: title ?? "Item \(number)", link: "https://a.example/\(number)",
             published: TestStore.baseDate.addingTimeInterval(Double(number) * 3600), summary: html)
    }

    private func list(_ reader: ReaderDriver) throws -> ItemListScreen {
        try #require(reader.state.top as? ItemListScreen)
    }

    @Test func spaceExpandsAPreviewInPlaceAndCollapsesIt() throws {
        let reader = try itemList([
            item(0, "<p>Oldest.</p>"),
            item(1, "<p>First paragraph with <b>bold</b> and a <a href=\"https://x.example/\">link</a>.</p><p>Second paragraph.</p>"),
            item(2, "<p>Newest.</p>"),
        ], rows: 14, columns: 40)
        reader.press(.down)
        reader.settle(after: .character(" "))
        #expect(reader.state.message == nil, "space is no unknown key")
        // Rendered as in the article view: bold stays bold; only the title line is highlighted.
        try GoldenFrame(reader.frame).check("preview-expanded")
        let grid = reader.frame.grid
        #expect(grid[3, 23].style.attributes.contains(.bold))
        #expect(grid[2, 0].style.attributes.contains(.reverse) && !grid[3, 2].style.attributes.contains(.reverse))
        // Moving goes over items, not preview lines; the expanded state stays with the item.
        reader.press(.down)
        #expect(try list(reader).selectedItem(reader.state.pendingMarks)?.title == "Item 0")
        reader.settle(after: .character(" "))
        #expect(reader.lines[7...9] == ["N 2025-11-21  Item 0", "  Oldest.", ""])
        reader.settle(after: .up, .character(" "))
        #expect(Array(reader.lines[1...12]) == ["N 2025-11-21  Item 2", "N 2025-11-21  Item 1", "N 2025-11-21  Item 0", "  Oldest."] + Array(repeating: "", count: 8))
        #expect(try list(reader).expanded.count == 1)
    }

    @Test func longTextIsCutToAThirdOfTheScreenWithAnEllipsis() throws {
        let paragraphs = (1...20).map { "<p>Paragraph \($0).</p>" }.joined()
        let reader = try itemList([item(0, paragraphs)], rows: 17, columns: 30)
        reader.settle(after: .character(" "))
        #expect(Array(reader.lines[1...7]) == ["N 2025-11-21  Item 0", "  Paragraph 1.", "", "  Paragraph 2.", "", "  …", ""])
        #expect(reader.frame.grid[6, 2].style.attributes.contains(.dim))
    }

    @Test func theListScrollsToShowAnExpandedPreviewAtTheBottom() throws {
        let reader = try itemList((0..<10).map { item($0, "<p>Text \($0) one.</p><p>Text \($0) two.</p>") }, rows: 8, columns: 30)
        for _ in 0..<5 { reader.press(.down) }
        #expect(reader.lines[6] == "N 2025-11-21  Item 4")
        reader.settle(after: .character(" "))
        #expect(Array(reader.lines[1...6]) == [
            "N 2025-11-21  Item 6", "N 2025-11-21  Item 5",
            "N 2025-11-21  Item 4", "  Text 4 one.", "", "  Text 4 two.",
        ])
    }

    @Test func previewsAreRenderedOncePerItemNotPerFrame() throws {
        let reader = try itemList([item(0, "<p>Before.</p>")], rows: 7, columns: 30)
        reader.settle(after: .character(" "))
        #expect(reader.lines[2] == "  Before.")
        // The text changes in the store behind the screen's back: frames keep the rendered preview…
        try reader.store.upsert(Feed(format: .rss20, title: "Feed", items: [item(0, "<p>After.</p>")]), forFeedURL: "https://a.example/feed")
        #expect(reader.lines[2] == "  Before.")
        // …until the list is read again (after a reload), which reads and renders it again.
        reader.noticeCacheChanges()
        #expect(reader.lines[2] == "  After.")
    }

    @Test func anItemWithoutTextSaysSo() throws {
        let reader = try itemList([Item(id: "0", title: "Bare", published: TestStore.baseDate)], rows: 5, columns: 30)
        reader.settle(after: .character(" "))
        #expect(Array(reader.lines[1...3]) == ["N 2025-11-21  Bare", "  (no text)", ""])
    }

    @Test func excerptsUnderEveryTitle() throws {
        let reader = try itemList([
            item(0, "<p>短い本文です。日本語のテキストが続きます。</p>"),
            item(1, "<p>A   summary\nwith <i>markup</i> that runs on for longer than the row.</p>"),
            Item(id: "2", title: "No text", published: TestStore.baseDate.addingTimeInterval(7200)),
        ], config: "show-excerpts yes", rows: 9, columns: 32)
        try GoldenFrame(reader.frame).check("excerpts")
        #expect(Array(reader.lines[1...7]) == [
            "N 2025-11-21  No text",
            "",
            "N 2025-11-21  Item 1",
            "  A summary with markup that ru…",
            "N 2025-11-21  Item 0",
            "  短い本文です。日本語のテキス…",
            "",
        ])
        #expect(reader.frame.grid[4, 2].style.attributes.contains(.dim))
        // Paging moves by the items on screen (three of two lines), and a preview replaces the excerpt.
        reader.press(.down)
        reader.settle(after: .character(" "))
        #expect(reader.lines[3...5] == ["N 2025-11-21  Item 1", "  A summary with markup that", "  runs on for longer than the"])
    }
}
