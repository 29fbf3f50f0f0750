import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

/// Servers that misbehave on purpose: each test asserts the bound that stops them (a limit, a
/// deadline, a size cap) and what is left in the cache afterwards, not merely that nothing crashed.
///
/// Durations are only checked against generous ceilings (the configured deadline plus several
/// seconds of slack), so a loaded machine cannot make them flake; the point is that the reload
/// ends by itself instead of hanging until the test's own limit.
@Suite struct HostileHTTPTests {
    let feed: String

    init() throws {
        feed = try Fixture.text("harbour-notes.rss")
    }

    private func rss(_ extra: [String: Any] = [:]) -> [String: Any] {
        ["body": feed, "headers": ["Content-Type": "application/rss+xml; charset=utf-8"]].merging(extra) { $1 }
    }

    /// Runs one feed and returns its outcome, the cache and the seconds the reload took.
    private func reload(_ url: String, cache: InMemoryFeedCache = InMemoryFeedCache(), options: FetchOptions)
        throws -> (outcome: FetchEvent.Kind?, cache: InMemoryFeedCache, seconds: TimeInterval)
    {
        let recorder = ReloadRecorder()
        let start = Date()
        _ = try #require(recorder.run([url], cache: cache, options: options, limit: 60))
        return (recorder.outcome(for: url), cache, Date().timeIntervalSince(start))
    }

    @Test func redirectToItselfStopsAtTheDefaultLimit() throws {
        let server = try LoopbackServer(routes: ["/self.xml": ["status": 301, "redirect": "/self.xml"]])
        let url = server.url("/self.xml")
        let result = try reload(url, options: FetchOptions())
        #expect(result.outcome == .failed(.tooManyRedirects(limit: 10)))
        #expect(!result.cache.calls.contains { if case .permanentRedirect = $0 { true } else { false } })
        // One request plus ten followed redirects, never more.
        #expect(try server.requests().filter { $0["path"] as? String == "/self.xml" }.count == 11)
    }

    @Test func oneBytePerSecondIsCutByTheDeadline() throws {
        // Each byte resets the idle timer (3 s), so only the whole-feed deadline (2 s) can end it.
        let server = try LoopbackServer(routes: ["/trickle.xml": rss(["drip": 1.0, "drip_bytes": 1])])
        let url = server.url("/trickle.xml")
        let result = try reload(url, options: FetchOptions(connectTimeout: 3, timeout: 2))
        #expect(result.outcome == .failed(.timedOut(seconds: 2)))
        #expect(!result.cache.calls.contains(.store(url)))
        #expect(result.seconds < 2 + 8)
    }

    @Test func bodyThatGoesSilentIsCutByTheIdleTimeout() throws {
        // Headers and a first byte, then one byte a minute: the idle timeout (1 s) fires long
        // before the deadline (30 s).
        let server = try LoopbackServer(routes: ["/stalled.xml": rss(["drip": 60.0, "drip_bytes": 1])])
        let url = server.url("/stalled.xml")
        let result = try reload(url, options: FetchOptions(connectTimeout: 1, timeout: 30))
        #expect(result.outcome == .failed(.noAnswer(seconds: 1)))
        #expect(result.seconds < 1 + 8)
    }

    @Test func completeBodyOnAConnectionThatNeverClosesIsNotTakenAsComplete() throws {
        // No Content-Length and `Connection: close`: only the end of the connection ends the body,
        // and it never comes. The feed must fail by the idle timeout and store nothing.
        let server = try LoopbackServer(routes: ["/open.xml": rss(["never_close": true])])
        let url = server.url("/open.xml")
        let result = try reload(url, options: FetchOptions(connectTimeout: 1, timeout: 30))
        #expect(result.outcome == .failed(.noAnswer(seconds: 1)))
        #expect(!result.cache.calls.contains(.store(url)))
        #expect(result.seconds < 1 + 8)
    }

    @Test func contentLengthLongerThanTheBodyFailsAndStoresNothing() throws {
        let length = feed.utf8.count + 5000
        let server = try LoopbackServer(routes: ["/short.xml": rss(["content_length": length])])
        let url = server.url("/short.xml")
        let result = try reload(url, options: FetchOptions(connectTimeout: 2, timeout: 30))
        #expect(result.outcome == .failed(.network("the connection closed before the whole answer arrived")))
        #expect(!result.cache.calls.contains(.store(url)))
        // A previously stored copy is not replaced by half a document.
        #expect(result.cache.feed(for: url) == nil)
    }

