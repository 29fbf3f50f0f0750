@testable import Configuration
import FeedModel
import FeedStore
import FilterLanguage
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// The urls file's headings (`"--- BLOGS ---"`, `" "`) as rows of the feed list: in their place,
/// drawn as newsboat draws them, and never taken for feeds.
@MainActor
@Suite struct UrlsHeadingRowsTests {
    nonisolated static let urls = #"""
        "--- NEWS ---"
        https://a.example/feed news
        " "
        ~~~~BLOGS~~~~
        https://b.example/feed
        https://c.example/feed "!"
        "--- Tech ---" tech
        https://d.example/feed tech
        "never shown" "!"
        """#

    private func makeList(_ preferences: ReaderPreferences = ReaderPreferences(), tag: String? = nil) throws -> (TestStore, FeedListScreen) {
        let file = UrlsFile(parsing: Self.urls)
        #expect(file.problems.isEmpty)
        let test = try TestStore(subscriptions: file.subscriptions)
        try test.addItems(2, to: "https://a.example/feed", title: "Alpha")
        try test.addItems(1, to: "https://b.example/feed", title: "Bravo")
        try test.addItems(3, to: "https://d.example/feed", title: "Delta")
        let screen = FeedListScreen(storeView: StoreView(immediate: test.store), preferences: preferences, tag: tag, headings: file.headings)
        screen.refresh()
        return (test, screen)
    }

    private func lines(_ screen: FeedListScreen, rows: Int = 8, columns: Int = 40) -> [String] {
        var grid = CellGrid(rows: rows, columns: columns)
        screen.render(into: &grid, in: grid.bounds)
        return grid.lines
    }

    @Test func headingsAreRowsInTheirPlaceWithEmptyCounts() throws {
        let (_, screen) = try makeList()
        #expect(lines(screen) == [
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
        #expect(screen.titleDetail == "6 unread in 3 feeds")
        #expect(screen.rows.map(\.url) == ["https://a.example/feed", "https://b.example/feed", "https://d.example/feed"])
        #expect(screen.feed(besides: screen.rows[0].id, forward: true)?.url == "https://b.example/feed")
    }

    @Test func aHeadingIsDrawnThroughFeedlistFormat() throws {
        // newsboat users tell headings (no tags) from feeds with %?T?…&…?.
        let (_, screen) = try makeList(ReaderPreferences(feedListFormat: "%3i %?T?%-5T %t&== %t ==? %U/%c"))
        #expect(lines(screen) == [
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

    @Test func keysOnAHeadingSayItIsNoFeed() throws {
        let (_, screen) = try makeList()
        _ = lines(screen)
        let message = ReaderIntent.status("--- NEWS --- is a heading in the urls file, not a feed")
        for key in ["l", "r", "A", "o", "e", "T", "D", "K", "J"] {
            #expect(screen.handle(.character(Character(key))) == message, "\(key)")
        }
        #expect(screen.handle(.enter) == message)
        _ = screen.handle(.character("j"))
        _ = screen.handle(.character("j"))
        #expect(screen.handle(.enter) == .status("This blank row is a heading in the urls file, not a feed"))
        _ = screen.handle(.character("j"))
        _ = screen.handle(.character("j"))
        #expect(screen.selectedFeed?.url == "https://b.example/feed")
        // A feed next to a heading moves past the heading alone, into the next section.
        let headings = UrlsFile(parsing: Self.urls).headings
        #expect(screen.handle(.character("J")) == .moveFeedPastHeading(screen.rows[1].id, headings[3]))
        #expect(screen.handle(.character("K")) == .moveFeedPastHeading(screen.rows[1].id, headings[2]))
        _ = screen.handle(.character("k"))
        _ = screen.handle(.character("k"))
        _ = screen.handle(.character("k"))
        #expect(screen.selectedFeed?.url == "https://a.example/feed")
        #expect(screen.handle(.character("J")) == .moveFeedPastHeading(screen.rows[0].id, headings[1]))
        #expect(screen.handle(.character("K")) == .moveFeedPastHeading(screen.rows[0].id, headings[0]))
    }

    @Test func aTagListShowsTheHeadingsWithTheTag() throws {
        let (_, screen) = try makeList(tag: "tech")
        #expect(lines(screen, rows: 3) == ["   (0/0) --- Tech ---", " N (3/3) Delta", ""])
    }

    @Test func headingsGoWithReadFeedsFiltersAndOtherOrders() throws {
        // show-read-feeds off hides them as it hides a feed with nothing unread.
        let (_, unreadOnly) = try makeList(ReaderPreferences(hidesFeedsWithoutUnread: true))
        #expect(lines(unreadOnly, rows: 4) == [" N (2/2) Alpha", " N (1/1) Bravo", " N (3/3) Delta", ""])
        // Sorted otherwise, they would head feeds they do not head.
        let (_, sorted) = try makeList(ReaderPreferences(feedSortOrder: FeedOrder(.title, descending: true)))
        #expect(lines(sorted, rows: 4) == [" N (3/3) Delta", " N (1/1) Bravo", " N (2/2) Alpha", ""])
        let (_, filtered) = try makeList()
        _ = filtered.applyFilter(ListFilter(expression: try FilterParser.parse("unread_count > 1"), label: "busy"))
        #expect(lines(filtered, rows: 3) == [" N (2/2) Alpha", " N (3/3) Delta", ""])
    }
}

/// Moving a feed past a heading, as the reader does it: on the file, then again with the headings
/// the first move handed back.
@Suite struct UrlsHeadingMoveTests {
    @Test func aFeedMovesPastHeadingsOneAtATime() throws {
        let test = try TestStore(subscriptions: [])
        let path = test.directory.appendingPathComponent("urls").path
        try Data(UrlsHeadingRowsTests.urls.utf8).write(to: URL(fileURLWithPath: path))
        let headings = UrlsFile(parsing: UrlsHeadingRowsTests.urls).headings
        // Bravo down past "--- Tech ---" (line 7): it heads the Tech section now.
        let first = UrlsFileEdit(change: .swapWithHeading("https://b.example/feed", headings[3])).apply(urlsPath: path, store: test.store)
        try #require(first.changed, "\(first)")
        // Then up past it again, and past ~~~~BLOGS~~~~: each found on the line the move before left it.
        let second = UrlsFileEdit(change: .swapWithHeading("https://b.example/feed", first.headings[3])).apply(urlsPath: path, store: test.store)
        try #require(second.changed, "\(second)")
        let third = UrlsFileEdit(change: .swapWithHeading("https://b.example/feed", second.headings[2])).apply(urlsPath: path, store: test.store)
        try #require(third.changed, "\(third)")
        let file = try UrlsFile.load(from: URL(fileURLWithPath: path))
        #expect(file.text == """
            "--- NEWS ---"
            https://a.example/feed news
            " "
            https://b.example/feed
            ~~~~BLOGS~~~~
            https://c.example/feed "!"
            "--- Tech ---" tech
            https://d.example/feed tech
            "never shown" "!"
            """ + "\n")
        #expect(file.headings.map(\.feedsBefore) == [0, 1, 2, 3, 4])
        #expect(try test.store.feedList().map(\.url) == ["https://a.example/feed", "https://b.example/feed", "https://d.example/feed"])
    }
}
