@testable import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

/// `NewsBlurSource` against a **stand-in** NewsBlur on loopback (`NewsBlurStandIn`,
/// Tests/Support/newsblur_standin.py: NewsBlur cannot run here), held to the API by NewsBlur's own
/// client, newsblur-cli. What a sync does with it is in `ServiceSyncTests`; here, the requests.
@Suite(.serialized)
struct NewsBlurSourceTests {
    private func source(_ server: NewsBlurStandIn, password: String = NewsBlurStandIn.password, minItems: Int = 20) -> NewsBlurSource {
        NewsBlurSource(endpoint: server.endpoint, credentials: BasicCredentials(login: NewsBlurStandIn.user, password: password),
                       minItems: minItems, options: FetchOptions(connectTimeout: 5, timeout: 20))
    }

    @Test func storyHashesAreIdsBothWays() {
        let id = NewsBlurSource.storyID("468:a1b2c3")
        #expect(id == Int64(468) << 24 | 0xa1b2c3)
        #expect(id.map(NewsBlurSource.storyHash) == "468:a1b2c3")
        #expect(NewsBlurSource.storyHash(7 << 24 | 0x0000ff) == "7:0000ff")
        #expect(NewsBlurSource.storyID("468:a1b2c") == nil && NewsBlurSource.storyID("x:a1b2c3") == nil)
    }

    @Test func theFirstSyncTakesEachFeedsNewestPagesAndMarksGoByHash() throws {
        let server = try NewsBlurStandIn()
        let few = try source(server, minItems: 1).articles(newerThan: 0)
        // One page of each feed: 6 stories at most, the newest first.
        #expect(Set(few.map(\.title)) == ["Alpha one", "Alpha two", "Beta one", "Beta two", "Beta three"])
        let reader = source(server)
        #expect(try reader.articles(newerThan: 1).isEmpty)
        let before = server.requestLog().count
        let articles = try reader.articles(withIDs: Set(few.map(\.id)))
        #expect(articles.map(\.id) == few.map(\.id))
        #expect(server.requestLog().dropFirst(before).filter { $0.contains("river_stories") }.count == 1)

        let ids = articles.map(\.id)
        let skipped = try reader.send([.read(ids[0]), .read(ids[1]), .unread(ids[0]), .starred(ids[2]), .unread(5 << 24 | 0xabcdef)])
        #expect(skipped == [.unread(5 << 24 | 0xabcdef)])
        let states = try reader.articleStates()
        #expect(states.unreadIDs == Set(ids).subtracting([ids[1]]) && states.starredIDs == [ids[2]])
    }

    @Test(.enabled(if: NewsBlurStandIn.hasIndependentClient, "newsblur-cli is not installed (make sync-test-deps)"))
    func newsBlursOwnClientReadsTheStandInAsTheSourceDoes() throws {
        let server = try NewsBlurStandIn()
        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
        ])])
        let reader = source(server)
        let feeds = try reader.subscriptions()
        let articles = try reader.articles(newerThan: 0)
        let check = try server.runClientCheck(newFeed: "gamma.xml")
        #expect(check.status == 0, "newsblur-cli disagrees with the stand-in: \(check.errors)")
        let clientFeeds = try #require(check.summary["feeds"] as? [[String: Any]])
        for feed in feeds {
            let seen = clientFeeds.first { ($0["id"] as? Int).map(Int64.init) == feed.id }
            #expect(seen?["title"] as? String == feed.title && seen?["url"] as? String == feed.url)
            #expect(seen?["folders"] as? [String] == feed.tags)
        }
        let stories = try #require(check.summary["stories"] as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: stories.compactMap { story in
            (story["hash"] as? String).flatMap(NewsBlurSource.storyID).map { ($0, story) }
        })
        #expect(Set(byID.keys) == Set(articles.map(\.id)))
        for article in articles {
            #expect(byID[article.id]?["title"] as? String == article.title && byID[article.id]?["url"] as? String == article.url)
        }
    }

    @Test func aWrongPasswordNotTheAPIAndTheSecretsAreOneLineAndNeverShown() throws {
        let server = try NewsBlurStandIn()
        let host = "127.0.0.1:\(server.port)"
        let failure = try #require(throws: SyncFailure.self) { try source(server, password: "wrong-password-123").subscriptions() }
        #expect(failure == .wrongCredentials(host: host))
        let elsewhere = NewsBlurSource(endpoint: URL(string: "http://127.0.0.1:\(server.feeds.port)")!,
                                       credentials: BasicCredentials(login: "erin", password: "x"))
        #expect(throws: SyncFailure.self) { try elsewhere.subscriptions() }
        let reader = source(server)
        #expect(try reader.subscriptions().count == 2)
        var dumped = ""
        dump(reader, to: &dumped)
        for text in [failure.description, reader.description, dumped] + server.requestLog() {
            #expect(!text.contains(NewsBlurStandIn.password) && !text.contains("sessionid"), "leaks a secret: \(text)")
        }
    }
}