    @Test func contentLengthShorterThanTheBodyIsObeyed() throws {
        // The announced length ends the document inside the second item: the client must read no
        // further (the extra bytes are the next response's business), and RECOVER keeps only what
        // arrived whole. The first item is complete within the announced bytes.
        let secondItem = try #require(feed.range(of: "<item>", range: feed.range(of: "</item>")!.upperBound..<feed.endIndex))
        let cut = feed.utf8.distance(from: feed.startIndex, to: secondItem.upperBound) + 10
        let server = try LoopbackServer(routes: ["/long.xml": rss(["content_length": cut])])
        let url = server.url("/long.xml")
        let result = try reload(url, options: FetchOptions(connectTimeout: 2, timeout: 30))
        // RECOVER turns the truncated document into a feed: the first item whole, the cut one
        // empty (see the report: the parser keeps an empty item from a document cut inside it).
        guard case .finished = result.outcome else {
            Issue.record("expected the truncated document to be stored, got \(String(describing: result.outcome))")
            return
        }
        let stored = try #require(result.cache.feed(for: url))
        #expect(stored.title == "Harbour Notes")
        #expect(stored.items.first?.title == "Spring tides this weekend")
        // Nothing past the announced length was read: the third item never appears.
        #expect(stored.items.count <= 2)
        #expect(!stored.items.contains { $0.link?.hasSuffix("/notes/lighthouse") == true })
    }

    @Test func tenThousandResponseHeadersAreRefusedWithAClearReason() throws {
        // 10 000 small headers (about 300 KB): libcurl stops at 300 KiB of headers in all, so the
        // answer is refused before any body is read, and said so in words.
        let server = try LoopbackServer(routes: [
            "/headers.xml": rss(["extra_headers": 10_000]),
            "/some-headers.xml": rss(["extra_headers": 1_000]),
        ])
        let url = server.url("/headers.xml")
        let result = try reload(url, options: FetchOptions(connectTimeout: 2, timeout: 10))
        #expect(result.outcome == .failed(.network("the server's response headers are too large")))
        #expect(!result.cache.calls.contains(.store(url)))
        #expect(result.seconds < 10 + 8)
        // A thousand junk headers are merely ignored.
        let some = try reload(server.url("/some-headers.xml"), options: FetchOptions(connectTimeout: 2, timeout: 10))
        #expect(some.outcome == .finished(newItems: 3))
    }

    @Test func notModifiedWhenNothingWasAskedIsAFailure() throws {
        // A 304 answers a conditional request; we sent no validators, so there is no copy it
        // could refer to. Counting it as "not modified" would leave a new feed empty forever.
        let server = try LoopbackServer(routes: ["/liar.xml": ["status": 304]])
        let url = server.url("/liar.xml")
        let result = try reload(url, options: FetchOptions(connectTimeout: 2, timeout: 10))
        #expect(result.outcome == .failed(.httpStatus(304)))
        #expect(!result.cache.calls.contains(.notModified(url)))
        #expect(try server.headers(for: "/liar.xml").first?["if-none-match"] == nil)
        #expect(FetchFailure.httpStatus(304).description == "HTTP 304 Not Modified")
    }

    @Test func notModifiedWithoutValidatorsKeepsTheOnesWeHave() throws {
        // RFC 9110 lets a 304 omit the validators; the stored ones must survive it.
        let server = try LoopbackServer(routes: ["/bare304.xml": ["status": 304]])
        let url = server.url("/bare304.xml")
        let known = CacheValidators(etag: "\"v7\"", lastModified: "Fri, 20 Nov 2026 08:00:00 GMT")
        let cache = InMemoryFeedCache(validators: [url: known])
        let result = try reload(url, cache: cache, options: FetchOptions(connectTimeout: 2, timeout: 10))
        #expect(result.outcome == .notModified)
        #expect(cache.savedValidators(for: url) == known)
        #expect(try server.headers(for: "/bare304.xml").first?["if-none-match"] == "\"v7\"")
    }

