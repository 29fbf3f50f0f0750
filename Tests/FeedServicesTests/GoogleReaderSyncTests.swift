@testable import Configuration
import FeedFetcher
import FeedModel
@testable import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// `Synchronizer` between a real cache and the Google Reader API stand-in (`GoogleReaderStandIn`,
/// which answers as FreshRSS does). Another device is played by a second `GoogleReaderSource`.
@Suite(.serialized)
struct GoogleReaderSyncTests {
    final class Fixture {
        let server: GoogleReaderStandIn
        let cache: TestStore
        var store: FeedStore { cache.store }

        init() throws {
            server = try GoogleReaderStandIn()
            cache = try TestStore(subscriptions: [])
        }

        func source(password: String = GoogleReaderStandIn.apiPassword) -> GoogleReaderSource {
            GoogleReaderSource(endpoint: server.greaderEndpoint, login: GoogleReaderStandIn.user, password: password,
                               options: FetchOptions(connectTimeout: 3, timeout: 20))
        }

        func synchronizer(password: String = GoogleReaderStandIn.apiPassword, keepingLocalFeeds: Bool = false) -> Synchronizer {
            Synchronizer(account: SyncAccount(source: source(password: password),
                                              identity: "greader \(server.greaderEndpoint.absoluteString) \(GoogleReaderStandIn.user)"),
                         store: store, keepingLocalFeeds: keepingLocalFeeds)
        }

        func feed(_ title: String) throws -> FeedListRow { try store.feed(titled: title) }
        func item(_ title: String) throws -> ItemRow { try store.item(titled: title) }

        func serverID(_ title: String) throws -> Int64 {
            try #require(try source().articles(newerThan: 0).first { $0.title == title }?.id)
        }

        /// The API calls made since `start` requests, without the query: `stream/items/ids`, ….
        func calls(since start: Int) -> [String] {
            server.requestLog().dropFirst(start).compactMap { line in
                line.range(of: "/reader/api/0/").map { String(line[$0.upperBound...].prefix { $0 != "?" && $0 != " " }) }
                    ?? (line.contains("ClientLogin") ? "ClientLogin" : nil)
            }
        }
    }

    @Test func firstSyncBringsFeedsLabelsArticlesAndCountsAndTheSecondOnlyWhatChanged() throws {
        let fixture = try Fixture()
        let synchronizer = fixture.synchronizer()
        let first = try synchronizer.sync()
        #expect(first == SyncOutcome(feeds: 2, newArticles: 5, changedStates: 0))
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.feed("Alpha").tags == ["Tech"])
        #expect(try fixture.feed("Beta").tags == ["News"])
        #expect(try fixture.feed("Alpha").unreadCount == 2)
        #expect(try fixture.feed("Beta").unreadCount == 3)
        let stored = try #require(try fixture.store.item(try fixture.item("Alpha one").id))
        #expect(stored.item.content?.contains(#"href="http://example.org/alpha/more""#) == true)
        #expect(stored.item.content?.contains("onclick") == false)

        // Nothing new: the feed list, one short page of new ids and the two id lists; no article.
        let before = fixture.server.requestLog().count
        let second = try synchronizer.sync()
        #expect(second == SyncOutcome(feeds: 2, newArticles: 0, changedStates: 0))
        #expect(fixture.calls(since: before) == ["subscription/list", "stream/items/ids", "stream/items/ids", "stream/items/ids"])

