import FeedFetcher
import FeedModel
import Foundation
import TestSupport
import Testing

/// newsboat's download options against real servers on 127.0.0.1: the proxy (the test server
/// answering absolute-URI requests as an HTTP proxy does), Digest credentials, the cookie jar,
/// retries and always-download.
@Suite struct ProxyAndCookieTests {
    let feed: String

    init() throws {
        feed = try Fixture.text("harbour-notes.rss")
    }

    private func rss(_ extra: [String: Any] = [:]) -> [String: Any] {
        ["body": feed, "headers": ["Content-Type": "application/rss+xml; charset=utf-8"]].merging(extra) { $1 }
    }

    /// A host that no resolver knows: only a proxy can fetch it.
    private let unreachableFeed = "http://feeds.invalid/feed.xml"

    @Test func everyDownloadGoesThroughTheProxyWithItsCredentials() throws {
        let proxy = try LoopbackServer(routes: ["/feed.xml": rss()], proxyCredentials: "me:s3cret")
        var options = FetchOptions()
        options.proxy = ProxySettings(address: "127.0.0.1:\(proxy.port)", kind: .http, credentials: "me:s3cret")
        let recorder = ReloadRecorder()
        let summary = try #require(recorder.run([unreachableFeed], cache: InMemoryFeedCache(), options: options))

        #expect(summary.updated == 1 && summary.failed == 0)
        let requests = try proxy.requests().filter { $0["path"] as? String == "/feed.xml" }
        #expect(!requests.isEmpty)
        #expect(requests.allSatisfy { $0["absolute"] as? Bool == true && $0["host"] as? String == "feeds.invalid" })
        let answered = try #require(requests.last?["headers"] as? [String: String])
        #expect(answered["proxy-authorization"] == "Basic " + Data("me:s3cret".utf8).base64EncodedString())
    }

    @Test func withoutTheProxyOrWithWrongCredentialsTheFeedFails() throws {
        let proxy = try LoopbackServer(routes: ["/feed.xml": rss()], proxyCredentials: "me:s3cret")
        let direct = try #require(ReloadRecorder().run([unreachableFeed], cache: InMemoryFeedCache()))
        #expect(direct.failed == 1)

        var options = FetchOptions()
        options.proxy = ProxySettings(address: "127.0.0.1:\(proxy.port)", credentials: "me:wrong", authMethod: .basic)
        let recorder = ReloadRecorder()
        let refused = try #require(recorder.run([unreachableFeed], cache: InMemoryFeedCache(), options: options))
        #expect(refused.failed == 1)
        #expect(recorder.outcome(for: unreachableFeed) == .failed(.httpStatus(407)))
    }

    @Test func aSOCKS5ProxyWithCredentialsResolvesTheNames() throws {
        let server = try LoopbackServer(routes: ["/feed.xml": rss()])
        let proxy = try SOCKSProxy(credentials: "me:s3cret")
        defer { proxy.stop() }
        let url = "http://feeds.invalid:\(server.port)/feed.xml"
        var options = FetchOptions()
        options.proxy = ProxySettings(address: "127.0.0.1:\(proxy.port)", kind: .socks5h, credentials: "me:s3cret")
        let summary = try #require(ReloadRecorder().run([url], cache: InMemoryFeedCache(), options: options))
        #expect(summary.updated == 1 && summary.failed == 0)
        #expect(try proxy.connections() == ["feeds.invalid \(server.port) me"])

        options.proxy?.credentials = "me:wrong"
        let refused = try #require(ReloadRecorder().run([url], cache: InMemoryFeedCache(), options: options))
        #expect(refused.failed == 1)
        #expect(try server.headers(for: "/feed.xml").count == 1)
    }

    @Test func digestCredentialsAnswerTheServersChallenge() throws {
        let server = try LoopbackServer(routes: ["/private.xml": rss(["digest_auth": "reader:s3cret"])])
        let url = "http://reader:s3cret@127.0.0.1:\(server.port)/private.xml"
        var options = FetchOptions()
        options.httpAuthMethod = .digest
        let summary = try #require(ReloadRecorder().run([url], cache: InMemoryFeedCache(), options: options))

        #expect(summary.updated == 1 && summary.failed == 0)
        let sent = try server.headers(for: "/private.xml")
        #expect(sent.first?["authorization"] == nil)
        #expect(sent.last?["authorization"]?.hasPrefix("Digest username=\"reader\"") == true)
        // The password itself never travels.
        #expect(sent.allSatisfy { !($0["authorization"] ?? "").contains("s3cret") })

        // `any` sends Basic at once, which a Digest-only server refuses.
        let basic = ReloadRecorder()
        _ = try #require(basic.run([url], cache: InMemoryFeedCache()))
        #expect(basic.outcome(for: url) == .failed(.httpStatus(401)))
    }

