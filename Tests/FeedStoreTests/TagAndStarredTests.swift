import FeedModel
import FeedStore
import Foundation
import Testing

/// The queries behind the tag list and the feed list's Starred entry.
@Suite struct TagAndStarredTests {
    @Test func tagsCountTheirListedFeedsAndUnreadArticles() throws {
        let cache = try TemporaryCache()
        let store = try cache.open()
        try store.syncSubscriptions([
            Subscription(url: "https://a.example/feed", tags: ["news", "long reads"]),
            Subscription(url: "https://b.example/feed", tags: ["news"]),
            Subscription(url: "https://c.example/feed", tags: ["Art"]),
            Subscription(url: "https://hidden.example/feed", tags: ["news", "secret"], isHidden: true),
            Subscription(url: "https://d.example/feed"),
        ])
        try store.upsert(Sample.feed([Sample.item("a1", hours: 1), Sample.item("a2", hours: 2)]), forFeedURL: "https://a.example/feed")
        try store.upsert(Sample.feed([Sample.item("b1", hours: 1)]), forFeedURL: "https://b.example/feed")
        try store.upsert(Sample.feed([Sample.item("h1", hours: 1)]), forFeedURL: "https://hidden.example/feed")
        let feedB = try #require(try store.feedList().first { $0.url == "https://b.example/feed" })
        let b1 = try #require(try store.items(inFeed: feedB.id).first)
        try store.markItem(b1.id, read: true)

        // Sorted without regard to case; hidden feeds count for nothing.
        #expect(try store.tagSummaries() == [
            TagSummary(tag: "Art", feedCount: 1, unreadCount: 0, unreadFeedCount: 0),
            TagSummary(tag: "long reads", feedCount: 1, unreadCount: 2, unreadFeedCount: 1),
            TagSummary(tag: "news", feedCount: 2, unreadCount: 2, unreadFeedCount: 1),
        ])

        // A feed that leaves the urls file takes its tags with it.
        try store.syncSubscriptions([Subscription(url: "https://b.example/feed", tags: ["news"])])
        #expect(try store.tagSummaries() == [TagSummary(tag: "news", feedCount: 1, unreadCount: 0)])
    }

    @Test func starredCountsFollowStarsReadStateAndDeletion() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://a.example/feed", "https://b.example/feed"])
        #expect(try store.starredCounts() == .zero)
        try store.upsert(Sample.feed([Sample.item("a1", hours: 1), Sample.item("a2", hours: 2)]), forFeedURL: "https://a.example/feed")
        try store.upsert(Sample.feed([Sample.item("b1", hours: 3)]), forFeedURL: "https://b.example/feed")
        let feeds = try store.feedList()
        let a = try store.items(inFeed: feeds[0].id)
        let b = try store.items(inFeed: feeds[1].id)
        try store.setStarred(true, item: a[0].id)
        try store.setStarred(true, item: b[0].id)
        #expect(try store.starredCounts() == ItemCounts(unread: 2, total: 2))
        try store.markItem(b[0].id, read: true)
        #expect(try store.starredCounts() == ItemCounts(unread: 1, total: 2))
        try store.setStarred(false, item: a[0].id)
        #expect(try store.starredCounts() == ItemCounts(unread: 0, total: 1))
        try store.deleteItem(b[0].id)
        #expect(try store.starredCounts() == .zero)
        // The counts agree with the list they count.
        try store.setStarred(true, item: a[1].id)
        #expect(try store.starredItems().map(\.id) == [a[1].id])
        #expect(try store.starredCounts().total == 1)
    }
}
