@testable import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `feedlist-format` and `articlelist-format`: parsing, widths by display columns, the fill to
/// the right edge, and both lists drawn with a format.
@MainActor
@Suite struct ListFormatTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

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
        #expect(ListFormat.problem(in: "%4i %x %-3q %t", kind: .articleList, option: "articlelist-format") == nil)
        #expect(ListFormat("%4i %x|%-3q %t", kind: .articleList).text { $0 == "t" ? "Title" : "1" } == "   1 | Title")
        #expect(ListFormat.problem(in: "%N %x", kind: .feedListTitle, option: "feedlist-title-format")?
            .hasPrefix("feedlist-title-format: %x is not understood") == true)
        let config = Config(parsing: "feedlist-format \"%t %Z\"\narticlelist-format \"%D %?T?%T &?%t\"\n")
        #expect(config.warnings.isEmpty)
        #expect(config[\.feedlistFormat] == "%t %Z")
        #expect(config[\.articlelistFormat] == "%D %?T?%T &?%t")
    }

    @Test func itemListRowsByFormatWithFlagsAndDates() throws {
        try home.subscribe(["https://a.example/feed"])
        let cache = try home.cache()
        let items = [
            Item(id: "1", title: "日本語のとても長いタイトルです", link: "https://a.example/1", author: "著者",
                 published: TestStore.baseDate, summary: "<p>x</p>",
                 enclosures: [Enclosure(url: "https://a.example/1.mp3", type: "audio/mpeg", length: 1)]),
            Item(id: "2", title: "Plain title", link: "https://a.example/2", author: "Ann", published: TestStore.baseDate.addingTimeInterval(86_400)),
        ]
        try cache.upsert(Feed(format: .rss20, title: "Feed", items: items), forFeedURL: "https://a.example/feed")
        let feed = try #require(try cache.feedList().first)
        let older = try #require(try cache.items(inFeed: feed.id).last)
        try cache.setStarred(true, item: older.id)
        try cache.markItem(older.id, read: true)
        let reader = try home.driver(config: "articlelist-format \"%3i %f %D %-12t|%a%> %T\"\ndatetime-format \"%d %b\"\n", rows: 5, columns: 50)
        reader.settle()
        // The feed, under the Starred entry.
        reader.settle(after: .down, .enter)
        // `%T`, the article's feed, is empty in a feed's own list (as in newsboat).
        #expect(Array(reader.lines[1...3]) == [
            "  1 N   22 Nov Plain title |Ann",
            "  2  *+ 21 Nov 日本語のと… |著者",
            "",
        ])
        // The row's style: unread bold, read plain (the theme's list styles).
        #expect(reader.frame.grid[1, 20].style.attributes.contains(.bold))
        #expect(!reader.frame.grid[2, 20].style.attributes.contains(.bold))
    }

    @Test func feedListRowsByFormat() throws {
        try home.subscribe(["https://a.example/feed news tech", "https://b.example/feed"])
        let cache = try home.cache()
        try cache.addItems(12, to: "https://a.example/feed", title: "Ａ feed")
        try cache.recordFailure(forFeedURL: "https://b.example/feed", reason: "HTTP 500")
        let reader = try home.driver(config: "feedlist-format \"%S%2i %n %u %-8t [%T] %U/%c%>-|\"\n", rows: 5, columns: 50)
        reader.settle()
        // a reloads: its row shows the spinner, turned once.
        reader.performsReloads = false
        reader.settle(after: .character("R"))
        reader.send(.fetchEvent(FetchEvent(url: "https://a.example/feed", kind: .started, completed: 0, total: 2)))
        reader.send(.spinnerTick)
        #expect(Array(reader.lines[1...3]) == [
            "/ 1 N (12/12) Ａ feed  [news tech] 12/12---------|",
            "! 2   (0/0)   https:/… [] 0/0--------------------|",
            "",
        ])
        let failed = reader.frame.grid[2, 0].style
        #expect(failed == Theme.standard.listFailed.adding(.reverse) || failed == Theme.standard.listFailed)
    }

    @Test func withoutAFormatRowsLookAsBeforeWithAStarForStarredItems() throws {
        try home.subscribe(["https://a.example/feed"])
        let cache = try home.cache()
        try cache.addItems(2, to: "https://a.example/feed", title: "Feed")
        let feed = try #require(try cache.feedList().first)
        let newest = try #require(try cache.items(inFeed: feed.id).first)
        try cache.setStarred(true, item: newest.id)
        let reader = try home.driver(rows: 4, columns: 40)
        reader.settle()
        // The feed, under the Starred entry.
        reader.settle(after: .down, .enter)
        #expect(Array(reader.lines[1...2]) == ["N*2025-11-21  Item 1", "N 2025-11-21  Item 0  — Ann"])
    }
}
