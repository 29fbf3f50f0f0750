import FeedFetcher
import FeedModel
import Foundation
import TestSupport
import Testing

/// Issue 41 at the pipeline: each feed asked for with its own settings, and what servers say of
/// time (Cache-Control, Expires, Retry-After) read and passed on, against a server on loopback
/// that logs every request with its headers.
@Suite struct PoliteFetchTests {
    let feed: String

    init() throws {
        feed = try Fixture.text("harbour-notes.rss")
    }

    private func rss(_ headers: [String: String] = [:], _ extra: [String: Any] = [:]) -> [String: Any] {
        ["body": feed, "headers": ["Content-Type": "application/rss+xml"].merging(headers) { $1 }].merging(extra) { $1 }
    }

    @Test func eachFeedIsAskedForWithItsOwnUserAgentHeadersAndTimeout() throws {
        let server = try LoopbackServer(routes: ["/own.xml": rss(), "/plain.xml": rss(), "/slow.xml": rss([:], ["delay": 30])])
        let own = FeedRequestSettings(userAgent: "X/1", headers: ["X-Key: k", "Accept: application/json"], timeout: 60)
        let hasty = FeedRequestSettings(userAgent: "Hasty/1", timeout: 1)
        let requests = [
            FetchRequest(url: server.url("/own.xml"), settings: own), FetchRequest(url: server.url("/plain.xml")),
            FetchRequest(url: server.url("/slow.xml"), settings: hasty),
        ]
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run(requests: requests, cache: InMemoryFeedCache()))