    @Test func wrongDigestCredentialsFailWith401() throws {
        let server = try LoopbackServer(routes: ["/private.xml": rss(["digest_auth": "reader:s3cret"])])
        let url = "http://reader:wrong@127.0.0.1:\(server.port)/private.xml"
        var options = FetchOptions()
        options.httpAuthMethod = .anysafe
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([url], cache: InMemoryFeedCache(), options: options))
        #expect(recorder.outcome(for: url) == .failed(.httpStatus(401)))
    }

    @Test func cookiesAreKeptInTheJarAndSentBackAtTheNextReload() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cookies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let jar = directory.appendingPathComponent("cookies.txt").path
        let server = try LoopbackServer(routes: [
            "/feed.xml": rss(["headers": ["Content-Type": "application/rss+xml", "Set-Cookie": "visitor=ab12cd; Path=/; Max-Age=3600"]]),
        ])
        let url = server.url("/feed.xml")
        var options = FetchOptions()
        options.cookieFile = jar
        // Long enough for a loaded machine: a feed given up would leave the jar to the handle's
        // cleanup, after the reload has ended.
        options.connectTimeout = 120
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([url], cache: InMemoryFeedCache(), options: options, limit: 120))
        guard case .finished = recorder.outcome(for: url) else {
            Issue.record("the feed did not load: \(String(describing: recorder.outcome(for: url)))")
            return
        }
        // The jar is written before the feed is reported, and again as the transfer's handle is
        // cleaned up, just after. In two full runs of the suite it was read empty at this point,
        // for a reason not found: it is read until it holds the cookie, for 30 s at most.
        var written = ""
        let deadline = Date().addingTimeInterval(30)
        while true {
            written = (try? String(contentsOfFile: jar, encoding: .utf8)) ?? ""
            if written.contains("visitor\tab12cd") || Date() > deadline { break }
            usleep(20_000)
        }
        #expect(written.contains("visitor\tab12cd"))

        // A new reload (a new session) reads the jar.
        _ = try #require(ReloadRecorder().run([url], cache: InMemoryFeedCache(), options: options))
        let sent = try server.headers(for: "/feed.xml")
        #expect(sent.count == 2)
        #expect(sent.first?["cookie"] == nil)
        #expect(sent.last?["cookie"] == "visitor=ab12cd")
    }

    @Test func aFailedDownloadIsTriedAsOftenAsDownloadRetriesSays() throws {
        let server = try LoopbackServer(routes: ["/shaky.xml": rss(["fail_first": 2]), "/down.xml": rss(["fail_first": 9])])
        let shaky = server.url("/shaky.xml"), down = server.url("/down.xml")
        var options = FetchOptions()
        options.attempts = 3
        let recorder = ReloadRecorder()
        let summary = try #require(recorder.run([shaky, down], cache: InMemoryFeedCache(), options: options))
        #expect(recorder.outcome(for: shaky) == .finished(newItems: 3))
        #expect(recorder.outcome(for: down) == .failed(.httpStatus(503)))
        #expect(summary.updated == 1 && summary.failed == 1)
        #expect(try server.headers(for: "/shaky.xml").count == 3)
        #expect(try server.headers(for: "/down.xml").count == 3)
    }

    @Test func oneTryByDefault() throws {
        let server = try LoopbackServer(routes: ["/shaky.xml": rss(["fail_first": 1])])
        let url = server.url("/shaky.xml")
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([url], cache: InMemoryFeedCache()))
        #expect(recorder.outcome(for: url) == .failed(.httpStatus(503)))
        #expect(try server.headers(for: "/shaky.xml").count == 1)
    }

    @Test func alwaysDownloadSendsNoValidators() throws {
        let server = try LoopbackServer(routes: [
            "/feed.xml": rss(["etag": "\"v1\""]), "/other.xml": rss(["etag": "\"v1\""]),
        ])
        let always = server.url("/feed.xml"), other = server.url("/other.xml")
        let cache = InMemoryFeedCache()
        var options = FetchOptions()
        options.alwaysDownload = [always]
        _ = try #require(ReloadRecorder().run([always, other], cache: cache, options: options))
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([always, other], cache: cache, options: options))

        #expect(recorder.outcome(for: always) == .finished(newItems: 0))
        #expect(recorder.outcome(for: other) == .notModified)
        #expect(try server.headers(for: "/feed.xml").last?["if-none-match"] == nil)
        #expect(try server.headers(for: "/other.xml").last?["if-none-match"] == "\"v1\"")
    }
}