        // New articles on the server: only they are fetched.
        try fixture.server.write(["beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-4", title: "Beta four", link: "http://example.org/beta/4", day: 4, html: "<p>B4</p>"),
        ])])
        try fixture.server.refresh()
        let third = try synchronizer.sync()
        #expect(third.newArticles == 1)
        #expect(try fixture.feed("Beta").unreadCount == 4)
    }

    @Test func readAndStarredGoBothWays() throws {
        let fixture = try Fixture()
        try fixture.synchronizer().sync()
        let otherDevice = fixture.source()
        try otherDevice.send([.read(try fixture.serverID("Beta one")), .starred(try fixture.serverID("Alpha two"))])
        #expect(try fixture.synchronizer().sync().changedStates == 2)
        #expect(try fixture.item("Beta one").isRead)
        #expect(try fixture.item("Alpha two").isStarred)
        #expect(try fixture.feed("Beta").unreadCount == 2)

        // Marks made here: one item, a star, a whole feed.
        try fixture.store.markItem(try fixture.item("Alpha one").id, read: true)
        try fixture.store.setStarred(true, item: try fixture.item("Beta two").id)
        try fixture.store.setStarred(false, item: try fixture.item("Alpha two").id)
        try fixture.store.markFeedRead(try fixture.feed("Beta").id, seenBy: Date())
        try fixture.synchronizer().sync()
        let states = try otherDevice.articleStates()
        #expect(states.unreadIDs == [try fixture.serverID("Alpha two")])
        #expect(states.starredIDs == [try fixture.serverID("Beta two")])
        #expect(try fixture.store.queuedSyncChanges(account: fixture.synchronizer().account.identity).isEmpty)
        #expect(try fixture.item("Alpha one").isRead && fixture.feed("Beta").unreadCount == 0)
    }

    @Test func marksMadeWhileTheServerIsDownAreKeptInTheCacheAndSentWhenItReturns() throws {
        let fixture = try Fixture()
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
        #expect(try fixture.item("Alpha one").isRead)

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

    @Test func feedsAreAddedRenamedTaggedAndDeletedOnTheServerThenShown() throws {
        let fixture = try Fixture()
        let synchronizer = fixture.synchronizer()
        try synchronizer.sync()
        try fixture.server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
        ])])

        let added = try synchronizer.addFeed(url: "http://127.0.0.1:\(fixture.server.feeds.port)/gamma.xml", tags: ["Tech"])
        #expect(added.newArticles == 1)
        #expect(try fixture.feed("Gamma").tags == ["Tech"])
        #expect(try fixture.feed("Gamma").unreadCount == 1)

        try synchronizer.renameFeed(try fixture.feed("Gamma").id, to: "Gamma renamed")
        try synchronizer.setTags(["Reading"], of: try fixture.feed("Gamma renamed").id)
        #expect(try fixture.feed("Gamma renamed").tags == ["Reading"])
        #expect(try fixture.source().subscriptions().first { $0.title == "Gamma renamed" }?.tags == ["Reading"])

        try synchronizer.deleteFeed(try fixture.feed("Gamma renamed").id)
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.source().subscriptions().count == 2)

        // Fever cannot: one line, and nothing changes.
        let fever = Synchronizer(
            account: SyncAccount(source: FeverSource(endpoint: fixture.server.feverEndpoint, email: GoogleReaderStandIn.user,
                                                     password: GoogleReaderStandIn.apiPassword),
                                 identity: "fever \(fixture.server.feverEndpoint.absoluteString) \(GoogleReaderStandIn.user)"),
            store: fixture.store)
        let refused = #expect(throws: SyncFailure.self) { try fever.addFeed(url: "http://example.org/feed.xml") }
        #expect(refused == .cannotManageFeeds(api: "Fever API"))
        #expect(refused?.description == "the Fever API cannot add, rename, tag or delete feeds: do it on the feed server's own pages")
        #expect(try fixture.source().subscriptions().count == 2)
    }

    @Test func aWrongPasswordSaysSoInOneLineAndChangesNothing() throws {
        let fixture = try Fixture()
        let wrong = "not the password at all"
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer(password: wrong).sync() }
        #expect(failure == .wrongCredentials(host: "127.0.0.1:\(fixture.server.port)"))
        let line = failure.map { "\($0)" } ?? ""
        #expect(!line.contains(wrong) && !line.contains("\n"))
        #expect(try fixture.store.feedList().isEmpty)
    }

    @Test func aServerDownAtTheFirstSyncLeavesTheCacheEmptyAndSaysWhy() throws {
        let fixture = try Fixture()
        fixture.server.stop()
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer().sync() }
        #expect("\(failure.map { "\($0)" } ?? "")".hasPrefix("cannot reach the feed server 127.0.0.1:"))
        #expect(try fixture.store.feedList().isEmpty)
    }

    /// `sync-local-feeds`: the urls file's feed stays beside the server's, sync after sync; a URL
    /// both list is the server's (synced, not fetched); without the option the sync drops the
    /// local one.
    @Test func localFeedsStayBesideTheServersAndAURLBothListIsTheServers() throws {
        let fixture = try Fixture()
        let local = "http://127.0.0.1:9/local.xml"
        let shared = fixture.server.server.feedURL("alpha.xml")
        try fixture.store.syncSubscriptions([Subscription(url: local, customTitle: "Harbour"), Subscription(url: shared)])
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
            #expect(try fixture.feed("Alpha").totalCount == 2)
            #expect(try fixture.store.feedsToFetch(localOnly: true).map(\.url) == [local])
        }

        try fixture.synchronizer().sync()
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
    }
}
