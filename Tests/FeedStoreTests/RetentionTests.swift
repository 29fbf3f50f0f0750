import FeedModel
import Foundation
import Testing

@testable import FeedStore

@Suite struct RetentionTests {
    let url = "https://a.example/feed"

    @Test func dropsTheOldestReadItemsButNeverUnreadOrStarred() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let items = (0..<10).map { Sample.item("\($0)", hours: Double($0)) }
        try store.upsert(Sample.feed(items), forFeedURL: url)
        let feedID = try store.feedList()[0].id
        let rows = try store.items(inFeed: feedID)  // newest first: 9 … 0
        try store.markItems(rows.map(\.id), read: true)
        try store.markItem(rows[9].id, read: false)  // item 0 stays unread
        try store.setStarred(true, item: rows[8].id)  // item 1 stays starred

        #expect(try store.applyRetention(defaultMaxItems: 4) == 4)
        let kept = try store.items(inFeed: feedID).map { $0.title ?? "" }
        #expect(kept == ["Title 9", "Title 8", "Title 7", "Title 6", "Title 1", "Title 0"])
        #expect(try store.feedList()[0].totalCount == 6)
        #expect(try store.search(words: "title").count == 6)
        #expect(try store.applyRetention(defaultMaxItems: 4) == 0)

        // Dropped items still in the feed do not come back as new.
        #expect(try store.upsert(Sample.feed(items), forFeedURL: url) == 0)
        #expect(try store.feedList()[0].totalCount == 6)
        try store.vacuum()
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func aFeedsOwnLimitAppliesAtEveryUpsert() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.setMaxItems(3, forFeedURL: url)
        try store.upsert(Sample.feed((0..<5).map { Sample.item("\($0)", hours: Double($0)) }), forFeedURL: url)
        let feedID = try store.feedList()[0].id
        try store.markFeed(feedID, read: true)
        try store.upsert(Sample.feed((5..<7).map { Sample.item("\($0)", hours: Double($0)) }), forFeedURL: url)
        // The three newest stay; the older read ones go.
        #expect(try store.items(inFeed: feedID).map { $0.title ?? "" } == ["Title 6", "Title 5", "Title 4"])
        // Unread items are exempt: marking everything unread and fetching again keeps them all.
        try store.markFeed(feedID, read: false)
        try store.upsert(Sample.feed((7..<9).map { Sample.item("\($0)", hours: Double($0)) }), forFeedURL: url)
        #expect(try store.feedList()[0].totalCount == 5)
        #expect(throws: StoreError.unknownFeed(url: "https://nowhere.example/")) {
            try store.setMaxItems(1, forFeedURL: "https://nowhere.example/")
        }
    }

    @Test func tombstonesGoOnceTheFeedNoLongerCarriesTheItem() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([Sample.item("old", hours: 1), Sample.item("new", hours: 2)]), forFeedURL: url,
                         at: Sample.date(hours: 10))
        let feedID = try store.feedList()[0].id
        try store.markFeed(feedID, read: true)
        try store.applyRetention(defaultMaxItems: 1)
        try store.upsert(Sample.feed([Sample.item("new", hours: 2)]), forFeedURL: url, at: Sample.date(hours: 11))
        let rows = try store.read { db in
            try String.fetchAll(db, sql: "SELECT key FROM item ORDER BY key")
        }
        #expect(rows == ["new"])
    }
}
