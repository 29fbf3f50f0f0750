@testable import Configuration
import FeedFetcher
import FeedModel
@testable import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// `Synchronizer` between a real cache and a **stand-in** Miniflux server (`MinifluxStandIn`:
/// Tests/Support/miniflux_standin.py follows Miniflux's API reference; Miniflux itself cannot run
/// here), configured as a newsboat user would. Another device is played by a second
/// `MinifluxSource` with the API token.
@Suite(.serialized)
struct MinifluxSyncTests {
    final class Fixture {
        let server: MinifluxStandIn
        let cache: TestStore
        var store: FeedStore { cache.store }

        init(clockOffset: Int = 0) throws {
            server = try MinifluxStandIn(clockOffset: clockOffset)
            cache = try TestStore(subscriptions: [])
        }

        /// The account of a newsboat config for the stand-in.
        func account(password: String = MinifluxStandIn.password) throws -> SyncAccount {
            try #require(try Config(parsing: """
                urls-source "miniflux"
                miniflux-url "\(server.endpoint.absoluteString)/"
                miniflux-login "\(MinifluxStandIn.user)"
                miniflux-password "\(password)"
                download-timeout 20
                """).syncAccount())
        }

        func synchronizer(password: String = MinifluxStandIn.password) throws -> Synchronizer {
            Synchronizer(account: try account(password: password), store: store)
        }

        /// Another device, with the API token.
        func otherDevice() -> MinifluxSource {
            MinifluxSource(endpoint: server.endpoint, credentials: .token(MinifluxStandIn.token),
                           options: FetchOptions(connectTimeout: 3, timeout: 20))
        }

        func feed(_ title: String) throws -> FeedListRow { try store.feed(titled: title) }
        func item(_ title: String) throws -> ItemRow { try store.item(titled: title) }

        func serverID(_ title: String) throws -> Int64 {
            try #require(try otherDevice().articles(newerThan: 0).first { $0.title == title }?.id)
        }

        /// The requests since `start`, without their queries.
        func calls(since start: Int) -> [String] {
            server.requestLog().dropFirst(start).map { String($0.prefix { $0 != "?" }) }
        }
    }

    @Test func firstSyncBringsFeedsCategoriesArticlesAndCountsAndTheSecondOnlyWhatChanged() throws {
        let fixture = try Fixture()
        let synchronizer = try fixture.synchronizer()
        #expect(try synchronizer.sync() == SyncOutcome(feeds: 2, newArticles: 5, changedStates: 0))
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.feed("Alpha").tags == ["Tech"])
        #expect(try fixture.feed("Beta").tags == ["News"])
        #expect(try fixture.feed("Alpha").unreadCount == 2)
        #expect(try fixture.feed("Beta").unreadCount == 3)
        let stored = try #require(try fixture.store.item(try fixture.item("Alpha one").id))
        #expect(stored.item.content?.contains(#"href="http://example.org/alpha/more""#) == true)
        #expect(stored.item.content?.contains("onclick") == false)

        // Nothing new: the feeds, the entries changed since the last sync (none), one short page
        // after the newest id.
        let before = fixture.server.requestLog().count
        #expect(try synchronizer.sync() == SyncOutcome(feeds: 2, newArticles: 0, changedStates: 0))
        #expect(fixture.calls(since: before) == ["GET /v1/feeds", "GET /v1/entries", "GET /v1/entries"])
        let asked = Array(fixture.server.requestLog().suffix(2))
        #expect(asked.first?.contains("changed_after=") == true && asked.last?.contains("after_entry_id=") == true, "\(asked)")

        // New articles on the server: only they are fetched.
        try fixture.server.write(["beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-4", title: "Beta four", link: "http://example.org/beta/4", day: 4, html: "<p>B4</p>"),
        ])])
        try fixture.server.refresh()
        #expect(try synchronizer.sync().newArticles == 1)
        #expect(try fixture.feed("Beta").unreadCount == 4)
    }

    @Test func readAndStarredGoBothWays() throws {
        let fixture = try Fixture()
        try fixture.synchronizer().sync()
        let otherDevice = fixture.otherDevice()
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
        #expect(try fixture.store.queuedSyncChanges(account: fixture.account().identity).isEmpty)
        #expect(try fixture.item("Alpha one").isRead && fixture.feed("Beta").unreadCount == 0)
    }

    @Test func changesMadeElsewhereArriveWhenTheServersClockIsHalfAnHourBehind() throws {
        // Miniflux dates changes with its own clock: the last sync's time is moved to it by the
        // Date of its answers, or a sync would look for changes half an hour after they were made.
        let fixture = try Fixture(clockOffset: -1800)
        try fixture.synchronizer().sync()
        try fixture.otherDevice().send([.read(try fixture.serverID("Beta one")), .starred(try fixture.serverID("Alpha two"))])
        #expect(try fixture.synchronizer().sync().changedStates == 2)
        #expect(try fixture.item("Beta one").isRead && fixture.item("Alpha two").isStarred)
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
        let account = try fixture.account()
        #expect(try reopened.queuedSyncChanges(account: account.identity).changes == [.read(alphaOne), .starred(betaThree)])
        try fixture.server.restart()
        try Synchronizer(account: account, store: reopened).sync()
        let states = try fixture.otherDevice().articleStates()
        #expect(!states.unreadIDs.contains(alphaOne))
        #expect(states.starredIDs == [betaThree])
        #expect(try reopened.queuedSyncChanges(account: account.identity).isEmpty)
    }

    @Test func feedsAreAddedRenamedTaggedAndDeletedOnTheServerThenShown() throws {
        let fixture = try Fixture()
        let synchronizer = try fixture.synchronizer()
        try synchronizer.sync()
        try fixture.server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
        ])])

        let added = try synchronizer.addFeed(url: fixture.server.feedURL("gamma.xml"), tags: ["Tech"])
        #expect(added.newArticles == 1)
        #expect(try fixture.feed("Gamma").tags == ["Tech"])
        #expect(try fixture.feed("Gamma").unreadCount == 1)

        try synchronizer.renameFeed(try fixture.feed("Gamma").id, to: "Gamma renamed")
        try synchronizer.setTags(["Reading"], of: try fixture.feed("Gamma renamed").id)
        #expect(try fixture.feed("Gamma renamed").tags == ["Reading"])
        #expect(try fixture.otherDevice().subscriptions().first { $0.title == "Gamma renamed" }?.tags == ["Reading"])

        try synchronizer.deleteFeed(try fixture.feed("Gamma renamed").id)
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.otherDevice().subscriptions().count == 2)

        // What the server refuses is one line, and nothing changes.
        let refused = #expect(throws: SyncFailure.self) { try synchronizer.addFeed(url: fixture.server.feedURL("alpha.xml")) }
        #expect(refused?.description == "the feed server 127.0.0.1:\(fixture.server.port) refused the change: This feed already exists.")
        #expect(try fixture.store.feedList().count == 2)
    }

    @Test func aWrongPasswordSaysSoInOneLineAndNoSecretReachesTheCache() throws {
        let fixture = try Fixture()
        let wrong = "not the password at all"
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer(password: wrong).sync() }
        #expect(failure == .wrongCredentials(host: "127.0.0.1:\(fixture.server.port)"))
        let line = failure.map { "\($0)" } ?? ""
        #expect(!line.contains(wrong) && !line.contains("\n"))
        #expect(try fixture.store.feedList().isEmpty)

        // After a sync with marks sent, neither the password nor the header made of it is in
        // the cache's files (the account's identity names the login only).
        try fixture.synchronizer().sync()
        try fixture.store.markItem(try fixture.item("Alpha one").id, read: true)
        try fixture.synchronizer().sync()
        #expect(try fixture.account().identity == "miniflux \(fixture.server.endpoint.absoluteString)/ \(MinifluxStandIn.user)")
        let basic = Data("\(MinifluxStandIn.user):\(MinifluxStandIn.password)".utf8).base64EncodedString()
        for file in try FileManager.default.contentsOfDirectory(atPath: fixture.cache.directory.path) {
            let bytes = try Data(contentsOf: fixture.cache.directory.appendingPathComponent(file))
            for secret in [MinifluxStandIn.password, basic] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds a secret")
            }
        }
    }

    @Test func aServerDownAtTheFirstSyncLeavesTheCacheEmptyAndSaysWhy() throws {
        let fixture = try Fixture()
        fixture.server.stop()
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer().sync() }
        #expect("\(failure.map { "\($0)" } ?? "")".hasPrefix("cannot reach the feed server 127.0.0.1:"))
        #expect(try fixture.store.feedList().isEmpty)
    }
}
