import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// Full articles (migration v7): stored beside the feed's text, searchable, and never left
/// behind in the contentless index when they change or their item goes.
@Suite struct FullArticleStoreTests {
    let url = "https://a.example/feed"

    /// Documents of the index itself holding `word` (no join to items, which would hide stale
    /// entries).
    private func indexedCount(_ store: FeedStore, _ word: String) throws -> Int {
        try store.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM itemSearch WHERE itemSearch MATCH ?", arguments: [word]) ?? -1
        }
    }

    private func storeWithTwoItems() throws -> (TemporaryCache, FeedStore, ItemID) {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([
            Sample.item("1", hours: 1, summary: "<p>A teaser about the harbour</p>"),
            Sample.item("2", hours: 2, summary: "<p>Another story</p>"),
        ]), forFeedURL: url)
        let id = try #require(try store.search(words: "harbour").first?.id)
        return (cache, store, id)
    }

    @Test func aWordOnlyTheFullArticleHasIsFoundAndTheArticleIsKept() throws {
        let (cache, store, id) = try storeWithTwoItems()
        _ = cache
        #expect(try store.search(words: "lighthouse").isEmpty)
        #expect(try store.storeFullArticle("<p>The whole story of the <b>lighthouse</b> keeper.</p>", forItem: id))
        #expect(try store.search(words: "lighthouse").map(\.id) == [id])
        // Words of the feed's text still match, alone and together with the page's.
        #expect(try store.search(words: "harbour lighthouse").map(\.id) == [id])
        #expect(try store.fullArticle(forItem: id)?.contains("lighthouse") == true)
        #expect(try store.item(id)?.fullArticle?.contains("lighthouse") == true)
        #expect(try store.item(id)?.item.summary?.contains("teaser") == true)
    }

    @Test func replacingEditingAndDroppingLeaveNoStaleIndexEntries() throws {
        let (cache, store, id) = try storeWithTwoItems()
        _ = cache
        try store.storeFullArticle("<p>lighthouse</p>", forItem: id)
        try store.storeFullArticle("<p>beacon</p>", forItem: id)
        #expect(try indexedCount(store, "lighthouse") == 0)
        #expect(try indexedCount(store, "beacon") == 1)

        // A reload that changes the feed's text keeps the full article indexed with it.
        try store.upsert(Sample.feed([
            Sample.item("1", hours: 1, summary: "<p>A new teaser about the quay</p>"),
            Sample.item("2", hours: 2, summary: "<p>Another story</p>"),
        ]), forFeedURL: url)
        #expect(try indexedCount(store, "harbour") == 0)
        #expect(try store.search(words: "quay beacon").map(\.id) == [id])

        // Deleting the item drops its full article from the row and the index.
        try store.deleteItem(id)
        #expect(try indexedCount(store, "beacon") == 0)
        let stored = try store.read { db in try String.fetchOne(db, sql: "SELECT fullArticle FROM item WHERE id = ?", arguments: [id]) }
        #expect(stored == nil)
        #expect(try store.storeFullArticle("<p>late arrival</p>", forItem: id) == false)
        #expect(try indexedCount(store, "arrival") == 0)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func retentionAndRowDeletesTakeTheFullArticleOutOfTheIndex() throws {
        let (cache, store, id) = try storeWithTwoItems()
        _ = cache
        try store.storeFullArticle("<p>lighthouse</p>", forItem: id)
        try store.markItem(id, read: true)
        try store.applyRetention(defaultMaxItems: 1)
        #expect(try indexedCount(store, "lighthouse") == 0)

        let other = try #require(try store.search(words: "another").first?.id)
        try store.storeFullArticle("<p>beacon</p>", forItem: other)
        try store.write { db in try db.execute(sql: "DELETE FROM item") }
        #expect(try indexedCount(store, "beacon") == 0)
    }

    @Test func aRebuiltIndexHoldsTheFullArticles() throws {
        let (cache, store, id) = try storeWithTwoItems()
        _ = cache
        try store.storeFullArticle("<p>lighthouse</p>", forItem: id)
        try store.rebuildSearchIndex()
        #expect(try store.search(words: "lighthouse").map(\.id) == [id])
        try store.storeFullArticle("<p>beacon</p>", forItem: id)
        #expect(try indexedCount(store, "lighthouse") == 0)
    }

    @Test func aVersionFiveCacheGainsTheColumnAndStaysConsistent() throws {
        let cache = try TemporaryCache()
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in db.add(function: SearchBody.function) }
            let pool = try DatabasePool(path: cache.path, configuration: configuration)
            try StoreSchema.migrator.migrate(pool, upTo: "v5: search body computed, not stored")
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO feed (url) VALUES ('\(url)');
                    INSERT INTO item (feedId, key, title, summary, firstSeenAt, lastSeenAt, sortDate, searchTitle)
                    VALUES (1, 'k', 'Keeper', '<p>harbour</p>', 0, 0, 1700000000, 'Keeper');
                    INSERT INTO itemSearch (rowid, searchTitle, searchAuthor, searchBody)
                    SELECT searchRank, searchTitle, searchAuthor, tidingsSearchBody(summary, content) FROM item;
                    """)
            }
            try pool.close()
        }
        let store = try cache.open()
        let id = try #require(try store.search(words: "harbour").first?.id)
        try store.storeFullArticle("<p>lighthouse</p>", forItem: id)
        #expect(try store.search(words: "lighthouse").map(\.id) == [id])
        try store.write { db in try db.execute(sql: "DELETE FROM item") }
        #expect(try indexedCount(store, "harbour") == 0 && indexedCount(store, "lighthouse") == 0)
    }

    @Test func newItemsWithoutAFullArticleAreListedForFetching() throws {
        let (cache, store, id) = try storeWithTwoItems()
        _ = cache
        let all = try store.itemsWithoutFullArticle(firstSeenSince: .distantPast, limit: 10)
        #expect(all.count == 2 && all.allSatisfy { $0.feedURL == url && $0.link.hasPrefix("https://example.org/") })
        try store.storeFullArticle("<p>lighthouse</p>", forItem: id)
        #expect(try store.itemsWithoutFullArticle(firstSeenSince: .distantPast, limit: 10).map(\.id) == all.map(\.id).filter { $0 != id })
        #expect(try store.itemsWithoutFullArticle(firstSeenSince: Date().addingTimeInterval(60), limit: 10).isEmpty)
    }

    @Test func theBodyAddsThePageUnlessItRepeatsTheFeedsText() {
        #expect(SearchBody.of(summary: "<p>Teaser</p>", content: nil, fullArticle: nil) == SearchBody.of(summary: "<p>Teaser</p>", content: nil))
        #expect(SearchBody.of(summary: "<p>Teaser</p>", content: nil, fullArticle: "<h1>Title</h1><p>Teaser</p><p>then more.</p>")
            == SearchText.fromHTML("<h1>Title</h1><p>Teaser</p><p>then more.</p>"))
        #expect(SearchBody.of(summary: "<p>One</p>", content: nil, fullArticle: "<p>Two</p>")
            == SearchText.fromHTML("<p>One</p>")! + "\n" + SearchText.fromHTML("<p>Two</p>")!)
        #expect(SearchBody.of(summary: nil, content: nil, fullArticle: "<p>Page</p>") == SearchText.fromHTML("<p>Page</p>"))
    }
}
