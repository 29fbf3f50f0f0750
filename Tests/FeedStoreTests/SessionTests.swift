import FeedModel
import Foundation
import Testing

@testable import FeedStore

/// "New since last time" on a real cache file: the end of the reader's last session, kept in
/// the cache, and the articles that arrived after it — by arrival, not by date.
@Suite struct SessionTests {
    let alpha = "https://alpha.example/feed", beta = "https://beta.example/feed"

    @Test func articlesThatArrivedAfterTheLastSessionEndedAreNew() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha, beta])
        #expect(try store.lastSessionEnd() == nil)
        try store.upsert(Sample.feed([Sample.item("a1", hours: 5), Sample.item("a2", hours: 6)]), forFeedURL: alpha, at: Sample.date(hours: 10))
        try store.recordSessionEnd(at: Sample.date(hours: 12))
        // Overnight: one more article of Alpha, dated before the others, and Beta's first two.
        try store.upsert(Sample.feed([Sample.item("a1", hours: 5), Sample.item("a2", hours: 6), Sample.item("a0", hours: 1)]),
                         forFeedURL: alpha, at: Sample.date(hours: 20))
        try store.upsert(Sample.feed([Sample.item("b1", hours: 19), Sample.item("b2", hours: 18)]), forFeedURL: beta, at: Sample.date(hours: 21))

        // Another process (the next reader) finds when the session ended.
        let since = try #require(try FeedStore(path: cache.path).lastSessionEnd())
        #expect(since == Sample.date(hours: 12))
        let new = try store.items(arrivedAfter: since)
        #expect(new.compactMap(\.title) == ["Title b1", "Title b2", "Title a0"])
        #expect(try store.arrivedCounts(after: since) == ItemCounts(unread: 3, total: 3))
        try store.markItem(new[0].id, read: true)
        #expect(try store.items(arrivedAfter: since, ItemPageRequest(unreadOnly: true)).compactMap(\.title) == ["Title b2", "Title a0"])
        #expect(try store.arrivedCounts(after: since) == ItemCounts(unread: 2, total: 3))
        // Paged.
        let first = try store.items(arrivedAfter: since, ItemPageRequest(limit: 2))
        #expect(try store.items(arrivedAfter: since, ItemPageRequest(after: first.last!.cursor, limit: 2)).compactMap(\.title) == ["Title a0"])
        // The next session starts from the end of this one.
        try store.recordSessionEnd(at: Sample.date(hours: 22))
        #expect(try store.items(arrivedAfter: try #require(try store.lastSessionEnd())).isEmpty)
    }
}
