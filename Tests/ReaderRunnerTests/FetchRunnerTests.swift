import FeedFetcher
import FeedModel
@testable import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing
@testable import TidingsApp

/// The fetch runner against feeds served on loopback by a server of the test's own: a reload
/// stores what it fetched and reports each feed, then the summary; a feed fetched to be added is
/// not stored; the options `:set` changes reach the next fetch.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct FetchRunnerTests {
    static func rss(_ title: String, items: [String]) -> [String: Any] {
        let entries = items.map { "<item><title>\($0)</title><guid>\($0)</guid></item>" }.joined()
        return ["status": 200, "headers": ["Content-Type": "application/rss+xml"],
                "body": "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title>\(entries)</channel></rss>"]
    }

    @MainActor
    final class Fixture {
        let server: LoopbackServer
        let cache: TestStore
        let harness = RunnerHarness()
        let store: StoreRunner
        let runner: FetchRunner

        init(routes: [String: [String: Any]], options: FetchOptions = FetchOptions()) throws {
            server = try LoopbackServer(routes: routes)
            cache = try TestStore(subscriptions: [])
            store = StoreRunner(store: cache.store, urlsPath: cache.directory.appendingPathComponent("urls").path, inbox: harness.inbox)
            runner = FetchRunner(store: store, cache: StoreFeedCache(store: cache.store), account: nil, keepingLocalFeeds: false,
                                 fetchOptions: options, rendering: ArticleRendering(), inbox: harness.inbox)
        }

        /// The fetch targets of the served paths, as the cache lists them once subscribed.
        func targets(_ paths: [String]) throws -> [FeedFetchTarget] {
            try cache.store.syncSubscriptions(paths.map { Subscription(url: server.url($0)) })
            return try cache.store.feedsToFetch()
        }
    }

    @Test func aReloadStoresTheFeedsAndReportsEachThenTheSummary() async throws {
        let fixture = try Fixture(routes: ["/a.xml": Self.rss("Alpha", items: ["One", "Two"]), "/b.xml": Self.rss("Bravo", items: ["Three"])])
        fixture.runner.run(.reload(try fixture.targets(["/a.xml", "/b.xml"])))
        var finished: [String: Int] = [:]
        let summary = await fixture.harness.next { message -> ReloadSummary? in
            switch message {
            case .fetchEvent(let event):
                if case .finished(let newItems) = event.kind { finished[event.url] = newItems }
                return nil
            case .reloadFinished(let summary): return summary
            default: return nil
            }
        }
        #expect(summary?.updated == 2 && summary?.newItems == 3)
        #expect(finished == [fixture.server.url("/a.xml"): 2, fixture.server.url("/b.xml"): 1], "each feed is reported before the summary")
        #expect(try fixture.cache.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Bravo"])
    }

    @Test func aFeedFetchedToBeAddedIsCapturedNotStored() async throws {
        let fixture = try Fixture(routes: ["/new.xml": Self.rss("Newcomer", items: ["Hello"])])
        let url = fixture.server.url("/new.xml")
        fixture.runner.run(.fetchForAdding(url: url, tag: "later"))
        let arrived = await fixture.harness.next { message -> (String?, CapturingFeedCache.Capture?)? in
            guard case .fetchedForAdding(url, let tag, let capture, _) = message else { return nil }
            return (tag, capture)
        }
        #expect(arrived?.0 == "later")
        #expect(arrived?.1?.feed.title == "Newcomer")
        #expect(try fixture.cache.store.feedList().contains { $0.url == url } == false)
    }

    @Test func aPageIsReadForTheFeedsItAnnounces() async throws {
        let page = "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" title=\"Posts\" href=\"/feed.xml\">"
            + "<link rel=\"stylesheet\" href=\"/style.css\"></head><body>Hello</body></html>"
        let fixture = try Fixture(routes: ["/": ["status": 200, "headers": ["Content-Type": "text/html"], "body": page]])
        let url = fixture.server.url("/")
        fixture.runner.run(.discoverFeeds(pageURL: url, tag: "blogs", notAFeed: "an HTML page"))
        let feeds = await fixture.harness.next { message -> [FeedLinkDiscovery.FeedLink]? in
            guard case .feedsDiscovered(url, "blogs", "an HTML page", .success(let feeds)) = message else { return nil }
            return feeds
        }
        #expect(feeds == [FeedLinkDiscovery.FeedLink(url: fixture.server.url("/feed.xml"), title: "Posts")])
    }

    @Test func theOptionsSetSinceReachTheNextFetch() async throws {
        let fixture = try Fixture(routes: ["/a.xml": Self.rss("Alpha", items: ["One"])])
        var options = FetchOptions()
        options.userAgent = "Tidings-test-agent/2"
        fixture.runner.run(.useOptions(options, ArticleRendering()))
        fixture.runner.run(.reload(try fixture.targets(["/a.xml"])))
        _ = await fixture.harness.next { message -> Void? in if case .reloadFinished = message { () } else { nil } }
        #expect(try fixture.server.headers(for: "/a.xml").last?["user-agent"] == "Tidings-test-agent/2")
    }

    @Test func withoutAFeedServerASyncSaysSoAsItsResult() async throws {
        let fixture = try Fixture(routes: [:])
        fixture.runner.run(.sync)
        let failure = await fixture.harness.next { message -> String? in
            guard case .syncFinished(.failure(let failure)) = message else { return nil }
            return failure.description
        }
        #expect(failure == "no feed server is configured")
    }
}
