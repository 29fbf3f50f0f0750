@testable import Configuration
import FeedFetcher
import FeedModel
@testable import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// `Synchronizer` between a real cache and a real Fever server: coldsweat 0.10.2 on loopback (see
/// `FeverTestServer`, `FeverServerKind`).
/// Another device is played by a second `FeverSource` on the same login.
@Suite(.serialized, .enabled(if: FeverTestServer.isInstalled,
                            "coldsweat is not installed: run `make sync-test-deps` (or `make test`) to test Fever sync"))
struct SynchronizerTests {
    /// A server, an empty cache, and the synchronizer between them.
    final class Fixture {
        let server: any FeverTestServing
        let cache: TestStore
        var store: FeedStore { cache.store }

        init(_ kind: FeverServerKind) throws {
            server = try kind.server(files: FeverSample.files, opml: FeverSample.opml)
            cache = try TestStore(subscriptions: [])
        }

        func source(password: String? = nil) -> FeverSource {
            FeverSource(endpoint: server.feverEndpoint, email: server.feverLogin, password: password ?? server.feverPassword,
                        options: FetchOptions(connectTimeout: 3, timeout: 20))
        }

        func synchronizer(password: String? = nil, keepingLocalFeeds: Bool = false) -> Synchronizer {
            Synchronizer(account: SyncAccount(source: source(password: password),
                                              identity: "fever \(server.feverEndpoint.absoluteString) \(server.feverLogin)"),
                         store: store, keepingLocalFeeds: keepingLocalFeeds)
        }

        func feed(_ title: String) throws -> FeedListRow { try store.feed(titled: title) }
        func item(_ title: String) throws -> ItemRow { try store.item(titled: title) }

        /// The server id of an article, as the other device sees it.
        func serverID(_ title: String) throws -> Int64 {
            try #require(try source().articles(newerThan: 0).first { $0.title == title }?.id)
        }
    }

    @Test(arguments: FeverServerKind.available) func firstSyncBringsFeedsGroupsAsTagsArticlesAndCountsAndTheSecondOnlyTheIDLists(_ kind: FeverServerKind) throws {
        let fixture = try Fixture(kind)
        let first = try fixture.synchronizer().sync()
        #expect(first.feeds == 2)
        #expect(first.newArticles == 5)

        let feeds = try fixture.store.feedList()
        #expect(feeds.map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.feed("Alpha").tags == ["Tech"])
        #expect(try fixture.feed("Beta").tags == ["News"])
        #expect(try fixture.feed("Alpha").unreadCount == 2)
        #expect(try fixture.feed("Beta").unreadCount == 3)
        #expect(try fixture.feed("Alpha").link == "http://example.org/alpha/")

        // The article went through the sanitiser: its handler is gone, its link resolved.
        let one = try fixture.item("Alpha one")
        let stored = try #require(try fixture.store.item(one.id))
        let html = stored.item.content ?? ""
        #expect(html.contains("Hello"))
        #expect(!html.contains("onclick") && !html.contains("steal"))
        #expect(html.contains(#"href="http://example.org/alpha/more""#))
        #expect(one.date == FeverFeedFile.date(day: 1))

        // Nothing new on the server: no article moves, only the id lists are read.
        let second = try fixture.synchronizer().sync()
        #expect(second == SyncOutcome(feeds: 2, newArticles: 0, changedStates: 0))
        #expect(try fixture.store.feedList().map(\.totalCount).reduce(0, +) == 5)
    }

    /// `sync-local-feeds`: a sync only considers the server's feeds; the urls file's feed stays
    /// subscribed with its articles, sync after sync. Without it the sync unsubscribes it.
    @Test(arguments: FeverServerKind.available) func aSyncKeepingLocalFeedsLeavesTheUrlsFileFeedAlone(_ kind: FeverServerKind) throws {
        let fixture = try Fixture(kind)
        let local = "http://127.0.0.1:9/local.xml"
        try fixture.store.syncSubscriptions([Subscription(url: local, customTitle: "Harbour")])
        try StoreFeedCache(store: fixture.store).storeFeed(
            Feed(format: .rss20, title: "Harbour", items: [Item(id: "tide", title: "Tide"), Item(id: "ferry", title: "Ferry")]),
            for: local, validators: CacheValidators(), permanentRedirect: nil)

        let synchronizer = fixture.synchronizer(keepingLocalFeeds: true)
        for _ in 1...2 {
            try synchronizer.sync()
            let feeds = try fixture.store.feedList()
            #expect(feeds.map(\.displayTitle).sorted() == ["Alpha", "Beta", "Harbour"])
            #expect(feeds.filter(\.isFromServer).map(\.displayTitle).sorted() == ["Alpha", "Beta"])
            #expect(try fixture.feed("Harbour").totalCount == 2)
            #expect(try fixture.store.feedsToFetch(localOnly: true).map(\.url) == [local])
        }

        try fixture.synchronizer().sync()
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
    }

