import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// What the keys of a feed's list of articles do (how it is drawn is in ReaderScreenTests'
/// ItemListScreenTests).
@MainActor
@Suite struct ItemListKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.subscribe(["https://a.example/feed"])
    }

    /// The reader on the list of the feed's `count` articles.
    private func itemList(count: Int, rows: Int = 7, columns: Int = 30) throws -> ReaderDriver {
        try home.cache().addItems(count, to: "https://a.example/feed", title: "Example")
        let reader = try home.driver(rows: rows, columns: columns)
        reader.settle()
        reader.settle(after: .enter)
        return reader
    }

    private func selected(_ reader: ReaderDriver) -> ItemRow? {
        (reader.state.top as? ItemListScreen)?.selectedItem(reader.state.pendingMarks)
    }

    @Test func keysActOnTheSelectedArticle() throws {
        let reader = try itemList(count: 5)
        let item = try #require(selected(reader))
        #expect(item.title == "Item 4")
        reader.settle(after: .enter)
        #expect((reader.state.top as? ArticleScreen)?.item.id == item.id)
        reader.press(.character("q"))
        // The article was read on opening: unread again for what follows.
        reader.settle(after: .character("N"))
        #expect(selected(reader)?.isRead == false)
        reader.press(.character("o"))
        #expect(reader.openedURLs == ["https://example.org/4"])
        reader.press(.character("n"))
        #expect(reader.reads(of: UnreadJumpQuery.self).last?.kind == .acrossFeeds(from: item.id))
        reader.settle()
        reader.press(.character("q"))
        #expect(reader.state.top is ItemListScreen)
        reader.press(.home)
        reader.press(.character("N"))
        #expect(selected(reader)?.isRead == true)
        #expect(reader.lines.last?.hasPrefix(" Marked read") == true)
        reader.press(.character("A"))
        #expect(reader.lines[0].hasSuffix("0 unread, 5 total"))
        #expect(reader.reloadedURLs(by: .character("r")) == ["https://a.example/feed"])
        for key in [Key.left, .escape, .character("q")] {
            reader.press(key)
            #expect(reader.state.top is FeedListScreen, "\(key)")
            reader.settle(after: .enter)
        }
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
    }

    @Test func enterInAnEmptyFeedDoesNothing() throws {
        let reader = try itemList(count: 0)
        reader.settle(after: .enter)
        #expect(reader.state.top is ItemListScreen)
    }

    @Test func longFeedsAreReadPageByPage() throws {
        let reader = try itemList(count: 1_000, rows: 5)
        #expect(reader.lines[1] == "N 2026-01-01  Item 999")
        reader.settle(after: .character("G"))
        #expect(reader.lines[3].hasSuffix("Item 0  — Ann"))
        #expect((reader.state.top as? ItemListScreen)?.state.selection == 999)
        reader.settle(after: .pageUp)
        #expect(selected(reader)?.title == "Item 3")
        reader.settle(after: .home, .character("j"), .down)
        #expect(selected(reader)?.title == "Item 997")
    }
}
