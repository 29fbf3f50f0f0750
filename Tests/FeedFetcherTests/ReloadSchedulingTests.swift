import FeedFetcher
import FeedModel
import Foundation
import TestSupport
import Testing

/// Concurrency limits, events, summaries and cancellation.
@Suite struct ReloadSchedulingTests {
    @Test func atMostTwoConnectionsPerHostAndTheGlobalLimitOverall() throws {
        let feed = try Fixture.text("harbour-notes.rss")
        var routes: [String: [String: Any]] = [:]
        for index in 0..<6 { routes["/slow\(index).xml"] = ["body": feed, "delay": 0.3] }
        let server = try LoopbackServer(routes: routes, hosts: ["127.0.0.1", "127.0.0.2"])
        let urls = (0..<6).flatMap { index in
            ["127.0.0.1", "127.0.0.2"].map { server.url("/slow\(index).xml", host: $0) }
        }
        let options = FetchOptions(concurrency: 3, connectionsPerHost: 2)
        let summary = try #require(ReloadRecorder().run(urls, cache: InMemoryFeedCache(), options: options))
        #expect(summary.updated == 12)
        let maxima = try server.maxInFlightByAddress()
        #expect(maxima["127.0.0.1", default: 0] <= 2)
        #expect(maxima["127.0.0.2", default: 0] <= 2)
        #expect(maxima.values.reduce(0, +) >= 2)
    }

    @Test func everyFeedGetsStartedThenOneEndAndCountersRise() throws {
        let feed = try Fixture.text("harbour-notes.rss")
        let server = try LoopbackServer(routes: [
            "/a.xml": ["body": feed], "/b.xml": ["status": 404], "/c.xml": ["body": feed, "etag": "\"c\""],
        ])
        let urls = ["/a.xml", "/b.xml", "/c.xml"].map { server.url($0) }
        let cache = InMemoryFeedCache(validators: [urls[2]: CacheValidators(etag: "\"c\"")])
        let recorder = ReloadRecorder()
        let summary = try #require(recorder.run(urls + [urls[0]], cache: cache))

        #expect(summary.total == 3, "duplicates are fetched once")
        #expect(summary.updated == 1 && summary.failed == 1 && summary.notModified == 1)
        #expect(summary.newItems == 3)
        #expect(summary.failures == [ReloadSummary.Failure(url: urls[1], reason: .httpStatus(404))])
        for url in urls {
            let kinds = recorder.events.filter { $0.url == url }.map(\.kind)
            #expect(kinds.count == 2 && kinds.first == .started)
        }
        let ends = recorder.events.filter { $0.kind != .started }
        #expect(ends.map(\.completed) == [1, 2, 3])
        #expect(ends.allSatisfy { $0.total == 3 })
    }

    @Test func emptyReloadCompletesAtOnce() throws {
        let summary = try #require(ReloadRecorder().run([], cache: InMemoryFeedCache()))
        #expect(summary == ReloadSummary())
    }

    @Test func unsupportedLocationFailsOnlyThatFeed() throws {
        let recorder = ReloadRecorder()
        let summary = try #require(recorder.run(["gopher://old.example/feed"], cache: InMemoryFeedCache()))
        #expect(summary.failed == 1)
        #expect(recorder.outcome(for: "gopher://old.example/feed")
            == .failed(.unsupportedLocation("gopher://old.example/feed")))
    }

    @Test func cancellingTheReloadEndsEveryFeedPromptlyAndWritesNothing() throws {
        var routes: [String: [String: Any]] = [:]
        for index in 0..<6 { routes["/silent\(index).xml"] = ["never_respond": true] }
        let server = try LoopbackServer(routes: routes)
        let urls = (0..<6).map { server.url("/silent\($0).xml") }
        let cache = InMemoryFeedCache()
        let recorder = ReloadRecorder()
        let reload = recorder.start(urls, cache: cache, options: FetchOptions(concurrency: 2, timeout: 60))
        // Let the first two reach the server.
        try waitUntil { (try? server.requests().count) ?? 0 >= 2 }
        reload.cancel()
        let summary = try #require(reload.wait(timeout: 10))
        #expect(summary.cancelled == 6)
        #expect(reload.isFinished)
        #expect(cache.calls.allSatisfy { if case .validators = $0 { true } else { false } })
        #expect(recorder.events.filter { $0.kind == .cancelled }.count == 6)
    }

    @Test func cancellingOneFeedLeavesTheOthersRunning() throws {
        let feed = try Fixture.text("harbour-notes.rss")
        let server = try LoopbackServer(routes: ["/silent.xml": ["never_respond": true], "/ok.xml": ["body": feed, "delay": 0.5]])
        let silent = server.url("/silent.xml")
        let ok = server.url("/ok.xml")
        let recorder = ReloadRecorder()
        let reload = recorder.start([silent, ok], cache: InMemoryFeedCache(), options: FetchOptions(timeout: 60))
        try waitUntil { (try? server.requests().contains { $0["path"] as? String == "/silent.xml" }) ?? false }
        reload.cancel(silent)
        let summary = try #require(reload.wait(timeout: 10))
        #expect(summary.cancelled == 1 && summary.updated == 1)
        #expect(recorder.outcome(for: silent) == .cancelled)
    }

    /// Polls `condition` for at most 10 s; throws if it never holds.
    private func waitUntil(_ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw WaitError.timedOut }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    enum WaitError: Error { case timedOut }
}