    @Test(arguments: FeverServerKind.available) func readAndStarredOnTheServerShowHereAfterASync(_ kind: FeverServerKind) throws {
        let fixture = try Fixture(kind)
        try fixture.synchronizer().sync()
        let otherDevice = fixture.source()
        try otherDevice.send([.read(try fixture.serverID("Beta one")), .starred(try fixture.serverID("Alpha two"))])

        let outcome = try fixture.synchronizer().sync()
        #expect(outcome.newArticles == 0)
        #expect(outcome.changedStates == 2)
        #expect(try fixture.item("Beta one").isRead)
        #expect(try fixture.item("Alpha two").isStarred)
        #expect(try fixture.feed("Beta").unreadCount == 2)
        #expect(try fixture.store.starredCounts().total == 1)

        // And back: unread and unstarred there are unread and unstarred here.
        try otherDevice.send([.unread(try fixture.serverID("Beta one")), .unstarred(try fixture.serverID("Alpha two"))])
        try fixture.synchronizer().sync()
        #expect(try !fixture.item("Beta one").isRead)
        #expect(try !fixture.item("Alpha two").isStarred)
    }

    @Test(arguments: FeverServerKind.available) func marksMadeHereReachTheServerAtTheNextSync(_ kind: FeverServerKind) throws {
        let fixture = try Fixture(kind)
        try fixture.synchronizer().sync()
        try fixture.store.markItem(try fixture.item("Alpha one").id, read: true)
        try fixture.store.setStarred(true, item: try fixture.item("Beta two").id)
        try fixture.store.markFeedRead(try fixture.feed("Beta").id, seenBy: Date())
        #expect(try fixture.store.queuedSyncChanges(account: fixture.synchronizer().account.identity).changes.count == 3)

        try fixture.synchronizer().sync()
        let states = try fixture.source().articleStates()
        #expect(states.unreadIDs == [try fixture.serverID("Alpha two")])
        #expect(states.starredIDs == [try fixture.serverID("Beta two")])
        #expect(try fixture.store.queuedSyncChanges(account: fixture.synchronizer().account.identity).isEmpty)
        // The server's answer agrees with the cache: nothing was undone.
        #expect(try fixture.item("Alpha one").isRead)
        #expect(try fixture.feed("Beta").unreadCount == 0)
        #expect(try fixture.item("Beta two").isStarred)

        // Sent right away, without a sync (what the reader does after a mark).
        try fixture.store.markItem(try fixture.item("Alpha two").id, read: true)
        #expect(try fixture.synchronizer().sendQueuedChanges() == 1)
        #expect(try fixture.source().articleStates().unreadIDs.isEmpty)
    }

    @Test(arguments: FeverServerKind.available) func marksMadeWhileTheServerIsDownAreKeptInTheCacheAndSentWhenItReturns(_ kind: FeverServerKind) throws {
        let fixture = try Fixture(kind)
        try fixture.synchronizer().sync()
        let alphaOne = try fixture.serverID("Alpha one"), betaThree = try fixture.serverID("Beta three")
        fixture.server.stop()

        try fixture.store.markItem(try fixture.item("Alpha one").id, read: true)
        try fixture.store.setStarred(true, item: try fixture.item("Beta three").id)
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer().sync() }
        guard case .unreachable? = failure else {
            Issue.record("expected unreachable, got \(String(describing: failure))")
            return
        }
        #expect(throws: SyncFailure.self) { try fixture.synchronizer().sendQueuedChanges() }
        // The failed sync changed nothing: the marks stand and stay queued.
        #expect(try fixture.item("Alpha one").isRead)
        #expect(try fixture.item("Beta three").isStarred)

        // A reader killed meanwhile: the queue is in the cache file, not in memory.
        let reopened = try FeedStore(path: fixture.store.path)
        let identity = fixture.synchronizer().account.identity
        #expect(try reopened.queuedSyncChanges(account: identity).changes == [.read(alphaOne), .starred(betaThree)])

        try fixture.server.restart()
        try Synchronizer(account: fixture.synchronizer().account, store: reopened).sync()
        let states = try fixture.source().articleStates()
        #expect(!states.unreadIDs.contains(alphaOne))
        #expect(states.starredIDs == [betaThree])
        #expect(try reopened.queuedSyncChanges(account: identity).isEmpty)
    }

    @Test(arguments: FeverServerKind.available) func aWrongPasswordSaysSoInOneLineAndChangesNothing(_ kind: FeverServerKind) throws {
        let fixture = try Fixture(kind)
        let wrong = "not the password at all"
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer(password: wrong).sync() }
        #expect(failure == .wrongCredentials(host: "127.0.0.1:\(fixture.server.port)"))
        let line = failure.map { "\($0)" } ?? ""
        #expect(line.contains("refused the login"))
        #expect(!line.contains(wrong) && !line.contains("\n"))
        #expect(try fixture.store.feedList().isEmpty)
    }

    @Test(arguments: FeverServerKind.available) func aServerDownAtTheFirstSyncLeavesTheCacheEmptyAndSaysWhy(_ kind: FeverServerKind) throws {
        let fixture = try Fixture(kind)
        fixture.server.stop()
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer().sync() }
        #expect("\(failure.map { "\($0)" } ?? "")".hasPrefix("cannot reach the feed server 127.0.0.1:"))
        #expect(try fixture.store.feedList().isEmpty)
    }
}
