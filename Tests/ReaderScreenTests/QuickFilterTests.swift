import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// `F`: the list narrows as the filter is typed, Enter keeps it, Esc clears it.
@MainActor
@Suite struct QuickFilterTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    /// The reader on the list of the articles `titles` (the last one newest).
    private func itemList(_ titles: [String], rows: Int = 8) throws -> ReaderDriver {
        try home.subscribe(["https://a.example/feed"])
        try home.cache().addItems(titles.count, to: "https://a.example/feed", title: "News") { titles[$0] }
        let reader = try home.driver(rows: rows, columns: 40)
        reader.settle()
        reader.settle(after: .enter)
        return reader
    }

    private func selectedTitle(_ reader: ReaderDriver) -> String? {
        (reader.state.top as? ItemListScreen)?.selectedItem(reader.state.pendingMarks)?.title
    }

    private func type(_ text: String, into reader: ReaderDriver) {
        reader.type(text)
        reader.settle()
    }

    @Test func typingNarrowsTheItemsEnterKeepsEscClears() throws {
        // Newest first: Tea, Café, 日本語, Cafeteria, Other.
        let reader = try itemList(["Other", "Cafeteria menu", "日本語のニュース", "Café culture", "Tea time"])
        reader.press(.down)
        #expect(selectedTitle(reader) == "Café culture")
        reader.press(.character("F"))
        type("CAFE", into: reader)
        try GoldenFrame(reader.frame).check("quick-filter")
        #expect(Array(reader.lines[1...6]) == [
            "N 2025-11-21  Café culture",
            "N 2025-11-21  Cafeteria menu",
            "", "", "",
            "Filter: CAFE",
        ])
        #expect(reader.lines[0].hasSuffix("filter: CAFE (2 of 5)"))
        #expect(selectedTitle(reader) == "Café culture")
        // Keys that mean something in the list are typed while filtering; arrows still move.
        reader.press(.down)
        #expect(selectedTitle(reader) == "Cafeteria menu")
        reader.press(.backspace)
        type("ete", into: reader)
        #expect(reader.lines[1] == "N 2025-11-21  Cafeteria menu" && reader.lines[6] == "Filter: CAFete")
        reader.settle(after: .enter)
        #expect(Array(reader.lines[1...6]) == ["N 2025-11-21  Cafeteria menu", "", "", "", "", ""])
        #expect(reader.lines[0].hasSuffix("filter: CAFete (1 of 5)"))
        // Kept: the usual keys work on the filtered rows (Enter opens, N marks it unread again).
        reader.settle(after: .enter)
        #expect((reader.state.top as? ArticleScreen)?.item.item.title == "Cafeteria menu")
        reader.settle(after: .character("q"), .character("N"))
        // Esc clears the filter and the selected item stays selected among all of them.
        reader.settle(after: .escape)
        #expect(reader.state.top is ItemListScreen)
        #expect(selectedTitle(reader) == "Cafeteria menu")
        #expect(reader.lines[4] == "N 2025-11-21  Cafeteria menu")
        #expect(reader.lines[0].hasSuffix("5 unread, 5 total"))
        // With no filter, Esc goes back as before.
        reader.press(.escape)
        #expect(reader.state.top is FeedListScreen)
    }

    @Test func escWhileTypingRestoresTheSelectionAndCJKFilters() throws {
        let reader = try itemList(["Other", "Cafeteria menu", "日本語のニュース", "Café culture", "Tea time"])
        reader.settle(after: .end)
        reader.press(.character("F"))
        type("ニュース", into: reader)
        #expect(reader.lines[1] == "N 2025-11-21  日本語のニュース  — Ann" && reader.lines[6] == "Filter: ニュース")
        type("x", into: reader)
        #expect(reader.lines[1] == "No article title contains “ニュースx”. …")
        #expect(selectedTitle(reader) == nil)
        reader.settle(after: .escape)
        // Nothing was selected in the filtered list: back to the item selected before.
        #expect(selectedTitle(reader) == "Other")
        #expect((reader.state.top as? ItemListScreen)?.quickFilter.isActive == false)
    }

    @Test func aLongFeedIsFilteredPageByPageInTheStore() throws {
        let reader = try itemList((0..<3_000).map { $0 % 3 == 0 ? "Match \($0)" : "Other \($0)" }, rows: 7)
        reader.press(.character("F"))
        type("match", into: reader)
        reader.settle(after: .enter)
        #expect(reader.lines[0].hasSuffix("filter: match (1000 of 3000)"))
        reader.settle(after: .end)
        #expect(selectedTitle(reader) == "Match 0")
        reader.settle(after: .home)
        #expect(selectedTitle(reader) == "Match 2997")
    }

    @Test func theFeedListFiltersByTitle() throws {
        try home.subscribe([
            #"https://a.example/feed "~Ünïcode News""#, #"https://b.example/feed "~Weather""#, #"https://c.example/feed "~日本のニュース""#,
        ])
        let reader = try home.driver(rows: 6, columns: 30)
        reader.settle()
        let feedList = { reader.state.top as? FeedListScreen }
        reader.press(.end)
        reader.press(.character("F"))
        reader.type("unicode")
        #expect(Array(reader.lines[1...4]) == ["   (0/0) Ünïcode News", "", "", "Filter: unicode"])
        // The title bar is too narrow for its detail here.
        #expect(feedList()?.title(reader.state.context).right == "filter: unicode (1 of 3)")
        reader.press(.enter)
        #expect(reader.state.top is FeedListScreen)
        let first = try #require(feedList()?.rows(reader.state.context).first)
        reader.settle(after: .enter)
        #expect((reader.state.top as? ItemListScreen)?.feed.id == first.id)
        reader.press(.character("q"))
        // A reload keeps the filter applied.
        reader.send(.storeChanged)
        reader.settle()
        #expect(feedList()?.rows(reader.state.context).map(\.displayTitle) == ["Ünïcode News"])
        // F again edits the kept filter; Esc clears it and keeps the selected feed.
        reader.press(.character("F"))
        for _ in 0..<7 { reader.press(.backspace) }
        reader.type("ニュース")
        #expect(reader.lines[1] == "   (0/0) 日本のニュース")
        reader.press(.escape)
        #expect(feedList()?.rows(reader.state.context).count == 3)
        #expect(feedList()?.selectedFeed(reader.state.context)?.displayTitle == "日本のニュース")
        reader.press(.escape)
        #expect(reader.state.top is FeedListScreen && reader.quitStatus == nil)
        reader.press(.character("q"))
        #expect(reader.quitStatus == 0)
    }
}
