@testable import Configuration
import FeedFetcher
import FeedModel
@testable import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// `Synchronizer` between a real cache and a real Tiny Tiny RSS through its own API (see
/// `TTRSSTestServer`), the account made from newsboat's `ttrss-…` options. Another device is
/// played by a second `TTRSSSource`.
@Suite(.serialized, .enabled(if: TTRSSTestServer.isAvailable, Comment(rawValue: TTRSSTestServer.unavailableReason ?? "")))
struct TTRSSSyncTests {
    final class Fixture {
        let server: TTRSSTestServer
        let cache: TestStore
        var store: FeedStore { cache.store }

        init() throws {
            server = try TTRSSSample.server()
            cache = try TestStore(subscriptions: [])
        }

        /// The config file's lines (`urls-source "ttrss"`, `ttrss-url`, …), and `more`.
        func config(password: String = TTRSSTestServer.password, _ more: String = "") -> Config {
            let config = Config(parsing: """
                urls-source "ttrss"
                ttrss-url "\(server.url.absoluteString)"
                ttrss-login "\(TTRSSTestServer.user)"
                ttrss-password "\(password)"
                \(more)
                """)
            #expect(config.warnings.isEmpty)
            return config
        }

        /// The account as the config file makes it.
        func account(password: String = TTRSSTestServer.password) throws -> SyncAccount {
            try #require(try config(password: password).syncAccount())
        }

        func synchronizer(password: String = TTRSSTestServer.password) throws -> Synchronizer {
            Synchronizer(account: try account(password: password), store: store)
        }

        /// Another device on the same login.
        func otherDevice() -> TTRSSSource {
            TTRSSSource(url: server.url, login: TTRSSTestServer.user, password: TTRSSTestServer.password,
                        options: FetchOptions(connectTimeout: 3, timeout: 20))
        }

        func feed(_ title: String) throws -> FeedListRow { try store.feed(titled: title) }
        func item(_ title: String) throws -> ItemRow { try store.item(titled: title) }

        func serverID(_ title: String) throws -> Int64 {
            try #require(try otherDevice().articles(newerThan: 0).first { $0.title == title }?.id)
        }

        /// The API calls served so far.
        func calls() -> Int { server.requestLog().filter { $0.contains("POST /api/") }.count }
    }

    @Test func firstSyncBringsFeedsCategoriesArticlesAndCountsAndTheSecondOnlyWhatChanged() throws {
        let fixture = try Fixture()
        let synchronizer = try fixture.synchronizer()
        #expect(synchronizer.account.identity == "ttrss \(fixture.server.url.absoluteString) admin")
        let first = try synchronizer.sync()
        #expect(first == SyncOutcome(feeds: 2, newArticles: 5, changedStates: 0))
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.feed("Alpha").tags == ["Tech"])
        #expect(try fixture.feed("Beta").tags == ["News"])
        #expect(try fixture.feed("Alpha").unreadCount == 2)
        #expect(try fixture.feed("Beta").unreadCount == 3)
        let stored = try #require(try fixture.store.item(try fixture.item("Alpha one").id))
        #expect(stored.item.content?.contains("Hello") == true)
        #expect(stored.item.content?.contains("onclick") == false)

        // Nothing new: feeds, categories, the counters, the unread headlines above the newest
        // unread one and the new articles (both empty); no article, no list of states.
        let before = fixture.calls()
        let second = try synchronizer.sync()
        #expect(second == SyncOutcome(feeds: 2, newArticles: 0, changedStates: 0))
        #expect(fixture.calls() - before == 5)

