import FeedModel
@testable import FeedStore
import Foundation
import Testing

/// newsboat's `random-unread`: any unread article of a listed feed, never a read one.
@Suite struct RandomUnreadTests {
    @Test func onlyUnreadArticlesOfListedFeedsAreChosen() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://a.example/feed", "https://b.example/feed"])
        try store.upsert(Sample.feed([Sample.item("a1", hours: 1), Sample.item("a2", hours: 2), Sample.item("a3", hours: 3)]),
                         forFeedURL: "https://a.example/feed")
        try store.upsert(Sample.feed([Sample.item("b1", hours: 4)]), forFeedURL: "https://b.example/feed")
        let feeds = try store.feedList()
        let a = try #require(feeds.first { $0.url == "https://a.example/feed" })
        let items = try store.items(inFeed: a.id)
        let unread = try #require(items.first { $0.title == "Title a2" })
        for item in items where item.id != unread.id { _ = try store.markItem(item.id, read: true) }
        let b = try #require(feeds.first { $0.url == "https://b.example/feed" })
        _ = try store.markFeed(b.id, read: true)
        for _ in 0..<20 { #expect(try store.randomUnread()?.id == unread.id) }
        _ = try store.markItem(unread.id, read: true)
        #expect(try store.randomUnread() == nil)
    }
}