        let ownHeaders = try #require(try server.headers(for: "/own.xml").first)
        #expect(ownHeaders["user-agent"] == "X/1")
        #expect(ownHeaders["x-key"] == "k")
        #expect(ownHeaders["accept"] == "application/json", "a header named like one of Tidings' replaces it")
        let plainHeaders = try #require(try server.headers(for: "/plain.xml").first)
        #expect(plainHeaders["user-agent"] == FetchOptions.defaultUserAgent)
        #expect(plainHeaders["x-key"] == nil)
        #expect(recorder.outcome(for: server.url("/slow.xml")) == .failed(.timedOut(seconds: 1)), "its own download-timeout")
    }

    @Test func aFeedsHeadersStayWithItsHostWhenARedirectLeavesIt() throws {
        let server = try LoopbackServer(routes: ["/there.xml": rss()], hosts: ["127.0.0.1", "127.0.0.2"])
        let other = try LoopbackServer(routes: ["/away.xml": ["status": 301, "redirect": server.url("/there.xml", host: "127.0.0.2")]])
        let settings = FeedRequestSettings(userAgent: "X/1", headers: ["X-Key: secret"], timeout: 60)
        let url = other.url("/away.xml")
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run(requests: [FetchRequest(url: url, settings: settings)], cache: InMemoryFeedCache()))
        guard case .finished = recorder.outcome(for: url) else {
            Issue.record("not fetched: \(String(describing: recorder.outcome(for: url)))")
            return
        }
        #expect(try other.headers(for: "/away.xml").first?["x-key"] == "secret")
        let there = try #require(try server.headers(for: "/there.xml").first)
        #expect(there["x-key"] == nil, "the key is the first host's")
        #expect(there["user-agent"] == "X/1")
    }

    @Test func theServersFreshnessReachesTheCacheWithTheFeedAndWithA304() throws {
        let server = try LoopbackServer(routes: [
            "/max-age.xml": rss(["Cache-Control": "public, max-age=7200", "Expires": "Thu, 01 Jan 2037 00:00:00 GMT"], ["etag": "\"1\""]),
            // Expires is read against the server's own clock: two hours after its Date.
            "/expires.xml": rss(["Date": "Sun, 06 Dec 2026 12:00:00 GMT", "Expires": "Sun, 06 Dec 2026 14:00:00 GMT"]),
            "/no-cache.xml": rss(["Cache-Control": "no-cache, max-age=600"]),
        ])
        let urls = ["/max-age.xml", "/expires.xml", "/no-cache.xml"].map { server.url($0) }
        let cache = InMemoryFeedCache()
        _ = try #require(ReloadRecorder().run(urls, cache: cache))
        #expect(cache.timing(for: urls[0]) == ServerTiming(freshFor: 7200), "max-age wins over Expires")
        #expect(cache.timing(for: urls[1]) == ServerTiming(freshFor: 7200))
        #expect(cache.timing(for: urls[2]) == ServerTiming(), "no-cache asks for a fresh copy each time")

        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([urls[0]], cache: cache))
        #expect(recorder.outcome(for: urls[0]) == .notModified)
        #expect(cache.timing(for: urls[0]) == ServerTiming(freshFor: 7200), "a 304's Cache-Control counts too")
    }

    @Test func a429WithRetryAfterIsNotTriedAgainAndItsHostIsAskedNothingMoreThisReload() throws {
        let busy: [String: Any] = ["status": 429, "headers": ["Retry-After": "3600"], "body": "slow down\n"]
        let server = try LoopbackServer(routes: ["/a.xml": busy, "/b.xml": rss(), "/c.xml": rss()], hosts: ["127.0.0.1", "127.0.0.2"])
        let elsewhere = server.url("/c.xml", host: "127.0.0.2")
        let urls = [server.url("/a.xml"), server.url("/b.xml"), elsewhere]
        var options = FetchOptions(concurrency: 1)
        options.attempts = 3
        let recorder = ReloadRecorder()
        let cache = InMemoryFeedCache()
        let summary = try #require(recorder.run(urls, cache: cache, options: options))

        #expect(recorder.outcome(for: urls[0]) == .failed(.serverAskedToWait(status: 429, seconds: 3600)))
        #expect(recorder.outcome(for: urls[1]) == .failed(.hostAskedToWait(seconds: 3600)))
        guard case .finished = recorder.outcome(for: elsewhere) else {
            Issue.record("another host is asked as usual: \(String(describing: recorder.outcome(for: elsewhere)))")
            return
        }
        #expect(summary.failed == 2)
        let paths = try server.requests().compactMap { $0["path"] as? String }.filter { !$0.hasPrefix("/_") }
        #expect(paths == ["/a.xml", "/c.xml"], "no second try of the 429, nothing more asked of its host")
        #expect(cache.calls.contains(.failure(urls[0], .serverAskedToWait(status: 429, seconds: 3600))))
        #expect(!cache.calls.contains { if case .failure(urls[1], _) = $0 { true } else { false } }, "a feed not asked records nothing")
        #expect(FetchFailure.serverAskedToWait(status: 429, seconds: 3600).serverTiming == ServerTiming(retryAfter: 3600, isHostWide: true))
    }

    @Test func a503RetryAfterDateIsReadAgainstTheServersClockAndHoldsForTheFeedAlone() throws {
        let server = try LoopbackServer(routes: [
            "/down.xml": ["status": 503, "headers": ["Date": "Sun, 06 Dec 2026 12:00:00 GMT", "Retry-After": "Sun, 06 Dec 2026 12:30:00 GMT"]],
            "/up.xml": rss(),
        ])
        let urls = [server.url("/down.xml"), server.url("/up.xml")]
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run(urls, cache: InMemoryFeedCache(), options: FetchOptions(concurrency: 1)))
        let failure = FetchFailure.serverAskedToWait(status: 503, seconds: 1800)
        #expect(recorder.outcome(for: urls[0]) == .failed(failure))
        #expect(failure.serverTiming == ServerTiming(retryAfter: 1800, isHostWide: false))
        #expect(failure.description == "HTTP 503 Service Unavailable: the server asks to wait 30 min")
        guard case .finished = recorder.outcome(for: urls[1]) else {
            Issue.record("a 503 holds for its feed only: \(String(describing: recorder.outcome(for: urls[1])))")
            return
        }
    }

    @Test func feedsWithDifferentCookieJarsKeepTheirOwnCookies() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (first, second) = (directory.appendingPathComponent("a.txt").path, directory.appendingPathComponent("b.txt").path)
        let server = try LoopbackServer(routes: [
            "/a.xml": rss(["Set-Cookie": "who=alpha; Path=/a.xml; Max-Age=3600"]),
            "/b.xml": rss(["Set-Cookie": "who=bravo; Path=/b.xml; Max-Age=3600"]),
        ])
        let requests = [("/a.xml", first), ("/b.xml", second)].map { path, jar in
            FetchRequest(url: server.url(path), settings: FeedRequestSettings(userAgent: "T/1", timeout: 120, cookieFile: jar))
        }
        var options = FetchOptions()
        options.connectTimeout = 120
        _ = try #require(ReloadRecorder().run(requests: requests, cache: InMemoryFeedCache(), options: options, limit: 120))
        // Written as each transfer ends, and again as its handle is cleaned up just after.
        let deadline = Date().addingTimeInterval(30)
        var jars = ("", "")
        repeat {
            jars = ((try? String(contentsOfFile: first, encoding: .utf8)) ?? "", (try? String(contentsOfFile: second, encoding: .utf8)) ?? "")
            if jars.0.contains("alpha") && jars.1.contains("bravo") { break }
            usleep(20_000)
        } while Date() < deadline
        #expect(jars.0.contains("who\talpha") && !jars.0.contains("bravo"))
        #expect(jars.1.contains("who\tbravo") && !jars.1.contains("alpha"))
    }
}
