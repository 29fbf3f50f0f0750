import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// Item bodies are indexed but not stored (`SearchBody`): the index must still lose exactly what
/// it was given, and be rebuilt when the text it was given can no longer be recomputed.
@Suite struct SearchBodyTests {
    let url = "https://a.example/feed"

    /// How many documents of the index itself hold `word`, without the join to items that
    /// search results go through (which would hide stale entries of deleted rows).
    private func indexedCount(_ store: FeedStore, _ word: String) throws -> Int {
        try store.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM itemSearch WHERE itemSearch MATCH ?", arguments: [word]) ?? -1
        }
    }

    @Test func editedDroppedAndRemovedBodiesLeaveTheIndexThoughNoRowStoresThem() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([
            Sample.item("1", hours: 1, summary: "<p>The <b>lighthouse</b> &amp; the quay</p>"),
            Sample.item("2", hours: 2, summary: "<p>東京都の天気</p>"),
        ]), forFeedURL: url)
        let columns = try store.read { db in try db.columns(in: "item").map(\.name) }
        #expect(!columns.contains("searchBody"))
        #expect(try indexedCount(store, "lighthouse") == 1 && indexedCount(store, "quay") == 1)

        try store.upsert(Sample.feed([
            Sample.item("1", hours: 1, summary: "<p>The harbour</p>"),
            Sample.item("2", hours: 2, summary: "<p>東京都の天気</p>"),
        ]), forFeedURL: url)
        #expect(try indexedCount(store, "lighthouse") == 0 && indexedCount(store, "quay") == 0)
        #expect(try store.search(words: "harbour").count == 1)
        #expect(try store.search(words: "天気").count == 1)

        let japanese = try #require(try store.search(words: "天気").first?.id)
        try store.deleteItem(japanese)
        #expect(try indexedCount(store, "\"天 気\"") == 0)
        // No feature deletes rows with text yet (items are dropped by emptying them), but the
        // delete trigger must be right for when one does.
        try store.write { db in try db.execute(sql: "DELETE FROM item") }
        #expect(try indexedCount(store, "harbour") == 0)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func anIndexBuiltFromAnotherSearchTextIsRebuiltOnOpening() throws {
        let cache = try TemporaryCache()
        do {
            let store = try cache.open(subscribing: [url])
            try store.upsert(Sample.feed([Sample.item("1", hours: 1, summary: "<p>lighthouse</p>")]), forFeedURL: url)
            try store.write { db in
                // As if an older Tidings had indexed another text for the body.
                try db.execute(sql: """
                    INSERT INTO itemSearch (itemSearch) VALUES ('delete-all');
                    INSERT INTO itemSearch (rowid, searchTitle, searchAuthor, searchBody)
                    SELECT searchRank, searchTitle, searchAuthor, 'beacon' FROM item;
                    UPDATE storeState SET searchFingerprint = 'from another build';
                    """)
            }
        }
        let store = try cache.open()
        #expect(try indexedCount(store, "beacon") == 0)
        #expect(try store.search(words: "lighthouse").count == 1)
        let fingerprint = try store.read { db in try String.fetchOne(db, sql: "SELECT searchFingerprint FROM storeState") }
        #expect(fingerprint == SearchBody.fingerprint)
        // The rebuilt index matches the triggers: an edit leaves no trace of the old body.
        try store.upsert(Sample.feed([Sample.item("1", hours: 1, summary: "<p>harbour</p>")]), forFeedURL: url)
        #expect(try indexedCount(store, "lighthouse") == 0)
        #expect(try store.search(words: "harbour").count == 1)
    }

    @Test func aVersionFourCacheDropsItsStoredBodiesAndStaysSearchable() throws {
        let cache = try TemporaryCache()
        do {
            let pool = try DatabasePool(path: cache.path)
            try StoreSchema.migrator.migrate(pool, upTo: "v4: list excerpts and folded titles")
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO feed (url) VALUES ('\(url)');
                    INSERT INTO item (feedId, key, title, summary, firstSeenAt, lastSeenAt, sortDate,
                                      searchTitle, searchBody)
                    VALUES (1, 'k', 'Keeper', '<p>lighthouse</p>', 0, 0, 1700000000, 'Keeper', 'lighthouse');
                    INSERT INTO itemSearch (rowid, searchTitle, searchAuthor, searchBody)
                    SELECT searchRank, searchTitle, searchAuthor, searchBody FROM item;
                    """)
            }
            try pool.close()
        }
        let store = try cache.open()
        let columns = try store.read { db in try db.columns(in: "item").map(\.name) }
        #expect(!columns.contains("searchBody"))
        #expect(try store.search(words: "lighthouse").count == 1)
        try store.write { db in try db.execute(sql: "DELETE FROM item") }
        #expect(try indexedCount(store, "lighthouse") == 0 && indexedCount(store, "keeper") == 0)
    }

    @Test func theBodyIsTheSummaryAndTheContentOnceWhenOneHoldsTheOther() {
        let content = "<p>Before</p><p>Short</p><p>after</p>"
        #expect(SearchBody.of(summary: "<p>Short</p>", content: content) == SearchText.fromHTML(content))
        #expect(SearchBody.of(summary: "<p>One</p>", content: "<p>Two</p>")
            == SearchText.fromHTML("<p>One</p>")! + "\n" + SearchText.fromHTML("<p>Two</p>")!)
        #expect(SearchBody.of(summary: "<p>Only</p>", content: nil) == SearchText.fromHTML("<p>Only</p>"))
        #expect(SearchBody.of(summary: nil, content: nil) == nil)
    }
}