    @Test func gzipBombIsStoppedAtTheCapWithBoundedMemory() throws {
        // 256 MiB of well-formed items compress to about 250 KiB, which loopback delivers in one
        // burst. The cap counts decompressed bytes, so the transfer must stop after 1 MiB, and the
        // process must not grow by anything near the decompressed size. Measured on this test: a
        // fetcher that inflated the whole burst before its cap could act peaked about 280 MiB
        // higher; one that stops inside the inflating peaks about 10 MiB higher (threads, libcurl,
        // the parser). The bound leaves room for other tests running in the same process at the
        // same time: on a loaded machine they once added 90 MiB (a 101 MiB peak against a bound of
        // 48 MiB). 160 MiB is above that and well below the 280 MiB of inflating the whole burst.
        let chunk = String(repeating: "<item><title>bomb</title><description>aaaaaaaa</description></item>\n", count: 1024)
        let repeatCount = (256 << 20) / chunk.utf8.count
        let server = try LoopbackServer(routes: [
            "/bomb.xml": ["prefix": "<rss version=\"2.0\"><channel><title>Bomb</title>", "body": chunk,
                          "repeat": repeatCount, "gzip": true,
                          "headers": ["Content-Type": "application/rss+xml"]],
        ])
        let url = server.url("/bomb.xml")
        let baseline = Self.resetPeakResidentBytes()
        // The server compresses the whole bomb before it answers: a generous wait for the headers.
        let result = try reload(url, options: FetchOptions(connectTimeout: 30, timeout: 60, maxBytes: 1 << 20))
        let growth = Self.memoryStatus("VmHWM") - baseline
        #expect(result.outcome == .failed(.tooLarge(limit: 1 << 20)))
        #expect(!result.cache.calls.contains(.store(url)))
        #expect(growth < 160 << 20, "peak RSS grew by \(growth >> 20) MiB")
    }

    /// Resets the process's peak resident size (Linux `clear_refs`), so that the next peak read
    /// belongs to what runs in between, and returns the size to compare that peak with: the
    /// resident size now, or the peak so far where the reset is refused.
    private static func resetPeakResidentBytes() -> Int {
        let didReset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        return memoryStatus(didReset ? "VmRSS" : "VmHWM")
    }

    /// A size from /proc/self/status (`VmRSS`, `VmHWM`), in bytes.
    private static func memoryStatus(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        let kibibytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        return (kibibytes ?? 0) * 1024
    }

    @Test func redirectToAnythingButHTTPIsRefusedWithItsStatus() throws {
        // The fetcher follows redirects itself: a Location pointing at a local file (or any other
        // scheme libcurl might speak) must end the feed, not be read.
        let server = try LoopbackServer(routes: [
            "/to-file.xml": ["status": 302, "redirect": "file:///etc/passwd"],
            "/to-ftp.xml": ["status": 301, "redirect": "ftp://127.0.0.1/feed.xml"],
        ])
        for (path, status) in [("/to-file.xml", 302), ("/to-ftp.xml", 301)] {
            let url = server.url(path)
            let result = try reload(url, options: FetchOptions(connectTimeout: 2, timeout: 10))
            #expect(result.outcome == .failed(.httpStatus(status)), "\(path)")
            #expect(!result.cache.calls.contains(.store(url)))
        }
    }

    @Test func credentialsAreNotSentToTheHostARedirectLeadsTo() throws {
        let server = try LoopbackServer(routes: ["/landing.xml": rss()], hosts: ["127.0.0.1", "127.0.0.2"])
        let elsewhere = server.url("/landing.xml", host: "127.0.0.2")
        let server2 = try LoopbackServer(routes: ["/away.xml": ["status": 302, "redirect": elsewhere]])
        let url = "http://alice:pw@127.0.0.1:\(server2.port)/away.xml"
        let result = try reload(url, options: FetchOptions(connectTimeout: 2, timeout: 10))
        #expect(result.outcome == .finished(newItems: 3))
        #expect(try server2.headers(for: "/away.xml").first?["authorization"] != nil)
        let landing = try #require(try server.headers(for: "/landing.xml").first)
        #expect(landing["authorization"] == nil)
    }

    @Test func credentialsNeverAppearInFailureReasonsOfAnyKind() throws {
        let server = try LoopbackServer(routes: [
            "/moved.xml": ["status": 302, "redirect": "/moved.xml"],
            "/locked.xml": ["status": 401],
        ])
        let secret = "hunter2-secret"
        for path in ["/moved.xml", "/locked.xml", "/missing.xml"] {
            let url = "http://alice:\(secret)@127.0.0.1:\(server.port)\(path)"
            let recorder = ReloadRecorder()
            let summary = try #require(recorder.run([url], cache: InMemoryFeedCache(), options: FetchOptions(maxRedirects: 2)))
            #expect(summary.failed == 1, "\(path)")
            for failure in summary.failures {
                #expect(!failure.reason.description.contains(secret) && !failure.reason.description.contains("alice"))
            }
            #expect(recorder.events.allSatisfy { !$0.displayURL.contains(secret) })
        }
    }
}