@Suite struct FetchRequestTests {
    @Test func fetchesFromTheFetchURLAndReportsUnderTheSubscribedOne() throws {
        let server = try LoopbackServer(routes: ["/moved.xml": ["body": try Fixture.text("harbour-notes.rss")]])
        let subscribed = "https://old-home.example/feed.xml"
        let cache = InMemoryFeedCache()
        let recorder = ReloadRecorder()
        let reload = FeedFetcher(cache: cache).reload(
            [FetchRequest(url: subscribed, fetchURL: server.url("/moved.xml"))], on: recorder.queue
        ) { event in recorder.record(event) }
        let summary = try #require(reload.wait(timeout: 30))
        #expect(summary.updated == 1)
        #expect(cache.feed(for: subscribed)?.title == "Harbour Notes")
        #expect(recorder.events.allSatisfy { $0.url == subscribed })
    }

    @Test func permanentRedirectOnTheSameHostKeepsCredentials() throws {
        let server = try LoopbackServer(routes: [
            "/old.xml": ["status": 301, "redirect": "/new.xml"],
            "/new.xml": ["body": try Fixture.text("harbour-notes.rss")],
        ])
        let url = "http://me:pw@127.0.0.1:\(server.port)/old.xml"
        let cache = InMemoryFeedCache()
        _ = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(cache.calls.contains(.permanentRedirect(url, "http://me:pw@127.0.0.1:\(server.port)/new.xml")))
        // The redirect stayed on the host, so the credentials went along.
        #expect(try server.headers(for: "/new.xml").first?["authorization"] == "Basic " + Data("me:pw".utf8).base64EncodedString())
    }
}

