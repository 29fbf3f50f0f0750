import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// Excerpts and folded titles: computed when items are stored, filled in by migration v4 for a
/// cache written before it, and used by the quick filter's queries.
@Suite struct ListTextTests {
    @Test func excerptsAreOnePlainLineOfTheSummaryElseTheContent() {
        #expect(ListText.excerpt(summary: "<p>Hello,\n  <b>world</b> &amp; all</p>\n<p>Next</p>", content: "<p>ignored</p>")
            == "Hello, world & all Next")
        #expect(ListText.excerpt(summary: "  <img src=\"x.png\">  ", content: "<p>From the content</p>") == "From the content")
        #expect(ListText.excerpt(summary: nil, content: nil) == nil)
        #expect(ListText.excerpt(summary: "<p> </p>", content: "") == nil)
        #expect(ListText.excerpt(summary: "a\u{1B}[2Jb\u{07}c", content: nil) == "a [2Jb c")
        #expect(ListText.excerpt(summary: "<p>日本語の\n本文です。</p>", content: nil) == "日本語の 本文です。")
    }

    @Test func longTextIsCutWithAnEllipsis() throws {
        let words = (0..<100).map { "word\($0)" }.joined(separator: " ")
        let excerpt = try #require(ListText.excerpt(summary: "<p>\(words)</p>", content: nil))
        #expect((ListText.excerptLength - 1...ListText.excerptLength + 1).contains(excerpt.count))
        #expect(excerpt.hasPrefix("word0 word1 word2") && excerpt.hasSuffix("…") && !excerpt.hasSuffix(" …"))
        let unspaced = try #require(ListText.excerpt(summary: String(repeating: "あ", count: 300), content: nil))
        #expect(unspaced == String(repeating: "あ", count: ListText.excerptLength) + "…")
        // The start of a huge article is enough; markup that hides all of it is still read through.
        let huge = "<p>" + String(repeating: "lorem ipsum ", count: 20_000) + "</p>"
        #expect(ListText.excerpt(summary: huge, content: nil)?.hasPrefix("lorem ipsum lorem") == true)
        let hidden = "<div title=\"" + String(repeating: "x", count: 40_000) + "\"></div><p>At last</p>"
        #expect(ListText.excerpt(summary: hidden, content: nil) == "At last")
    }

    @Test func foldingIgnoresCaseDiacriticsAndWidth() {
        #expect(ListText.folded("Release NOTES") == "release notes")
        #expect(ListText.folded("Café Ünïcode") == "cafe unicode")
        #expect(ListText.folded("ПРИВЕТ мир") == "привет мир")
        #expect(ListText.folded("ＴＯＫＹＯ") == "tokyo")
        #expect(ListText.folded("日本語のタイトル") == "日本語のタイトル")
    }

    @Test func theFilterQueriesMatchFoldedTitlesPageByPage() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://a.example/feed"])
        let titles = ["Café culture", "CAFE prices", "Tea time", "日本語のニュース", "100% done_ok", "Other 100 things"]
        try store.upsert(
            Sample.feed(titles.enumerated().map { Sample.item("\($0.offset)", hours: Double($0.offset), title: $0.element) }),
            forFeedURL: "https://a.example/feed")
        let feed = try store.feedList()[0].id
        func titlesMatching(_ text: String, _ request: ItemPageRequest = ItemPageRequest()) throws -> [String] {
            try store.items(inFeed: feed, titleContaining: text, request).compactMap(\.title)
        }
        #expect(try titlesMatching("cafe") == ["CAFE prices", "Café culture"])
        #expect(try titlesMatching("CAFÉ") == ["CAFE prices", "Café culture"])
        #expect(try titlesMatching("ニュース") == ["日本語のニュース"])
        // LIKE's wildcards mean themselves.
        #expect(try titlesMatching("100%") == ["100% done_ok"])
        #expect(try titlesMatching("_") == ["100% done_ok"])
        #expect(try titlesMatching("") .count == 6)
        #expect(try store.itemCount(inFeed: feed, titleContaining: "cafe") == 2)
        #expect(try store.itemCount(inFeed: feed, titleContaining: "") == 6)
        // Pages: keyset after the first row.
        let first = try #require(try store.items(inFeed: feed, titleContaining: "e", ItemPageRequest(limit: 1)).first)
        #expect(try titlesMatching("e", ItemPageRequest(after: first.cursor, limit: 2)) == ["100% done_ok", "Tea time"])
        // Index of an item in the filtered list, and of one that is not in it.
        let tea = try #require(try store.items(inFeed: feed, titleContaining: "tea").first)
        #expect(try store.itemIndex(of: tea.cursor, inFeed: feed, titleContaining: "e") == 2)
        #expect(try store.itemIndex(of: tea.cursor, inFeed: feed, titleContaining: "") == 3)
        #expect(try store.itemIndex(of: tea.cursor, inFeed: feed, titleContaining: "cafe") == 0)
        // The filter reads only its index, never the items' rows.
        let plan = try store.read { db in
            try String.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT count(*) FROM item INDEXED BY itemFeedTitle
                WHERE item.feedId = 1 AND instr(item.foldedTitle, 'x') > 0 AND item.isRead = 0 AND item.isDeleted = 0
                """, adapter: SuffixRowAdapter(fromIndex: 3))
        }
        #expect(plan.contains { $0.contains("COVERING INDEX itemFeedTitle") }, "\(plan)")
        // Unread only.
        try store.markItem(tea.id, read: true)
        #expect(try store.itemCount(inFeed: feed, titleContaining: "e", unreadOnly: true) == 4)
        #expect(try store.items(inFeed: feed, titleContaining: "tea", ItemPageRequest(unreadOnly: true)).isEmpty)
    }

    @Test func rowsCarryTheirExcerptAndARefreshUpdatesIt() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://a.example/feed"])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1, summary: "<p>First <i>text</i></p>")]), forFeedURL: "https://a.example/feed")
        let feed = try store.feedList()[0].id
        #expect(try store.items(inFeed: feed).map(\.excerpt) == ["First text"])
        try store.upsert(
            Sample.feed([Sample.item("1", hours: 1, title: "Renamed", summary: "<p>Second text</p>")]), forFeedURL: "https://a.example/feed")
        #expect(try store.items(inFeed: feed).map(\.excerpt) == ["Second text"])
        #expect(try store.items(inFeed: feed, titleContaining: "renamed").count == 1)
    }

    @Test func migrationFourFillsAVersionThreeCache() throws {
        let cache = try TemporaryCache()
        do {
            // A cache as the release before excerpts left it, with items stored by that release's upsert.
            let pool = try DatabasePool(path: cache.path)
            try StoreSchema.migrator.migrate(pool, upTo: "v3: new items counted by the upsert")
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO feed (id, url, position) VALUES (1, 'https://a.example/feed', 0);
                    INSERT INTO item (feedId, key, title, summary, content, firstSeenAt, lastSeenAt, sortDate)
                    VALUES (1, 'a', 'Ünïcode Title', '<p>Old <b>summary</b></p>', NULL, 0, 0, 2),
                           (1, 'b', 'Plain', NULL, '<p>Only content</p>', 0, 0, 1),
                           (1, 'c', NULL, NULL, NULL, 0, 0, 0);
                    UPDATE feed SET totalCount = 3, unreadCount = 3;
                    """)
                #expect(try !db.columns(in: "item").contains { $0.name == "excerpt" })
            }
            try pool.close()
        }
        let store = try FeedStore(path: cache.path)
        let rows = try store.items(inFeed: FeedID(1))
        #expect(rows.map(\.excerpt) == ["Old summary", "Only content", nil])
        #expect(try store.items(inFeed: FeedID(1), titleContaining: "unicode").map(\.title) == ["Ünïcode Title"])
        let folded = try store.read { db in try String?.fetchAll(db, sql: "SELECT foldedTitle FROM item ORDER BY key") }
        #expect(folded == ["unicode title", "plain", nil])
    }
}
