@testable import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

/// `FeverSource` against a real Fever server: coldsweat 0.10.2 on loopback (see `FeverTestServer`,
/// `FeverServerKind`), subscribed to feeds that the tests' own
/// loopback feed server serves. Each test runs against each server.
@Suite(.serialized, .enabled(if: FeverTestServer.isInstalled,
                            "coldsweat is not installed: run `make sync-test-deps` (or `make test`) to test Fever sync"))
struct FeverSourceTests {
    static let opml = """
        <?xml version="1.0"?>
        <opml version="1.0"><head><title>Subscriptions</title></head><body>
          <outline text="Tech"><outline text="Alpha" xmlUrl="FEEDS/alpha.xml" htmlUrl="http://example.org/alpha/"/></outline>
          <outline text="News"><outline text="Beta" xmlUrl="FEEDS/beta.xml" htmlUrl="http://example.org/beta/"/></outline>
          <outline text="Gamma" xmlUrl="FEEDS/gamma.xml" htmlUrl="http://example.org/gamma/"/>
        </body></opml>
        """

    static let files = [
        "alpha.xml": FeverFeedFile.rss(title: "Alpha", site: "http://example.org/alpha/", items: [
            .init(guid: "alpha-1", title: "Alpha one", link: "http://example.org/alpha/posts/1", day: 1,
                  html: #"<p>Hello <a href="notes/more" onclick="steal()">more</a> <img src="pic.png"> <b>bold</b></p>"#,
                  author: "ann@example.org (Ann Author)"),
            .init(guid: "alpha-2", title: "Alpha two", link: "http://example.org/alpha/posts/2", day: 2, html: "<p>Two</p>"),
        ]),
        "beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-1", title: "Beta one", link: "http://example.org/beta/1", day: 1, html: "<p>B1</p>"),
            .init(guid: "beta-2", title: "Beta two", link: "http://example.org/beta/2", day: 2, html: "<p>B2</p>"),
            .init(guid: "beta-3", title: "Beta three", link: "http://example.org/beta/3", day: 3, html: "<p>B3</p>"),
        ]),
        "gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 4, html: "<p>G1</p>"),
        ]),
    ]

    private func makeServer(_ kind: FeverServerKind) throws -> any FeverTestServing {
        try kind.server(files: FeverSourceTests.files, opml: FeverSourceTests.opml)
    }

    private func source(_ server: any FeverTestServing, password: String? = nil) -> FeverSource {
        FeverSource(endpoint: server.feverEndpoint, email: server.feverLogin, password: password ?? server.feverPassword,
                    options: FetchOptions(connectTimeout: 5, timeout: 20))
    }

    private func article(_ articles: [SyncedArticle], _ title: String) throws -> SyncedArticle {
        try #require(articles.first { $0.title == title }, "no article \(title)")
    }

    @Test(arguments: FeverServerKind.available) func firstFetchListsFeedsWithTheirGroupsAsTagsAndEveryArticleSanitised(_ kind: FeverServerKind) throws {
        let server = try makeServer(kind)
        let fever = source(server)

        let feeds = try fever.subscriptions().sorted { $0.title < $1.title }
        #expect(feeds.map(\.title) == ["Alpha", "Beta", "Gamma"])
        #expect(feeds.map(\.tags) == [["Tech"], ["News"], [kind.topLevelGroup]])
        #expect(feeds[0].url.hasSuffix("/alpha.xml"))
        #expect(feeds[0].siteURL == "http://example.org/alpha/")
        #expect(feeds[0].lastUpdated != nil)

        let articles = try fever.articles(newerThan: 0)
        #expect(articles.count == 6)
        #expect(articles.map(\.id) == articles.map(\.id).sorted())
        #expect(Set(articles.map(\.id)).count == 6)
        let one = try article(articles, "Alpha one")
        #expect(one.feedID == feeds[0].id)
        #expect(one.url == "http://example.org/alpha/posts/1")
        // coldsweat keeps the name of RSS's `email (name)`.
        #expect(one.author == "Ann Author")
        #expect(one.published == FeverFeedFile.date(day: 1))
        #expect(!one.isRead && !one.isStarred)
        // Relative addresses resolve against the article's own address; handlers are gone.
        #expect(one.html.contains(#"href="http://example.org/alpha/posts/notes/more""#))
        #expect(one.html.contains(#"src="http://example.org/alpha/posts/pic.png""#))
        #expect(one.html.contains("<b>bold</b>"))
        #expect(!one.html.contains("onclick") && !one.html.contains("steal"))
        #expect(try article(articles, "Gamma one").feedID == feeds[2].id)

        let states = try fever.articleStates()
        #expect(states.unreadIDs == Set(articles.map(\.id)))
        #expect(states.starredIDs.isEmpty)
        // Nothing newer than the newest: one empty page.
        #expect(try fever.articles(newerThan: try #require(articles.last).id).isEmpty)
    }

    @Test(arguments: FeverServerKind.available) func readUnreadAndStarsSentFromHereAreWhatTheServerReportsAfter(_ kind: FeverServerKind) throws {
        let server = try makeServer(kind)
        let fever = source(server)
        let articles = try fever.articles(newerThan: 0)
        let alphaOne = try article(articles, "Alpha one").id
        let alphaTwo = try article(articles, "Alpha two").id
        let betaOne = try article(articles, "Beta one").id

        let skipped = try fever.send([.read(alphaOne), .starred(alphaTwo), .read(betaOne), .unread(betaOne), .starred(betaOne)])
        #expect(skipped.isEmpty)
        var states = try fever.articleStates()
        #expect(states.unreadIDs == Set(articles.map(\.id)).subtracting([alphaOne]))
        #expect(states.starredIDs == [alphaTwo, betaOne])
        let fetched = try fever.articles(withIDs: [alphaOne, alphaTwo])
        #expect(fetched.map(\.id) == [alphaOne, alphaTwo].sorted())
        #expect(try article(fetched, "Alpha one").isRead)
        #expect(try article(fetched, "Alpha two").isStarred)

        // Sending the same batch again leaves the same state (what a retry after a failure does).
        try fever.send([.unstarred(betaOne), .unread(alphaOne), .read(alphaOne)])
        try fever.send([.unstarred(betaOne), .unread(alphaOne), .read(alphaOne)])
        states = try fever.articleStates()
        #expect(states.unreadIDs == Set(articles.map(\.id)).subtracting([alphaOne]))
        #expect(states.starredIDs == [alphaTwo])

        // An article the server no longer has is skipped (coldsweat says 404), not an error that
        // blocks the queue.
        #expect(try fever.send([.read(987_654), .read(alphaTwo)]) == [.read(987_654)])
        #expect(try !fever.articleStates().unreadIDs.contains(alphaTwo))
    }

    @Test(arguments: FeverServerKind.available) func aFeedMarkedReadBeforeATimeKeepsItsLaterArticlesUnread(_ kind: FeverServerKind) throws {
        let server = try makeServer(kind)
        let fever = source(server)
        let feeds = try fever.subscriptions()
        let beta = try #require(feeds.first { $0.title == "Beta" })
        let articles = try fever.articles(newerThan: 0)

        // coldsweat compares `before` with each article's publication time.
        try fever.send([.feedRead(beta.id, before: FeverFeedFile.date(day: 2).addingTimeInterval(3600))])
        let expectedRead = try [article(articles, "Beta one").id, article(articles, "Beta two").id]
        let unread = try fever.articleStates().unreadIDs
        #expect(unread == Set(articles.map(\.id)).subtracting(expectedRead))
    }

    @Test(arguments: FeverServerKind.available) func aSecondFetchFromTheNewestIDReturnsOnlyNewerArticles(_ kind: FeverServerKind) throws {
        let server = try makeServer(kind)
        let fever = source(server)
        let first = try fever.articles(newerThan: 0)
        let newest = try #require(first.last).id

        // 90 new articles: 30 in a new group, then 60 in a top-level feed (coldsweat's "Default"
        // group, which it lists first). coldsweat pages in group order, not id order.
        let zed = (1...30).map { FeverFeedFile.Item(guid: "zed-\($0)", title: "Zed \($0)", link: "http://example.org/zed/\($0)",
                                                    day: 5, html: "<p>Z\($0)</p>") }
        let many = (1...60).map { FeverFeedFile.Item(guid: "many-\($0)", title: "Many \($0)", link: "http://example.org/many/\($0)",
                                                     day: 6, html: "<p>M\($0)</p>") }
        try server.importSubscriptions("""
            <?xml version="1.0"?>
            <opml version="1.0"><head><title>More</title></head><body>
              <outline text="Zed group"><outline text="Zed" xmlUrl="FEEDS/zed.xml"/></outline>
              <outline text="Many" xmlUrl="FEEDS/many.xml"/>
            </body></opml>
            """, files: ["zed.xml": FeverFeedFile.rss(title: "Zed", site: "http://example.org/zed/", items: zed),
                         "many.xml": FeverFeedFile.rss(title: "Many", site: "http://example.org/many/", items: many)])

        let paged = try fever.articles(newerThan: newest)
        #expect(paged.allSatisfy { $0.id > newest })
        #expect(paged.map(\.id) == paged.map(\.id).sorted())
        // coldsweat 0.10.2's first page is "Many"'s first 50 articles, whose highest id is above
        // every "Zed" article: no later page returns those.
        #expect(paged.count < 90, "coldsweat now pages in id order: the completion below is not exercised")

        // Paging by since_id alone passes over articles on coldsweat; asking for the unread ids
        // that paging did not return completes the sync.
        let states = try fever.articleStates()
        let wanted = states.unreadIDs.union(states.starredIDs).subtracting(first.map(\.id))
        #expect(wanted.count == 90)
        let complete = try fever.articles(newerThan: newest, including: wanted)
        #expect(complete.count == 90)
        #expect(Set(complete.map(\.id)) == wanted)
        #expect(Set(complete.map(\.title)) == Set((zed + many).map(\.title)))
        #expect(complete.map(\.id) == complete.map(\.id).sorted())

        let feeds = try fever.subscriptions()
        #expect(feeds.first { $0.title == "Zed" }?.tags == ["Zed group"])
    }

    @Test(arguments: FeverServerKind.available) func aWrongPasswordIsReportedAsSuchWithoutThePasswordOrTheKey(_ kind: FeverServerKind) throws {
        let server = try makeServer(kind)
        let wrongPassword = "not the password at all"
        let fever = source(server, password: wrongPassword)
        let failure = try #require(throws: SyncFailure.self) { try fever.subscriptions() }
        #expect(failure == .wrongCredentials(host: "127.0.0.1:\(server.port)"))
        #expect(failure.description == "the feed server 127.0.0.1:\(server.port) refused the login: wrong e-mail or password")
        #expect(throws: SyncFailure.wrongCredentials(host: "127.0.0.1:\(server.port)")) { try fever.send([.read(1)]) }

        let key = FeverAPIKey(email: server.feverLogin, password: wrongPassword).hex
        var dumped = ""
        dump(fever, to: &dumped)
        for text in [failure.description, String(describing: failure), String(reflecting: failure),
                     fever.description, String(reflecting: fever), dumped] {
            #expect(!text.contains(wrongPassword) && !text.contains(key), "leaks a credential: \(text)")
        }
    }

    @Test(arguments: FeverServerKind.available) func aServerThatIsDownIsUnreachable(_ kind: FeverServerKind) throws {
        let server = try makeServer(kind)
        let fever = source(server)
        #expect(try fever.articleStates().unreadIDs.count == 6)
        server.stop()
        let failure = try #require(throws: SyncFailure.self) { try fever.articleStates() }
        #expect(failure == .unreachable(host: "127.0.0.1:\(server.port)", why: "connection refused"))
        #expect(failure.description == "cannot reach the feed server 127.0.0.1:\(server.port): connection refused")

        // The same source works again once the server is back (on a new port here, so a new source).
        try server.start(port: 0)
        #expect(try source(server).articleStates().unreadIDs.count == 6)
    }

    @Test(arguments: FeverServerKind.available) func anAddressThatIsNotTheFeverEndpointSaysWhatItAnswered(_ kind: FeverServerKind) throws {
        let server = try makeServer(kind)
        let options = FetchOptions(connectTimeout: 5, timeout: 20)
        let elsewhere = FeverSource(endpoint: URL(string: "http://127.0.0.1:\(server.port)/nothing/")!,
                                    email: server.feverLogin, password: server.feverPassword, options: options)
        #expect(throws: SyncFailure.httpStatus(host: "127.0.0.1:\(server.port)", code: 404)) { try elsewhere.subscriptions() }

        // The address as users often copy it, without the final slash or with `?api`, works too.
        let endpoint = server.feverEndpoint.absoluteString
        for address in [String(endpoint.dropLast()), endpoint + "?api"] {
            let fever = FeverSource(endpoint: URL(string: address)!, email: server.feverLogin,
                                    password: server.feverPassword, options: options)
            #expect(try fever.subscriptions().count == 3)
        }
    }
}
