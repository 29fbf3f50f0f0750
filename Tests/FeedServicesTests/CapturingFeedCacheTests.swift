import FeedFetcher
@testable import FeedServices
import Foundation
import TestSupport
import Testing

/// The check a feed passes before the reader adds it: fetched for real from a loopback server
/// into a cache that writes nothing, so that only a feed that arrived and parsed is kept.
@Suite struct CapturingFeedCacheTests {
    static let rss = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Loopback News</title><link>https://news.example/</link>
        <item><title>First</title><guid>https://news.example/1</guid></item>
        <item><title>Second</title><guid>https://news.example/2</guid></item>
        </channel></rss>
        """

    /// Fetches `url` into a fresh capture and waits (bounded) for the summary.
    private func fetch(_ url: String) throws -> (CapturingFeedCache.Capture?, ReloadSummary) {
        let cache = CapturingFeedCache()
        let fetcher = FeedFetcher(cache: cache, options: FetchOptions(connectTimeout: 5, timeout: 10))
        let reload = fetcher.reload([FetchRequest(url: url)], on: DispatchQueue(label: "capture-test"))
        let summary = try #require(reload.wait(timeout: 20))
        return (cache.capture, summary)
    }

    @Test func aFeedIsCapturedWithItsValidators() throws {
        let server = try LoopbackServer(routes: [
            "/feed.xml": ["body": Self.rss, "etag": "\"v1\"", "headers": ["Content-Type": "application/rss+xml"]],
        ])
        defer { server.stop() }
        let (capture, summary) = try fetch(server.url("/feed.xml"))
        #expect(summary.failures.isEmpty)
        let captured = try #require(capture)
        #expect(captured.feed.title == "Loopback News")
        #expect(captured.feed.items.map(\.title) == ["First", "Second"])
        #expect(captured.validators.etag == "\"v1\"")
    }

    @Test func whatIsNoFeedIsRefusedWithItsReason() throws {
        let server = try LoopbackServer(routes: [
            "/page.html": ["body": "<html><body><p>Just a web page</p></body></html>", "headers": ["Content-Type": "text/html"]],
            "/gone.xml": ["status": 404, "body": "not here"],
        ])
        defer { server.stop() }
        let (page, pageSummary) = try fetch(server.url("/page.html"))
        #expect(page == nil)
        #expect(pageSummary.failed == 1)
        if case .parse = pageSummary.failures.first?.reason {} else {
            Issue.record("an HTML page should fail to parse, got \(String(describing: pageSummary.failures.first?.reason))")
        }

        let (gone, goneSummary) = try fetch(server.url("/gone.xml"))
        #expect(gone == nil)
        #expect(goneSummary.failures.first?.reason == .httpStatus(404))
        #expect(goneSummary.failures.first?.reason.description == "HTTP 404 Not Found")
    }
}
