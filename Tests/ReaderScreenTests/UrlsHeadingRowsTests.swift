import Configuration
import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The urls file's headings (`"--- BLOGS ---"`, `" "`) as rows of the feed list: in their place,
/// drawn as newsboat draws them. (That they are never taken for feeds is in ReaderCoreTests'
/// UrlsHeadingKeysTests.)
@MainActor
@Suite struct UrlsHeadingRowsTests {
    let home: ReaderHome

    init() throws {
        #expect(UrlsFile(parsing: ReaderHome.urlsWithHeadings).problems.isEmpty)
        home = try ReaderHome()
        try home.writeFeedsUnderHeadings()
    }

    private func reader(config: String = "", rows: Int = 10) throws -> ReaderDriver {
        let reader = try home.driver(config: config, rows: rows, columns: 40)
        reader.settle()
        return reader
    }

    @Test func headingsAreRowsInTheirPlaceWithEmptyCounts() throws {
        let reader = try reader()
        try GoldenFrame(reader.frame).check("urls-headings")
        #expect(Array(reader.lines[1...8]) == [
            "   (0/0) --- NEWS ---",
            " N (2/2) Alpha",
            "   (0/0)",
            "   (0/0) ~~~~BLOGS~~~~",
            " N (1/1) Bravo",
            "   (0/0) --- Tech ---",
            " N (3/3) Delta",
            "",
        ])
        // They are no feeds: not counted, not among the feeds next-feed walks.
        #expect(reader.lines[0].hasSuffix("6 unread in 3 feeds"))
        let list = try #require(reader.state.feedList)
        let rows = list.rows(reader.state.context)
        #expect(rows.map(\.url) == ["https://a.example/feed", "https://b.example/feed", "https://d.example/feed"])
        #expect(list.feed(besides: rows[0].id, forward: true)?.url == "https://b.example/feed")
    }

    @Test func aHeadingIsDrawnThroughFeedlistFormat() throws {
        // newsboat users tell headings (no tags) from feeds with %?T?…&…?.
        let reader = try reader(config: #"feedlist-format "%3i %?T?%-5T %t&== %t ==? %U/%c""#)
        try GoldenFrame(reader.frame).check("urls-headings-format")
        #expect(Array(reader.lines[1...8]) == [
            "  1 == --- NEWS --- == 0/0",
            "  2 news  Alpha 2/2",
            "  3 ==   == 0/0",
            "  4 == ~~~~BLOGS~~~~ == 0/0",
            "  5 == Bravo == 1/1",
            "  6 tech  --- Tech --- 0/0",
            "  7 tech  Delta 3/3",
            "",
        ])
    }

    @Test func aTagListShowsTheHeadingsWithTheTag() throws {
        let reader = try reader(rows: 5)
        reader.settle(after: .character("t"))
        reader.press(.character("j"))
        #expect((reader.state.top as? TagListScreen)?.selectedTag?.tag == "tech")
        reader.settle(after: .enter)
        #expect(Array(reader.lines[1...3]) == ["   (0/0) --- Tech ---", " N (3/3) Delta", ""])
    }

    @Test func headingsGoWithReadFeedsFiltersAndOtherOrders() throws {
        // show-read-feeds off hides them as it hides a feed with nothing unread.
        let unreadOnly = try reader(config: "show-read-feeds no", rows: 6)
        #expect(Array(unreadOnly.lines[1...4]) == [" N (2/2) Alpha", " N (1/1) Bravo", " N (3/3) Delta", ""])
        // Sorted otherwise, they would head feeds they do not head.
        let sorted = try reader(config: "feed-sort-order title-desc", rows: 6)
        #expect(Array(sorted.lines[1...4]) == [" N (3/3) Delta", " N (1/1) Bravo", " N (2/2) Alpha", ""])
        let filtered = try reader(rows: 5)
        filtered.press(.character("f"))
        filtered.type("unread_count > 1")
        filtered.settle(after: .enter)
        #expect(Array(filtered.lines[1...3]) == [" N (2/2) Alpha", " N (3/3) Delta", ""])
    }
}
