@testable import Configuration
import FeedFetcher
import FeedModel
@testable import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// `Synchronizer` between a real cache and the stand-ins of the services Tidings reaches through
/// their own APIs, each test against each: Nextcloud News, NewsBlur, Feedbin. The account is made
/// from config lines as a newsboat user writes them; another device is played by a second source
/// made the same way.
@Suite(.serialized)
struct ServiceSyncTests {
    /// A service's stand-in, seeded with the sync tests' two feeds (Alpha in Tech, Beta in News).
    enum Service: String, CaseIterable, CustomStringConvertible {
        case nextcloudNews, newsBlur, feedbin

        var description: String { rawValue }

        func fixture() throws -> Fixture {
            switch self {
            case .nextcloudNews:
                let server = try NextcloudNewsStandIn()
                return try Fixture(server: server.server, refresh: server.refresh, config: { password in """
                    urls-source "ocnews"
                    ocnews-url "\(server.endpoint.absoluteString)"
                    ocnews-login "\(NextcloudNewsStandIn.user)"
                    ocnews-password "\(password ?? NextcloudNewsStandIn.password)"
                    """ },
                    // The feeds and folders, and the items changed since the last sync: none.
                    quietSync: ["GET feeds", "GET folders", "GET items/updated -> 0 articles"], keepsFolders: true)
            case .feedbin:
                let server = try FeedbinStandIn()
                return try Fixture(server: server.server, refresh: server.refresh, config: { password in """
                    urls-source "feedbin"
                    feedbin-url "\(server.endpoint.absoluteString)"
                    feedbin-login "\(FeedbinStandIn.email)"
                    feedbin-password "\(password ?? FeedbinStandIn.password)"
                    """ },
                    // The feeds and tags, the two id lists, and the entries stored since: none.
                    quietSync: ["GET subscriptions", "GET taggings", "GET unread_entries", "GET starred_entries",
                                "GET entries -> 0 articles"], keepsFolders: false)
            case .newsBlur:
                let server = try NewsBlurStandIn()
                return try Fixture(server: server.server, refresh: server.refresh, config: { password in """
                    urls-source "newsblur"
                    newsblur-url "\(server.endpoint.absoluteString)"
                    newsblur-login "\(NewsBlurStandIn.user)"
                    newsblur-password "\(password ?? NewsBlurStandIn.password)"
                    """ },
                    // The feeds and folders and the two lists of story hashes.
                    quietSync: ["GET reader/feeds", "GET reader/unread_story_hashes", "GET reader/starred_story_hashes"], keepsFolders: true)
            }
        }
    }

    /// A stand-in, an empty cache, and the accounts that sync them.
    final class Fixture {
        let server: StandInServer
        let refresh: () throws -> Void
        let config: (String?) -> String
        /// The calls a sync with nothing new makes, without the API's path and the query.
        let quietSync: [String]
        /// Whether a feed takes exactly one tag (a folder) on this service.
        let keepsFolders: Bool
        let cache: TestStore
        var store: FeedStore { cache.store }

        init(server: StandInServer, refresh: @escaping () throws -> Void, config: @escaping (String?) -> String,
             quietSync: [String], keepsFolders: Bool) throws {
            self.server = server
            self.refresh = refresh
            self.config = config
            self.quietSync = quietSync
            self.keepsFolders = keepsFolders
            cache = try TestStore(subscriptions: [])
        }

        func account(password: String? = nil) throws -> SyncAccount {
            let config = Config(parsing: config(password))
            #expect(config.warnings.isEmpty)
            var options = config.fetchOptions
            options.connectTimeout = 3
            options.timeout = 20
            guard let server = config.feedListSource.server else { throw FeverTestServer.SetupFailure(message: "no server") }
            return try server.account(options: options)
        }

        func synchronizer(password: String? = nil) throws -> Synchronizer {
            Synchronizer(account: try account(password: password), store: store)
        }

        /// Another device: a source of its own.
        func otherDevice() throws -> any SyncSource { try account().source }

