import FeedModel
import Foundation
import Testing

@testable import FeedStore

/// Item rows carry their feed's tags from the urls file, for `highlight-article "tags # …"`.
@Suite struct ItemRowFeedTagsTests {
    @Test func itemRowsCarryTheirFeedsTags() throws {
        let cache = try TemporaryCache()
        let store = try FeedStore(path: cache.path)
        let tagged = "https://a.example/feed", plain = "https://b.example/feed"
        try store.syncSubscriptions([Subscription(url: tagged, tags: ["aws", "long reads"]), Subscription(url: plain)])
        try store.upsert(Feed(format: .rss20, title: "A", items: [Item(id: "1", title: "Lambda")]), forFeedURL: tagged)
        try store.upsert(Feed(format: .rss20, title: "B", items: [Item(id: "2", title: "Other")]), forFeedURL: plain)
        let feeds = try store.feedList()
        let byURL = Dictionary(uniqueKeysWithValues: feeds.map { ($0.url, $0.id) })
        #expect(try store.items(inFeed: try #require(byURL[tagged])).map(\.feedTags) == [["aws", "long reads"]])
        #expect(try store.items(inFeed: try #require(byURL[plain])).map(\.feedTags) == [[]])
    }
}
