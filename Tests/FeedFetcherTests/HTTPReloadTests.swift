import FeedFetcher
import FeedModel
import Foundation
import Testing

/// The HTTP side of the pipeline against a real server on 127.0.0.1.
@Suite struct HTTPReloadTests {
    let feed: String

    init() throws {
        feed = try Fixture.text("harbour-notes.rss")
    }

    private func rss(_ extra: [String: Any] = [:]) -> [String: Any] {
        ["body": feed, "headers": ["Content-Type": "application/rss+xml; charset=utf-8"]].merging(extra) { $1 }
    }

    @Test func okResponseIsParsedStoredAndCountedWithItsValidators() throws {
        let server = try LoopbackServer(routes: [
            "/feed.xml": rss(["etag": "\"harbour-1\"", "last_modified": "Fri, 20 Nov 2026 08:00:00 GMT"]),
        ])
        let cache = InMemoryFeedCache()
        let recorder = ReloadRecorder()
        let url = server.url("/feed.xml")
        let summary = try #require(recorder.run([url], cache: cache))

        #expect(recorder.events.map(\.kind) == [.started, .finished(newItems: 3)])
        #expect(summary.updated == 1 && summary.newItems == 3 && summary.failed == 0)
        let stored = try #require(cache.feed(for: url))
        #expect(stored.title == "Harbour Notes")
        #expect(stored.items.count == 3)
        // Relative links resolve against the URL the document came from.
        #expect(stored.items[2].link == "http://127.0.0.1:\(server.port)/notes/lighthouse")
        #expect(cache.savedValidators(for: url)
            == CacheValidators(etag: "\"harbour-1\"", lastModified: "Fri, 20 Nov 2026 08:00:00 GMT"))

