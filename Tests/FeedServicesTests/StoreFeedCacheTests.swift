import FeedFetcher
import FeedModel
@testable import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// The pipeline writing into a real SQLite cache in a temporary directory.
@Suite struct StoreFeedCacheTests {
    static let feedText = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Lighthouse Log</title><link>https://light.example/</link>
        <item><title>Lamp serviced</title><guid>light-1</guid><pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate></item>
        <item><title>Fog horn test</title><guid>light-2</guid><pubDate>Thu, 19 Nov 2026 08:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    /// What the parser makes of `feedText` (this target does not link the parser).
    static let feed = Feed(
        format: .rss20, title: "Lighthouse Log", link: "https://light.example/",
        items: [Item(id: "light-1", title: "Lamp serviced"), Item(id: "light-2", title: "Fog horn test")])

    private func makeStore() throws -> (FeedStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storecache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (try FeedStore(path: directory.appendingPathComponent("cache.db").path), directory)
    }

    @Test func storesValidatorsItemsAndFailures() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = "https://light.example/feed.xml"
        try store.syncSubscriptions([Subscription(url: url)])
        let cache = StoreFeedCache(store: store)

        #expect(try cache.validators(for: url) == nil)
        let feed = StoreFeedCacheTests.feed
        #expect(try cache.storeFeed(feed, for: url, validators: CacheValidators(etag: "\"v1\""), permanentRedirect: nil) == 2)
        #expect(try cache.storeFeed(feed, for: url, validators: CacheValidators(etag: "\"v2\""), permanentRedirect: nil) == 0)
        #expect(try cache.validators(for: url) == CacheValidators(etag: "\"v2\""))

        try cache.recordFailure(.httpStatus(503), for: url)
        let row = try #require(try store.feedList().first)
        #expect(row.lastError == "HTTP 503 Service Unavailable")
        #expect(row.totalCount == 2, "a failure keeps the items")
        try cache.recordNotModified(for: url, permanentRedirect: nil)
        #expect(try store.feedList().first?.lastError == nil)
    }

    @Test func twoPermanentRedirectsMoveTheFetchURLButNotTheKey() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = "https://old.example/feed.xml"
        try store.syncSubscriptions([Subscription(url: url)])
        let cache = StoreFeedCache(store: store)
        let feed = StoreFeedCacheTests.feed

        _ = try cache.storeFeed(feed, for: url, validators: CacheValidators(), permanentRedirect: "https://new.example/feed.xml")
        #expect(try cache.fetchRequests() == [FetchRequest(url: url)])
        try cache.recordNotModified(for: url, permanentRedirect: "https://new.example/feed.xml")
        #expect(try cache.fetchRequests() == [FetchRequest(url: url, fetchURL: "https://new.example/feed.xml")])
    }

    @Test func reloadThroughThePipelineThenA304KeepsReadState() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FeedServerProcess(routes: [
            "/light.xml": ["body": StoreFeedCacheTests.feedText, "etag": "\"light-v1\""],
            "/broken.xml": ["status": 500],
        ])
        let subscriptions = [Subscription(url: server.url("/light.xml")), Subscription(url: server.url("/broken.xml"))]
        try store.syncSubscriptions(subscriptions)
        let cache = StoreFeedCache(store: store)
        let fetcher = FeedFetcher(cache: cache)
        let queue = DispatchQueue(label: "tests.storecache")

        let first = try #require(fetcher.reload(try cache.fetchRequests(), on: queue).wait(timeout: 30))
        #expect(first.updated == 1 && first.failed == 1 && first.newItems == 2)
        let rows = try store.feedList()
        #expect(rows.map(\.displayTitle).first == "Lighthouse Log")
        #expect(rows.first?.unreadCount == 2)
        #expect(rows.last?.lastError == "HTTP 500 Internal Server Error")

        let feedID = try #require(rows.first?.id)
        _ = try store.markFeed(feedID, read: true)
        let second = try #require(fetcher.reload(try cache.fetchRequests(), on: queue).wait(timeout: 30))
        #expect(second.notModified == 1 && second.newItems == 0)
        #expect(try store.feedList().first?.unreadCount == 0)
        #expect(try server.headers(for: "/light.xml").last?["if-none-match"] == "\"light-v1\"")
    }
}
