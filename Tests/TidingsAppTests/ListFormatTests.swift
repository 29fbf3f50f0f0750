@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `feedlist-format` and `articlelist-format`: parsing, widths by display columns, the fill to
/// the right edge, and both lists drawn with a format.
@MainActor
@Suite struct ListFormatTests {
    private let utc = TimeZone(identifier: "UTC")!

    private func line(_ format: String, width: Int, _ values: [Character: String]) -> String {
        ListFormat(format, kind: .articleList).render(width: width, style: .plain) { (values[$0] ?? "", nil) }.plainText
    }

    @Test func widthsPadAndCutByColumns() {
        #expect(line("[%5t]", width: 40, ["t": "ab"]) == "[   ab]")
        #expect(line("[%-5t]", width: 40, ["t": "ab"]) == "[ab   ]")
        #expect(line("[%-5t]", width: 40, ["t": "abcdefgh"]) == "[abcd…]")
        // Japanese: two columns a character; a character that would straddle the edge is left out.
        #expect(line("[%-6t]", width: 40, ["t": "日本語のタイトル"]) == "[日本… ]")
        #expect(line("[%-7t]", width: 40, ["t": "日本語"]) == "[日本語 ]")
        #expect(line("[%4t]", width: 40, ["t": "日本"]) == "[日本]")
        #expect(line("%t 100%% %a", width: 40, ["t": "T", "a": "A"]) == "T 100% A")
    }

    @Test func theFillPushesTheRestToTheRightEdge() {
        #expect(line("%t%> %D", width: 20, ["t": "Title", "D": "2025-11-21"]) == "Title     2025-11-21")
        #expect(line("%t%>.%D", width: 20, ["t": "Title", "D": "11-21"]) == "Title..........11-21")
        // Too long: the left part is cut, the right part stays.
        #expect(line("%t%> %D", width: 16, ["t": "A much longer title", "D": "11-21"]) == "A much lon…11-21")
        // A wide fill character leaves a space where half of it would go.
        #expect(line("%t%>日%D", width: 8, ["t": "a", "D": "b"]) == "a日日日b")
        #expect(line("%t%>日%D", width: 9, ["t": "a", "D": "b"]) == "a日日日 b")
        // Only the first fill counts.
        #expect(line("%t%> %a%>-%D", width: 10, ["t": "t", "a": "a", "D": "d"]) == "t       ad")
    }