        let headers = try #require(try server.headers(for: "/feed.xml").first)
        #expect(headers["user-agent"] == "Tidings/\(TidingsVersion.current)")
        #expect(headers["accept-encoding"] == "gzip, deflate")
        #expect(headers["if-none-match"] == nil)
    }

    @Test func secondReloadSendsValidatorsAndA304CostsNoParsingAndNoStore() throws {
        let server = try LoopbackServer(routes: [
            "/feed.xml": rss(["etag": "\"harbour-1\"", "last_modified": "Fri, 20 Nov 2026 08:00:00 GMT"]),
        ])
        let cache = InMemoryFeedCache()
        let url = server.url("/feed.xml")
        _ = try #require(ReloadRecorder().run([url], cache: cache))
        let recorder = ReloadRecorder()
        let summary = try #require(recorder.run([url], cache: cache))

        #expect(summary.notModified == 1 && summary.updated == 0 && summary.newItems == 0)
        #expect(recorder.outcome(for: url) == .notModified)
        #expect(cache.calls.filter { $0 == .store(url) }.count == 1)
        #expect(cache.calls.last == .notModified(url))
        let second = try server.headers(for: "/feed.xml")[1]
        #expect(second["if-none-match"] == "\"harbour-1\"")
        #expect(second["if-modified-since"] == "Fri, 20 Nov 2026 08:00:00 GMT")
    }

    @Test func lastModifiedAloneIsEnoughFor304() throws {
        let server = try LoopbackServer(routes: ["/feed.xml": rss(["last_modified": "Fri, 20 Nov 2026 08:00:00 GMT"])])
        let url = server.url("/feed.xml")
        let cache = InMemoryFeedCache(validators: [url: CacheValidators(lastModified: "Fri, 20 Nov 2026 08:00:00 GMT")])
        let summary = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(summary.notModified == 1)
        #expect(!cache.calls.contains(.store(url)))
    }

    @Test(arguments: [404, 500, 410, 503])
    func errorStatusFailsTheFeedAndKeepsItsItems(status: Int) throws {
        let server = try LoopbackServer(routes: ["/feed.xml": ["status": status, "body": "<html>nope</html>"]])
        let cache = InMemoryFeedCache()
        let recorder = ReloadRecorder()
        let url = server.url("/feed.xml")
        let summary = try #require(recorder.run([url], cache: cache))

        #expect(summary.failed == 1)
        #expect(recorder.outcome(for: url) == .failed(.httpStatus(status)))
        #expect(cache.calls.contains(.failure(url, .httpStatus(status))))
        #expect(!cache.calls.contains(.store(url)))
        #expect(FetchFailure.httpStatus(404).description == "HTTP 404 Not Found")
    }

    @Test(arguments: ["gzip", "deflate"])
    func compressedBodiesAreDecompressed(encoding: String) throws {
        let server = try LoopbackServer(routes: ["/feed.xml": rss([encoding: true])])
        let cache = InMemoryFeedCache()
        let url = server.url("/feed.xml")
        let summary = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(summary.updated == 1)
        #expect(cache.feed(for: url)?.title == "Harbour Notes")
    }

    @Test func temporaryRedirectIsFollowedButNotReportedAsAMove() throws {
        let server = try LoopbackServer(routes: [
            "/old.xml": ["status": 302, "redirect": "/new.xml"],
            "/new.xml": rss(),
        ])
        let cache = InMemoryFeedCache()
        let url = server.url("/old.xml")
        let summary = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(summary.updated == 1)
        #expect(cache.feed(for: url)?.items.count == 3)
        #expect(!cache.calls.contains { if case .permanentRedirect = $0 { true } else { false } })
    }

    @Test func permanentRedirectChainIsReportedWithTheFinalURL() throws {
        let server = try LoopbackServer(routes: [
            "/a.xml": ["status": 301, "redirect": "/b.xml"],
            "/b.xml": ["status": 308, "redirect": "/c.xml"],
            "/c.xml": rss(),
        ])
        let cache = InMemoryFeedCache()
        let url = server.url("/a.xml")
        _ = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(cache.calls.contains(.permanentRedirect(url, server.url("/c.xml"))))
    }

    @Test func mixedRedirectChainIsNotAPermanentMove() throws {
        let server = try LoopbackServer(routes: [
            "/a.xml": ["status": 301, "redirect": "/b.xml"],
            "/b.xml": ["status": 307, "redirect": "/c.xml"],
            "/c.xml": rss(),
        ])
        let cache = InMemoryFeedCache()
        _ = try #require(ReloadRecorder().run([server.url("/a.xml")], cache: cache))
        #expect(!cache.calls.contains { if case .permanentRedirect = $0 { true } else { false } })
    }

    @Test func redirectLoopFailsAfterTheLimit() throws {
        let server = try LoopbackServer(routes: [
            "/ping.xml": ["status": 302, "redirect": "/pong.xml"],
            "/pong.xml": ["status": 302, "redirect": "/ping.xml"],
        ])
        let recorder = ReloadRecorder()
        let url = server.url("/ping.xml")
        let summary = try #require(recorder.run([url], cache: InMemoryFeedCache(), options: FetchOptions(maxRedirects: 4)))
        #expect(summary.failed == 1)
        #expect(recorder.outcome(for: url) == .failed(.tooManyRedirects(limit: 4)))
        // The limit counts redirects: 1 request + 4 followed redirects, no more.
        #expect(try server.requests().filter { ($0["path"] as? String)?.hasSuffix("ng.xml") == true }.count == 5)
    }

    @Test func redirectWithoutLocationFailsWithItsStatus() throws {
        let server = try LoopbackServer(routes: ["/nowhere.xml": ["status": 302, "body": "<p>moved, but where?</p>"]])
        let recorder = ReloadRecorder()
        let url = server.url("/nowhere.xml")
        _ = try #require(recorder.run([url], cache: InMemoryFeedCache()))
        #expect(recorder.outcome(for: url) == .failed(.httpStatus(302)))
    }

    @Test func tenRedirectsAreAllowedByDefault() throws {
        var routes: [String: [String: Any]] = ["/hop10.xml": rss()]
        for hop in 0..<10 { routes["/hop\(hop).xml"] = ["status": 302, "redirect": "/hop\(hop + 1).xml"] }
        let server = try LoopbackServer(routes: routes)
        let summary = try #require(ReloadRecorder().run([server.url("/hop0.xml")], cache: InMemoryFeedCache()))
        #expect(summary.updated == 1)
    }

    @Test func serverThatNeverAnswersTimesOut() throws {
        let server = try LoopbackServer(routes: ["/silent.xml": ["never_respond": true]])
        let recorder = ReloadRecorder()
        let url = server.url("/silent.xml")
        let options = FetchOptions(connectTimeout: 1, timeout: 30)
        let summary = try #require(recorder.run([url], cache: InMemoryFeedCache(), options: options))
        #expect(summary.failed == 1)
        #expect(recorder.outcome(for: url) == .failed(.noAnswer(seconds: 1)))
    }

    @Test func slowDripIsCutByTheWholeFeedDeadline() throws {
        // One byte every 0.2 s never trips the idle timeout; only the whole-feed deadline stops it.
        let server = try LoopbackServer(routes: ["/drip.xml": rss(["drip": 0.2])])
        let recorder = ReloadRecorder()
        let url = server.url("/drip.xml")
        let cache = InMemoryFeedCache()
        // The idle timeout (3 s) is longer than the deadline, so only the deadline can end it.
        let options = FetchOptions(connectTimeout: 3, timeout: 1.5)
        let summary = try #require(recorder.run([url], cache: cache, options: options))
        #expect(summary.failed == 1)
        #expect(recorder.outcome(for: url) == .failed(.timedOut(seconds: 1.5)))
        #expect(cache.calls.contains(.failure(url, .timedOut(seconds: 1.5))))
    }

    @Test func hugeBodyIsAbortedAtTheCap() throws {
        // 100 MB of valid-looking XML, streamed by the server without being held in memory.
        let chunk = String(repeating: "<item><title>padding</title></item>\n", count: 1000)
        let repeatCount = 100_000_000 / chunk.utf8.count
        let server = try LoopbackServer(routes: [
            "/huge.xml": ["prefix": "<rss version=\"2.0\"><channel>", "body": chunk, "repeat": repeatCount,
                          "headers": ["Content-Type": "application/rss+xml"]],
            "/huge-unknown-length.xml": ["prefix": "<rss version=\"2.0\"><channel>", "body": chunk,
                                         "repeat": repeatCount, "never_close": true],
        ])
        for path in ["/huge.xml", "/huge-unknown-length.xml"] {
            let recorder = ReloadRecorder()
            let url = server.url(path)
            let options = FetchOptions(timeout: 30, maxBytes: 1 << 20)
            let summary = try #require(recorder.run([url], cache: InMemoryFeedCache(), options: options))
            #expect(summary.failed == 1)
            #expect(recorder.outcome(for: url) == .failed(.tooLarge(limit: 1 << 20)))
        }
        #expect(FetchFailure.tooLarge(limit: 64 << 20).description == "larger than 64 MiB; download stopped")
    }

    @Test func httpCharsetReachesTheParser() throws {
        let latin1 = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("cafe-latin1.atom")))
        let server = try LoopbackServer(routes: [
            "/latin1.atom": ["body_base64": latin1.base64EncodedString(),
                             "headers": ["Content-Type": "application/atom+xml; charset=\"ISO-8859-1\""]],
        ])
        let cache = InMemoryFeedCache()
        let url = server.url("/latin1.atom")
        let summary = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(summary.updated == 1)
        let stored = try #require(cache.feed(for: url))
        #expect(stored.title == "Café crème")
        #expect(stored.items.first?.title == "Crêpes à la française")
    }

    @Test func wrongCharsetHeaderStillYieldsTheFeed() throws {
        // The header claims UTF-8 but the bytes are Latin-1: the feed must not be lost.
        let latin1 = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("cafe-latin1.atom")))
        let server = try LoopbackServer(routes: [
            "/liar.atom": ["body_base64": latin1.base64EncodedString(),
                           "headers": ["Content-Type": "application/atom+xml; charset=utf-8"]],
        ])
        let cache = InMemoryFeedCache()
        let url = server.url("/liar.atom")
        let summary = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(summary.updated == 1)
        let stored = try #require(cache.feed(for: url))
        #expect(stored.items.count == 1)
        #expect(stored.title?.hasPrefix("Caf") == true)
    }

    @Test func credentialsBecomeBasicAuthAndNeverAppearInMessages() throws {
        let server = try LoopbackServer(routes: ["/private.xml": ["status": 403]])
        let recorder = ReloadRecorder()
        let url = "http://reader:s3cr%40t@127.0.0.1:\(server.port)/private.xml"
        let summary = try #require(recorder.run([url], cache: InMemoryFeedCache()))
        let headers = try #require(try server.headers(for: "/private.xml").first)
        #expect(headers["authorization"] == "Basic " + Data("reader:s3cr@t".utf8).base64EncodedString())
        let failure = try #require(summary.failures.first)
        #expect(!failure.reason.description.contains("s3cr"))
        #expect(recorder.events.allSatisfy { !$0.displayURL.contains("s3cr") && !$0.displayURL.contains("reader") })
        #expect(recorder.events.first?.displayURL == "http://***@127.0.0.1:\(server.port)/private.xml")
    }

    @Test func refusedConnectionIsANetworkFailure() throws {
        // Bind and release a port so that nothing listens on it.
        let server = try LoopbackServer(routes: [:])
        let url = server.url("/gone.xml")
        server.stop()
        let recorder = ReloadRecorder()
        let summary = try #require(recorder.run([url], cache: InMemoryFeedCache()))
        #expect(summary.failed == 1)
        #expect(recorder.outcome(for: url) == .failed(.network("connection refused")))
    }
}