        // New articles on the server: only they are fetched.
        try fixture.server.write(["beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-4", title: "Beta four", link: "http://example.org/beta/4", day: 4, html: "<p>B4</p>"),
        ])])
        try fixture.server.refresh()
        let third = try synchronizer.sync()
        #expect(third.newArticles == 1)
        #expect(try fixture.feed("Beta").unreadCount == 4)
    }

    /// After the first sync the counters decide which lists are read again: a feed whose unread
    /// count moved (an article read elsewhere, one marked unread again), the starred list when a
    /// star moved; nothing else.
    @Test func theCountersSayWhichListsAreReadAgain() throws {
        let fixture = try Fixture()
        let synchronizer = try fixture.synchronizer()
        try synchronizer.sync()
        let otherDevice = fixture.otherDevice()
        let alphaOne = try fixture.serverID("Alpha one"), betaOne = try fixture.serverID("Beta one")

        // Read elsewhere in Beta: Beta's unread list is read again (one call more than nothing).
        try otherDevice.send([.read(betaOne)])
        var before = fixture.calls()
        #expect(try synchronizer.sync().changedStates == 1)
        #expect(fixture.calls() - before == 6)
        #expect(try fixture.item("Beta one").isRead && fixture.feed("Beta").unreadCount == 2)

        // Read here, then marked unread elsewhere (below the newest unread id): seen through
        // Alpha's count; a star elsewhere: the starred list.
        try fixture.store.markItem(try fixture.item("Alpha one").id, read: true)
        try synchronizer.sync()
        try otherDevice.send([.unread(alphaOne), .starred(betaOne)])
        before = fixture.calls()
        #expect(try synchronizer.sync().changedStates == 2)
        #expect(fixture.calls() - before == 7)
        #expect(try !fixture.item("Alpha one").isRead && fixture.item("Beta one").isStarred)
        #expect(try fixture.store.syncedStates(account: synchronizer.account.identity).unreadIDs == otherDevice.articleStates().unreadIDs)
    }

    @Test func readAndStarredGoBothWaysInBatches() throws {
        let fixture = try Fixture()
        try fixture.synchronizer().sync()
        let otherDevice = fixture.otherDevice()
        try otherDevice.send([.read(try fixture.serverID("Beta one")), .starred(try fixture.serverID("Alpha two"))])
        #expect(try fixture.synchronizer().sync().changedStates == 2)
        #expect(try fixture.item("Beta one").isRead)
        #expect(try fixture.item("Alpha two").isStarred)
        #expect(try fixture.feed("Beta").unreadCount == 2)

        // Marks made here: two items, a star taken off, a whole feed read.
        try fixture.store.markItem(try fixture.item("Alpha one").id, read: true)
        try fixture.store.markItem(try fixture.item("Beta two").id, read: true)
        try fixture.store.setStarred(true, item: try fixture.item("Beta two").id)
        try fixture.store.setStarred(false, item: try fixture.item("Alpha two").id)
        let sent = try fixture.synchronizer().sendQueuedChanges()
        #expect(sent == 4)
        try fixture.store.markFeedRead(try fixture.feed("Beta").id, seenBy: Date())
        try fixture.synchronizer().sync()
        let states = try otherDevice.articleStates()
        #expect(states.unreadIDs == [try fixture.serverID("Alpha two")])
        #expect(states.starredIDs == [try fixture.serverID("Beta two")])
        #expect(try fixture.store.queuedSyncChanges(account: fixture.synchronizer().account.identity).isEmpty)
        #expect(try fixture.item("Alpha one").isRead && fixture.feed("Beta").unreadCount == 0)
    }

    /// `ttrss-flag-publish "p"` as newsboat honours it: an article published on the server carries
    /// flag `p` in the cache after a sync, and loses it when unpublished there; setting or
    /// clearing `p` here publishes or unpublishes it on the server (whose own table is the witness).
    @Test func thePublishFlagIsTheServersPublishedStateBothWays() throws {
        let fixture = try Fixture()
        let config = fixture.config("ttrss-flag-publish \"p\"")
        #expect(config.publishFlag == "p")
        // The reader's cache, opened as the reader opens it (a second connection to the same file).
        let store = try FeedStore(path: fixture.store.path, starFlag: config.starFlag, publishFlag: config.publishFlag)
        let synchronizer = Synchronizer(account: try #require(try config.syncAccount()), store: store)
        try synchronizer.sync()
        func flags(_ title: String) throws -> String { try fixture.item(title).flags.letters }
        #expect(try flags("Alpha one") == "" && flags("Beta two") == "")

        // Published on the server: the letter here, beside the article's other flags.
        try store.setFlags(ArticleFlags("b"), item: try fixture.item("Beta two").id)
        try fixture.server.setPublished([try fixture.serverID("Alpha one"), try fixture.serverID("Beta two")], true)
        #expect(try synchronizer.sync().changedStates == 2)
        #expect(try flags("Alpha one") == "p" && flags("Beta two") == "bp" && flags("Beta one") == "")
        // The cache file itself holds it, for any later process.
        let reopened = try FeedStore(path: fixture.store.path)
        #expect(try reopened.item(try fixture.item("Alpha one").id)?.flags.letters == "p")

        // Unpublished on the server: the letter goes, the other flags stay.
        try fixture.server.setPublished([try fixture.serverID("Beta two")], false)
        #expect(try synchronizer.sync().changedStates == 1)
        #expect(try flags("Beta two") == "b" && flags("Alpha one") == "p")

        // Set here (edit-flags writes the whole set): published on the server by the next send.
        try store.setFlags(ArticleFlags("bp"), item: try fixture.item("Beta two").id)
        try store.setFlags(ArticleFlags("p"), item: try fixture.item("Beta three").id)
        #expect(try synchronizer.sendQueuedChanges() == 2)
        #expect(try fixture.server.publishedArticleIDs()
            == [try fixture.serverID("Alpha one"), try fixture.serverID("Beta two"), try fixture.serverID("Beta three")])

        // Cleared here: unpublished there by the sync, which then finds it so.
        try store.setFlags(.none, item: try fixture.item("Alpha one").id)
        try store.setFlags(ArticleFlags("b"), item: try fixture.item("Beta two").id)
        try synchronizer.sync()
        #expect(try fixture.server.publishedArticleIDs() == [try fixture.serverID("Beta three")])
        #expect(try flags("Alpha one") == "" && flags("Beta two") == "b" && flags("Beta three") == "p")
        #expect(try store.queuedSyncChanges(account: synchronizer.account.identity).isEmpty)
        // Stars are not publishing, and the reverse: nothing starred by any of it.
        #expect(try fixture.otherDevice().articleStates().starredIDs.isEmpty)
    }

    @Test func withoutThePublishFlagThePublishedStateIsNeitherReadNorWritten() throws {
        let fixture = try Fixture()
        let synchronizer = try fixture.synchronizer()
        try synchronizer.sync()
        try fixture.server.setPublished([try fixture.serverID("Alpha one")], true)
        let before = fixture.calls()
        #expect(try synchronizer.sync().changedStates == 0)
        #expect(fixture.calls() - before == 5)  // as without any publishing: no list of published articles
        #expect(try fixture.item("Alpha one").flags.isEmpty)
        // `p` is an ordinary flag: setting it sends nothing.
        try fixture.store.setFlags(ArticleFlags("p"), item: try fixture.item("Beta one").id)
        #expect(try fixture.store.queuedSyncChanges(account: synchronizer.account.identity).isEmpty)
        try synchronizer.sync()
        #expect(try fixture.server.publishedArticleIDs() == [try fixture.serverID("Alpha one")])
        #expect(try fixture.item("Beta one").flags.letters == "p")
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
        let identity = try fixture.synchronizer().account.identity
        #expect(try reopened.queuedSyncChanges(account: identity).changes == [.read(alphaOne), .starred(betaThree)])
        try fixture.server.restart()
        try Synchronizer(account: try fixture.account(), store: reopened).sync()
        let states = try fixture.otherDevice().articleStates()
        #expect(!states.unreadIDs.contains(alphaOne))
        #expect(states.starredIDs == [betaThree])
        #expect(try reopened.queuedSyncChanges(account: identity).isEmpty)
    }

    @Test func feedsAreAddedAndDeletedOnTheServerAndARenameIsRefusedInOneLine() throws {
        let fixture = try Fixture()
        let synchronizer = try fixture.synchronizer()
        try synchronizer.sync()
        try fixture.server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
        ])])

        try synchronizer.addFeed(url: fixture.server.feedURL("gamma.xml"), tags: ["Tech"])
        // TT-RSS fetches a new feed at its next update; the sync after it brings the article.
        try fixture.server.refresh()
        #expect(try synchronizer.sync().newArticles == 1)
        #expect(try fixture.feed("Gamma").tags == ["Tech"])
        #expect(try fixture.feed("Gamma").unreadCount == 1)

        let renamed = #expect(throws: SyncFailure.self) { try synchronizer.renameFeed(try fixture.feed("Gamma").id, to: "Mine") }
        #expect(renamed?.description == "the feed server 127.0.0.1:\(fixture.server.port) refused the change: "
            + "Tiny Tiny RSS's API cannot rename feeds: do it on the server's own pages")
        #expect(try fixture.feed("Gamma").displayTitle == "Gamma")

        try synchronizer.deleteFeed(try fixture.feed("Gamma").id)
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.otherDevice().subscriptions().count == 2)
    }

    @Test func anExpiredSessionIsRenewedWithinASync() throws {
        let fixture = try Fixture()
        let synchronizer = try fixture.synchronizer()
        try synchronizer.sync()
        try fixture.server.sql("DELETE FROM ttrss_sessions")
        try fixture.otherDevice().send([.read(try fixture.serverID("Alpha one"))])
        #expect(try synchronizer.sync().changedStates == 1)
        #expect(try fixture.item("Alpha one").isRead)
    }

    @Test func aWrongPasswordSaysSoInOneLineChangesNothingAndNoSecretReachesTheCache() throws {
        let fixture = try Fixture()
        let wrong = "not the password at all"
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer(password: wrong).sync() }
        #expect(failure == .wrongCredentials(host: "127.0.0.1:\(fixture.server.port)"))
        let line = failure.map { "\($0)" } ?? ""
        #expect(!line.contains(wrong) && !line.contains("\n"))
        #expect(try fixture.store.feedList().isEmpty)

        try fixture.synchronizer().sync()
        try fixture.store.markItem(try fixture.item("Alpha one").id, read: true)
        try fixture.synchronizer().sync()
        let sessions = try fixture.server.sessionIDs()
        #expect(!sessions.isEmpty)
        // Every file of the cache (the database, its journal), byte for byte.
        let folder = URL(fileURLWithPath: fixture.store.path).deletingLastPathComponent()
        let name = URL(fileURLWithPath: fixture.store.path).lastPathComponent
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasPrefix(name) {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
            for secret in [TTRSSTestServer.password, wrong] + sessions {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds a secret")
            }
        }
    }
}