        func feed(_ title: String) throws -> FeedListRow { try store.feed(titled: title) }
        func item(_ title: String) throws -> ItemRow { try store.item(titled: title) }

        func serverID(_ title: String) throws -> Int64 {
            try #require(try otherDevice().articles(newerThan: 0).first { $0.title == title }?.id)
        }

        /// The calls made since `start` requests: `METHOD path` after the API's root, no query, and
        /// ` -> N articles` for those that answered with N articles.
        func calls(since start: Int) -> [String] {
            server.requestLog().dropFirst(start).map { line in
                let marker = line.range(of: " -> ")
                let articles = marker.map { String(line[$0.lowerBound...]) } ?? ""
                let parts = line[..<(marker?.lowerBound ?? line.endIndex)].split(separator: " ", maxSplits: 1)
                let path = String(parts.last ?? "").prefix { $0 != "?" }
                let trimmed = ["/index.php/apps/news/api/v1-2/", "/v2/", "/"].first { path.hasPrefix($0) }.map { path.dropFirst($0.count) } ?? path[...]
                return "\(parts.first ?? "") \(trimmed.hasSuffix(".json") ? trimmed.dropLast(5) : trimmed)\(articles)"
            }
        }
    }

    static let gamma = ["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
        .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
    ])]

    static let betaFour = ["beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
        .init(guid: "beta-1", title: "Beta one", link: "http://example.org/beta/1", day: 1, html: "<p>B1</p>"),
        .init(guid: "beta-4", title: "Beta four", link: "http://example.org/beta/4", day: 4, html: "<p>B4</p>"),
    ])]

    @Test(arguments: Service.allCases)
    func firstSyncBringsFeedsFoldersAndArticlesAndTheSecondOnlyWhatChanged(_ service: Service) throws {
        let fixture = try service.fixture()
        let synchronizer = try fixture.synchronizer()
        let first = try synchronizer.sync()
        #expect(first == SyncOutcome(feeds: 2, newArticles: 5, changedStates: 0))
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.feed("Alpha").tags == ["Tech"])
        #expect(try fixture.feed("Beta").tags == ["News"])
        #expect(try fixture.feed("Alpha").unreadCount == 2 && fixture.feed("Beta").unreadCount == 3)
        let stored = try #require(try fixture.store.item(try fixture.item("Alpha one").id))
        #expect(stored.item.content?.contains(#"href="http://example.org/alpha/more""#) == true)
        #expect(stored.item.content?.contains("onclick") == false)
        #expect(stored.item.published == FeverFeedFile.date(day: 1))

        // Nothing new: no request brings an article.
        let before = fixture.server.requestLog().count
        #expect(try synchronizer.sync() == SyncOutcome(feeds: 2, newArticles: 0, changedStates: 0))
        #expect(fixture.calls(since: before) == fixture.quietSync)

        // A new article on the server: it comes, and only it.
        try fixture.server.write(Self.betaFour)
        try fixture.refresh()
        let third = try synchronizer.sync()
        #expect(third.newArticles == 1)
        #expect(try fixture.feed("Beta").unreadCount == 4)
    }

    @Test(arguments: Service.allCases)
    func readAndStarredGoBothWays(_ service: Service) throws {
        let fixture = try service.fixture()
        try fixture.synchronizer().sync()
        let otherDevice = try fixture.otherDevice()
        try otherDevice.send([.read(try fixture.serverID("Beta one")), .starred(try fixture.serverID("Alpha two"))])
        #expect(try fixture.synchronizer().sync().changedStates == 2)
        #expect(try fixture.item("Beta one").isRead)
        #expect(try fixture.item("Alpha two").isStarred)

        // Marks made here: an item read, a star given and one taken, a whole feed read.
        try fixture.store.markItem(try fixture.item("Alpha one").id, read: true)
        try fixture.store.setStarred(true, item: try fixture.item("Beta two").id)
        try fixture.store.setStarred(false, item: try fixture.item("Alpha two").id)
        try fixture.store.markFeedRead(try fixture.feed("Beta").id, seenBy: Date())
        try fixture.synchronizer().sync()
        let states = try fixture.otherDevice().articleStates()
        #expect(states.unreadIDs == [try fixture.serverID("Alpha two")])
        #expect(states.starredIDs == [try fixture.serverID("Beta two")])
        #expect(try fixture.store.queuedSyncChanges(account: fixture.account().identity).isEmpty)
        #expect(try fixture.item("Alpha one").isRead && fixture.feed("Beta").unreadCount == 0)
    }

    @Test(arguments: Service.allCases)
    func marksMadeWhileTheServerIsDownAreKeptAndSentWhenItReturns(_ service: Service) throws {
        let fixture = try service.fixture()
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
        let reopened = try FeedStore(path: fixture.store.path)
        let identity = try fixture.account().identity
        #expect(try reopened.queuedSyncChanges(account: identity).changes == [.read(alphaOne), .starred(betaThree)])
        try fixture.server.restart()
        // A new process: its source has read nothing yet.
        try Synchronizer(account: fixture.account(), store: reopened).sync()
        let states = try fixture.otherDevice().articleStates()
        #expect(!states.unreadIDs.contains(alphaOne))
        #expect(states.starredIDs == [betaThree])
        #expect(try reopened.queuedSyncChanges(account: identity).isEmpty)
    }

    @Test(arguments: Service.allCases)
    func feedsAreAddedRenamedTaggedAndDeletedOnTheServerThenShown(_ service: Service) throws {
        let fixture = try service.fixture()
        let synchronizer = try fixture.synchronizer()
        try synchronizer.sync()
        try fixture.server.write(Self.gamma)

        let added = try synchronizer.addFeed(url: fixture.server.feedURL("gamma.xml"), tags: ["Tech"])
        #expect(added.newArticles == 1)
        #expect(try fixture.feed("Gamma").tags == ["Tech"])
        try synchronizer.renameFeed(try fixture.feed("Gamma").id, to: "Gamma renamed")
        try synchronizer.setTags(["Reading"], of: try fixture.feed("Gamma renamed").id)
        #expect(try fixture.feed("Gamma renamed").tags == ["Reading"])
        #expect(try fixture.otherDevice().subscriptions().first { $0.title == "Gamma renamed" }?.tags == ["Reading"])
        if fixture.keepsFolders {
            let two = #expect(throws: SyncFailure.self) { try synchronizer.setTags(["A", "B"], of: try fixture.feed("Gamma renamed").id) }
            #expect(two.map { "\($0)" }?.hasSuffix("give it one tag") == true)
        }

        try synchronizer.deleteFeed(try fixture.feed("Gamma renamed").id)
        #expect(try fixture.store.feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fixture.otherDevice().subscriptions().count == 2)

        // What the server refuses is one line: a feed it cannot read.
        let refused = #expect(throws: SyncFailure.self) { try synchronizer.addFeed(url: fixture.server.feedURL("missing.xml")) }
        guard case .feedChangeRefused? = refused else {
            Issue.record("expected a refusal, got \(String(describing: refused))")
            return
        }
        #expect(refused.map { "\($0)" }?.contains("\n") == false)
    }

    @Test(arguments: Service.allCases)
    func aWrongPasswordOrAServerDownSaysSoInOneLineAndChangesNothing(_ service: Service) throws {
        let fixture = try service.fixture()
        let wrong = "not the password at all"
        let failure = #expect(throws: SyncFailure.self) { try fixture.synchronizer(password: wrong).sync() }
        #expect(failure == .wrongCredentials(host: "127.0.0.1:\(fixture.server.port)"))
        #expect(failure.map { "\($0)" }.map { !$0.contains(wrong) && !$0.contains("\n") } == true)
        #expect(try fixture.store.feedList().isEmpty)

        fixture.server.stop()
        let down = #expect(throws: SyncFailure.self) { try fixture.synchronizer().sync() }
        #expect(down.map { "\($0)" }?.hasPrefix("cannot reach the feed server 127.0.0.1:") == true)
        #expect(try fixture.store.feedList().isEmpty)
    }
}