    @Test func conditionalsChooseByWhetherTheFieldIsEmpty() {
        let format = "%?T?[%T] &?%t%?a? by %a&, anonymous?"
        #expect(line(format, width: 40, ["t": "Title", "T": "Feed", "a": "Ann"]) == "[Feed] Title by Ann")
        #expect(line(format, width: 40, ["t": "Title"]) == "Title, anonymous")
        // The usual published idiom, with a width inside the branch.
        #expect(line("%4i %f %D %?T?|%-10T|  ?%t", width: 40, ["i": "1", "f": "N", "D": "11-21", "T": "日本語の", "t": "x"])
                == "   1 N 11-21 |日本語の  |  x")
        #expect(ListFormat("%?T?%T&-?", kind: .articleList).unknown.isEmpty)
        #expect(ListFormat("%?q?a&b?", kind: .articleList).unknown == ["%?q?"])
        #expect(ListFormat("%?T?%x&b?", kind: .articleList).unknown == ["%x"])
    }

    /// A specifier a list does not have is left out and the rest of the format drawn, as newsboat
    /// does, without a warning (issue 45 §17); a title format's is still refused with one.
    @Test func unknownSpecifiersAreLeftOutOfTheListsFormats() {
        #expect(ListFormat("%4i %n %11u %t", kind: .feedList).unknown.isEmpty)
        #expect(ListFormat("%4i %f %D %t %a %T", kind: .articleList).unknown.isEmpty)
        #expect(ListFormat("%u", kind: .articleList).unknown == ["%u"])
        #expect(ListFormat.problem(in: "%4i %x %-3q %t", kind: .articleList) == nil)
        #expect(ListFormat("%4i %x|%-3q %t", kind: .articleList).text { $0 == "t" ? "Title" : "1" } == "   1 | Title")
        #expect(ListFormat.problem(in: "%N %x", kind: .feedListTitle)?.hasPrefix("feedlist-title-format: %x is not understood") == true)
        let config = Config(parsing: "feedlist-format \"%t %Z\"\narticlelist-format \"%D %?T?%T &?%t\"\n")
        #expect(config.warnings.isEmpty)
        #expect(config.feedListFormat == "%t %Z")
        #expect(config.articleListFormat == "%D %?T?%T &?%t")
    }

    @Test func itemListRowsByFormatWithFlagsAndDates() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        let items = [
            Item(id: "1", title: "日本語のとても長いタイトルです", link: "https://a.example/1", author: "著者",
                 published: TestStore.baseDate, summary: "<p>x</p>",
                 enclosures: [Enclosure(url: "https://a.example/1.mp3", type: "audio/mpeg", length: 1)]),
            Item(id: "2", title: "Plain title", link: "https://a.example/2", author: "Ann", published: TestStore.baseDate.addingTimeInterval(86_400)),
        ]
        try test.store.upsert(Feed(format: .rss20, title: "Feed", items: items), forFeedURL: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        let older = try #require(try test.store.items(inFeed: feed.id).last)
        try test.store.setStarred(true, item: older.id)
        try test.store.markItem(older.id, read: true)
        let preferences = ReaderPreferences(
            articleListFormat: "%3i %f %D %-12t|%a%> %T", dateTimeFormat: "%d %b", timeZone: utc)
        let screen = ItemListScreen(store: test.store, feed: feed, preferences: preferences)
        var grid = CellGrid(rows: 3, columns: 50)
        screen.render(into: &grid, in: grid.bounds)
        // `%T`, the article's feed, is empty in a feed's own list (as in newsboat).
        #expect(grid.lines == [
            "  1 N   22 Nov Plain title |Ann",
            "  2  *+ 21 Nov 日本語のと… |著者",
            "",
        ])
        // The row's style: unread bold, read plain (the theme's list styles).
        #expect(grid[0, 20].style.attributes.contains(.bold))
        #expect(!grid[1, 20].style.attributes.contains(.bold))
    }

    @Test func feedListRowsByFormat() throws {
        let test = try TestStore(subscriptions: [
            Subscription(url: "https://a.example/feed", tags: ["news", "tech"]),
            Subscription(url: "https://b.example/feed"),
        ])
        try test.addItems(12, to: "https://a.example/feed", title: "Ａ feed")
        try test.store.recordFailure(forFeedURL: "https://b.example/feed", reason: "HTTP 500")
        let screen = FeedListScreen(store: test.store, preferences: ReaderPreferences(feedListFormat: "%S%2i %n %u %-8t [%T] %U/%c%>-|"))
        try screen.refresh()
        screen.reloading = ["https://a.example/feed"]
        screen.spinnerFrame = "/"
        var grid = CellGrid(rows: 3, columns: 50)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "/ 1 N (12/12) Ａ feed  [news tech] 12/12---------|",
            "! 2   (0/0)   https:/… [] 0/0--------------------|",
            "",
        ])
        #expect(grid[1, 0].style == Theme.standard.listFailed.adding(.reverse) || grid[1, 0].style == Theme.standard.listFailed)
    }

    @Test func withoutAFormatRowsLookAsBeforeWithAStarForStarredItems() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(2, to: "https://a.example/feed", title: "Feed")
        let feed = try #require(try test.store.feedList().first)
        let newest = try #require(try test.store.items(inFeed: feed.id).first)
        try test.store.setStarred(true, item: newest.id)
        let screen = ItemListScreen(store: test.store, feed: feed, preferences: ReaderPreferences(timeZone: utc))
        var grid = CellGrid(rows: 2, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["N*2025-11-21  Item 1", "N 2025-11-21  Item 0  — Ann"])
    }
}