@Suite struct ReloadLifetimeTests {
    @Test func droppingTheHandleDoesNotStopTheReload() throws {
        let url = URL(fileURLWithPath: Fixture.path("harbour-notes.rss")).absoluteString
        let cache = InMemoryFeedCache()
        let done = DispatchSemaphore(value: 0)
        let box = SummaryBox()
        do {
            _ = FeedFetcher(cache: cache).reload([url, "exec:sleep 0.2"], on: DispatchQueue(label: "tests.lifetime")) { _ in
            } onComplete: { summary in
                box.summary = summary
                done.signal()
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(box.summary?.total == 2)
        #expect(cache.feed(for: url)?.title == "Harbour Notes")
    }

    final class SummaryBox: @unchecked Sendable {
        var summary: ReloadSummary?
    }
}

@Suite struct RedirectCancellationTests {
    /// Cancellations and deadlines land in the middle of many redirect chains: every feed still
    /// ends exactly once and the reload completes (and nothing traps in FoundationNetworking).
    @Test func cancellingWhileRedirectsAreUnderWayIsSafe() throws {
        var routes: [String: [String: Any]] = [:]
        for chain in 0..<12 {
            for hop in 0..<6 {
                routes["/c\(chain)-\(hop).xml"] = ["status": 301, "redirect": "/c\(chain)-\(hop + 1).xml", "delay": 0.01 * Double(hop % 3)]
            }
            routes["/c\(chain)-6.xml"] = ["body": try Fixture.text("harbour-notes.rss")]
        }
        let server = try LoopbackServer(routes: routes, hosts: ["127.0.0.1", "127.0.0.2", "127.0.0.3"])
        let hosts = ["127.0.0.1", "127.0.0.2", "127.0.0.3"]
        let urls = (0..<12).map { server.url("/c\($0)-0.xml", host: hosts[$0 % 3]) }
        for pause in [0.02, 0.05, 0.08, 0.12] {
            let recorder = ReloadRecorder()
            let reload = recorder.start(urls, cache: InMemoryFeedCache(), options: FetchOptions(concurrency: 6, timeout: 0.15))
            Thread.sleep(forTimeInterval: pause)
            reload.cancel()
            let summary = try #require(reload.wait(timeout: 20))
            #expect(summary.total == 12)
            #expect(summary.updated + summary.failed + summary.cancelled + summary.notModified == 12)
        }
    }
}

/// Connections per host: the limit (redirects included), reuse, and the order feeds start in.
@Suite struct ConnectionTests {
    @Test func sixConnectionsPerHostByDefault() throws {
        let feed = try Fixture.text("harbour-notes.rss")
        var routes: [String: [String: Any]] = [:]
        for index in 0..<12 { routes["/slow\(index).xml"] = ["body": feed, "delay": 0.5] }
        let server = try LoopbackServer(routes: routes)
        let urls = (0..<12).map { server.url("/slow\($0).xml") }
        let summary = try #require(ReloadRecorder().run(urls, cache: InMemoryFeedCache()))
        #expect(summary.updated == 12)
        let most = try server.maxInFlightByAddress()["127.0.0.1", default: 0]
        #expect(most <= 6)
        #expect(most > 2, "more than the two connections per host of before")
    }

    @Test func perHostLimitHoldsWhenRedirectsLeadFeedsOfManyHostsToOne() throws {
        let feed = try Fixture.text("harbour-notes.rss")
        var targetRoutes: [String: [String: Any]] = [:]
        for index in 0..<8 { targetRoutes["/feed\(index).xml"] = ["body": feed, "delay": 0.4] }
        let target = try LoopbackServer(routes: targetRoutes, hosts: ["127.0.0.1"])
        let sources = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
        var sourceRoutes: [String: [String: Any]] = [:]
        for index in 0..<8 {
            sourceRoutes["/moved\(index).xml"] = ["redirect": target.url("/feed\(index).xml")]
        }
        let redirecting = try LoopbackServer(routes: sourceRoutes, hosts: sources)
        // Two feeds per source host: the scheduler sees four hosts with room for all eight.
        let urls = (0..<8).map { redirecting.url("/moved\($0).xml", host: sources[$0 % sources.count]) }
        let options = FetchOptions(concurrency: 8, connectionsPerHost: 2)
        let summary = try #require(ReloadRecorder().run(urls, cache: InMemoryFeedCache(), options: options))
        #expect(summary.updated == 8)
        #expect(try (1...2).contains(target.maxInFlightByAddress()["127.0.0.1", default: 0]))
    }

    @Test func aHostsNextFeedStartsWhileTheLastDownloadIsStored() throws {
        let feed = try Fixture.text("harbour-notes.rss")
        let server = try LoopbackServer(routes: ["/first.xml": ["body": feed], "/second.xml": ["body": feed]])
        let urls = ["/first.xml", "/second.xml"].map { server.url($0) }
        // One connection to the host: the second feed can only start before the first is stored
        // if the first gave the connection back when its download ended.
        let cache = GatedFeedCache(storing: urls[0], waitsFor: urls[1])
        let options = FetchOptions(concurrency: 2, connectionsPerHost: 1)
        let summary = try #require(ReloadRecorder().run(urls, cache: cache, options: options))
        #expect(summary.updated == 2)
        #expect(cache.awaitedStartedFirst)
    }

    @Test func feedsOfOneHostReuseItsConnections() throws {
        let feed = try Fixture.text("harbour-notes.rss")
        var routes: [String: [String: Any]] = [:]
        for index in 0..<6 { routes["/feed\(index).xml"] = ["body": feed, "delay": 0.1] }
        let server = try LoopbackServer(routes: routes)
        let urls = (0..<6).map { server.url("/feed\($0).xml") }
        let options = FetchOptions(concurrency: 8, connectionsPerHost: 2)
        let summary = try #require(ReloadRecorder().run(urls, cache: InMemoryFeedCache(), options: options))
        #expect(summary.updated == 6)
        let connections = Set(try server.requests().filter { ($0["path"] as? String)?.hasPrefix("/feed") == true }
            .compactMap { $0["connection"] as? Int })
        #expect((1...2).contains(connections.count), "six feeds over the host's two connections, kept alive")
    }

    @Test func feedsStartGroupedByHostInTheOrderHostsFirstAppear() throws {
        let feed = try Fixture.text("harbour-notes.rss")
        let server = try LoopbackServer(routes: ["/a.xml": ["body": feed], "/b.xml": ["body": feed]],
                                        hosts: ["127.0.0.1", "127.0.0.2"])
        let urls = [
            server.url("/a.xml", host: "127.0.0.2"), server.url("/a.xml", host: "127.0.0.1"),
            server.url("/b.xml", host: "127.0.0.2"), "file:///nonexistent/tidings-test.xml",
            server.url("/b.xml", host: "127.0.0.1"),
        ]
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run(urls, cache: InMemoryFeedCache(), options: FetchOptions(concurrency: 1)))
        let started = recorder.events.filter { $0.kind == .started }.map(\.url)
        #expect(started == [urls[0], urls[2], urls[1], urls[4], urls[3]])
    }
}
