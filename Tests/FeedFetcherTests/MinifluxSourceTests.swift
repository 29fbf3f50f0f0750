@testable import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

/// `MinifluxSource` against a **stand-in** Miniflux server on loopback (`MinifluxStandIn`,
/// Tests/Support/miniflux_standin.py: Miniflux itself cannot run here), subscribed to feeds that
/// the tests' own loopback feed server serves. The stand-in is held to Miniflux's API by the
/// official Python client (`theOfficialClientReadsWhatTidingsReadsAndFindsTheAPIAsDocumented`).
@Suite(.serialized)
struct MinifluxSourceTests {
    private func source(_ server: MinifluxStandIn, credentials: MinifluxCredentials? = nil, minItems: Int? = nil,
                        maxAnswerBytes: Int = MinifluxSource.maxAnswerBytes) -> MinifluxSource {
        MinifluxSource(endpoint: server.endpoint,
                       credentials: credentials ?? .password(login: MinifluxStandIn.user, password: MinifluxStandIn.password),
                       minItems: minItems, options: FetchOptions(connectTimeout: 5, timeout: 20), maxAnswerBytes: maxAnswerBytes)
    }

    private func article(_ articles: [SyncedArticle], _ title: String) throws -> SyncedArticle {
        try #require(articles.first { $0.title == title }, "no article \(title)")
    }

    private static let gamma = ["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
        .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
    ])]

    @Test func firstFetchListsFeedsWithTheirCategoryAsTagAndEveryArticleSanitised() throws {
        let server = try MinifluxStandIn()
        let reader = source(server)

        let feeds = try reader.subscriptions().sorted { $0.title < $1.title }
        #expect(feeds.map(\.title) == ["Alpha", "Beta"])
        #expect(feeds.map(\.tags) == [["Tech"], ["News"]])
        #expect(feeds[0].url == server.feedURL("alpha.xml"))
        #expect(feeds[0].siteURL == "http://example.org/alpha/")

        let articles = try reader.articles(newerThan: 0)
        #expect(articles.count == 5)
        #expect(articles.map(\.id) == articles.map(\.id).sorted())
        let one = try article(articles, "Alpha one")
        #expect(one.feedID == feeds[0].id)
        #expect(one.url == "http://example.org/alpha/1")
        #expect(one.published == FeverFeedFile.date(day: 1))
        #expect(!one.isRead && !one.isStarred)
        #expect(one.html.contains("Hello"))
        #expect(one.html.contains(#"href="http://example.org/alpha/more""#))
        #expect(!one.html.contains("onclick") && !one.html.contains("steal"))
        #expect(try article(articles, "Beta three").feedID == feeds[1].id)

        let states = try reader.articleStates()
        #expect(states.unreadIDs == Set(articles.map(\.id)))
        #expect(states.starredIDs.isEmpty)
        // Nothing newer than the newest: one short page, starting after it.
        let before = server.requestLog().count
        let newest = try #require(articles.last).id
        #expect(try reader.articles(newerThan: newest).isEmpty)
        #expect(Array(server.requestLog().dropFirst(before))
            == ["GET /v1/entries?order=id&direction=asc&limit=250&after_entry_id=\(newest)"])
        // The unread and starred articles the cache lacks come from what articleStates read.
        let lacking = Set(articles.suffix(2).map(\.id))
        let requests = server.requestLog().count
        #expect(try reader.articles(withIDs: lacking).map(\.id) == lacking.sorted())
        #expect(server.requestLog().count == requests)

        // min-items: only each feed's newest articles on a first fetch.
        let fewer = try source(server, minItems: 1).articles(newerThan: 0)
        #expect(Set(fewer.map(\.title)) == ["Alpha two", "Beta three"])
    }

    @Test(.enabled(if: MinifluxStandIn.hasOfficialClient, "the official client is not installed (make sync-test-deps)"))
    func theOfficialClientReadsWhatTidingsReadsAndFindsTheAPIAsDocumented() throws {
        let server = try MinifluxStandIn()
        try server.write(Self.gamma)
        let reader = source(server, credentials: .token(MinifluxStandIn.token))
        let feeds = try reader.subscriptions()
        let articles = try reader.articles(newerThan: 0)
        let states = try reader.articleStates()

        // Every call MinifluxSource makes, made by Miniflux's own client, with its checks.
        let check = try server.runClientCheck(newFeed: "gamma.xml")
        #expect(check.status == 0, "\(check.errors)")
        let clientFeeds = try #require(check.summary["feeds"] as? [[Any]])
        #expect(clientFeeds.map { "\($0[0]) \($0[1]) \($0[2]) \($0[3]) \($0[4])" }
            == feeds.sorted { $0.id < $1.id }.map { "\($0.id) \($0.title) \($0.url) \($0.siteURL ?? "") \($0.tags.joined())" })
        let clientArticles = try #require(check.summary["articles"] as? [[Any]])
        #expect(clientArticles.map { "\($0[0]) \($0[1]) \($0[2]) \($0[3]) \($0[4]) \($0[5])" }
            == articles.map { "\($0.id) \($0.feedID) \($0.title) \($0.url ?? "") \($0.isRead ? "read" : "unread") \($0.isStarred ? 1 : 0)" })
        #expect(Set((check.summary["unread"] as? [Int] ?? []).map(Int64.init)) == states.unreadIDs)
        #expect(Set((check.summary["starred"] as? [Int] ?? []).map(Int64.init)) == states.starredIDs)
    }

    @Test func readUnreadAndStarsGoBothWaysInBatchesAndAStarIsToggledOnlyWhereItDiffers() throws {
        let server = try MinifluxStandIn()
        let reader = source(server)
        let articles = try reader.articles(newerThan: 0)
        let ids = articles.map(\.id)
        let alphaOne = try article(articles, "Alpha one").id, alphaTwo = try article(articles, "Alpha two").id

        let before = server.requestLog().count
        try reader.send(ids.map { .read($0) } + [.unread(alphaOne), .starred(alphaTwo), .starred(alphaOne)])
        let sent = Array(server.requestLog().dropFirst(before))
        // Five reads in one request, the unread in another; each star looked at, then toggled.
        #expect(sent == ["PUT /v1/entries", "PUT /v1/entries", "GET /v1/entries/\(alphaTwo)", "PUT /v1/entries/\(alphaTwo)/bookmark",
                         "GET /v1/entries/\(alphaOne)", "PUT /v1/entries/\(alphaOne)/bookmark"])
        var states = try reader.articleStates()
        #expect(states.unreadIDs == [alphaOne])
        #expect(states.starredIDs == [alphaOne, alphaTwo])

        // Sending the same batch twice leaves the same state (a retry after a failure): the
        // bookmark toggles, so the second time no star is sent.
        try reader.send([.unstarred(alphaOne), .unread(alphaTwo), .read(alphaOne)])
        let again = server.requestLog().count
        try reader.send([.unstarred(alphaOne), .unread(alphaTwo), .read(alphaOne)])
        #expect(!server.requestLog().dropFirst(again).contains { $0.hasSuffix("/bookmark") })
        states = try reader.articleStates()
        #expect(states.unreadIDs == [alphaTwo])
        #expect(states.starredIDs == [alphaTwo])
        // The last star of an article in a run wins; an article the server lacks is skipped.
        #expect(try reader.send([.starred(alphaOne), .unstarred(alphaOne), .starred(999_999)]) == [.starred(999_999)])
        #expect(try reader.articleStates().starredIDs == [alphaTwo])
        // Reads of articles the server no longer has (Miniflux: 500 "nothing has been updated")
        // are skipped; the marks after them still go.
        #expect(try reader.send([.read(999_998), .read(999_999), .starred(alphaOne)]) == [.read(999_998), .read(999_999)])
        #expect(try reader.articleStates().starredIDs == [alphaOne, alphaTwo])
    }

    @Test func aFeedMarkedReadKeepsTheArticlesThatArriveLaterUnread() throws {
        let server = try MinifluxStandIn()
        let reader = source(server)
        let feeds = try reader.subscriptions()
        let alpha = try #require(feeds.first { $0.title == "Alpha" }), beta = try #require(feeds.first { $0.title == "Beta" })
        let articles = try reader.articles(newerThan: 0)

        // Nothing arrived since: one mark-all-as-read.
        var before = server.requestLog().count
        try reader.send([.feedRead(alpha.id, before: Date())])
        #expect(server.requestLog().dropFirst(before).last == "PUT /v1/feeds/\(alpha.id)/mark-all-as-read")

        // An article arrived after the sync the user saw: the older ones are read by id.
        let seen = Date()
        try server.write(["beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-4", title: "Beta four", link: "http://example.org/beta/4", day: 4, html: "<p>B4</p>"),
        ])])
        try server.refresh()
        before = server.requestLog().count
        try reader.send([.feedRead(beta.id, before: seen)])
        #expect(!server.requestLog().dropFirst(before).contains { $0.contains("mark-all-as-read") })
        let newer = try reader.articles(newerThan: try #require(articles.last).id)
        #expect(newer.map(\.title) == ["Beta four"])
        #expect(try reader.articleStates().unreadIDs == Set(newer.map(\.id)))
        // A feed the server does not have is skipped.
        let gone = SyncChange.feedRead(999_999, before: Date())
        #expect(try reader.send([gone]) == [gone])
    }

    @Test func feedsAreAddedRenamedMovedAndDeletedOnTheServerAndRefusalsAreOneLine() throws {
        let server = try MinifluxStandIn()
        let reader = source(server)
        try server.write(Self.gamma)
        let host = "127.0.0.1:\(server.port)"

        let gamma = try reader.subscribe(url: server.feedURL("gamma.xml"), title: "My Gamma", tags: ["Reading"])
        var listed = try #require(try reader.subscriptions().first { $0.id == gamma })
        #expect(listed.title == "My Gamma" && listed.tags == ["Reading"])
        #expect(try reader.articles(newerThan: 0).contains { $0.title == "Gamma one" && $0.feedID == gamma })

        try reader.rename(feed: gamma, to: "Gamma renamed")
        try reader.setTags(["Tech"], feed: gamma)
        listed = try #require(try reader.subscriptions().first { $0.id == gamma })
        #expect(listed.title == "Gamma renamed" && listed.tags == ["Tech"])
        // No tag: back to the first category, where Miniflux puts feeds added without one.
        try reader.setTags([], feed: gamma)
        #expect(try reader.subscriptions().first { $0.id == gamma }?.tags == ["All"])

        try reader.unsubscribe(feed: gamma)
        #expect(try reader.subscriptions().map(\.title).sorted() == ["Alpha", "Beta"])

        // What the server refuses comes back as one line, with its reason.
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "it has no feed \(gamma)")) { try reader.unsubscribe(feed: gamma) }
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "it has no feed \(gamma)")) { try reader.rename(feed: gamma, to: "x") }
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "This feed already exists.")) {
            try reader.subscribe(url: server.feedURL("alpha.xml"), title: nil, tags: [])
        }
        let missing = try #require(throws: SyncFailure.self) { try reader.subscribe(url: server.feedURL("missing.xml"), title: nil, tags: []) }
        #expect(missing == .feedChangeRefused(host: host,
                                              why: "Resource not found (404), this feed doesn't exist anymore, check the feed URL"))
        #expect(missing.description == "the feed server \(host) refused the change: "
            + "Resource not found (404), this feed doesn't exist anymore, check the feed URL")
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "Miniflux keeps a feed in one category; give it one tag")) {
            try reader.subscribe(url: server.feedURL("gamma.xml"), title: nil, tags: ["Tech", "News"])
        }
        #expect(try reader.subscriptions().count == 2)
    }

    @Test func aWrongPasswordOrTokenIsReportedAsSuchAndNoSecretIsEverInAURLOrADescription() throws {
        let server = try MinifluxStandIn()
        let host = "127.0.0.1:\(server.port)"
        let wrongPassword = "not the password at all"
        let wrong = source(server, credentials: .password(login: MinifluxStandIn.user, password: wrongPassword))
        let failure = try #require(throws: SyncFailure.self) { try wrong.subscriptions() }
        #expect(failure == .wrongCredentials(host: host))
        #expect(failure.description == "the feed server \(host) refused the login: wrong e-mail or password")
        let wrongToken = source(server, credentials: .token("not-the-token"))
        #expect(throws: SyncFailure.wrongCredentials(host: host)) { try wrongToken.articleStates() }

        let byToken = source(server, credentials: .token(MinifluxStandIn.token))
        let right = source(server)
        try byToken.send([.read(try #require(try right.articles(newerThan: 0).first).id)])
        #expect(try right.articleStates().unreadIDs.count == 4)
        var dumped = ""
        for source in [wrong, wrongToken, byToken, right] { dump(source, to: &dumped) }
        let basic = Data("\(MinifluxStandIn.user):\(MinifluxStandIn.password)".utf8).base64EncodedString()
        for text in [failure.description, String(reflecting: failure), right.description, byToken.description,
                     String(reflecting: byToken), dumped] + server.requestLog() {
            for secret in [wrongPassword, MinifluxStandIn.password, MinifluxStandIn.token, basic] {
                #expect(!text.contains(secret), "leaks a secret: \(text)")
            }
        }
        #expect(byToken.description == "Miniflux API at http://\(host) with an API token")
        #expect(right.description == "Miniflux API at http://\(host) as \(MinifluxStandIn.user)")
    }

    @Test func notMinifluxHTTPErrorsTooLargeAndDownAreOneLineEach() throws {
        let server = try MinifluxStandIn()
        let host = "127.0.0.1:\(server.port)"

        // The feed server is no Miniflux: its 404 page is not JSON.
        let feeds = MinifluxSource(endpoint: URL(string: "http://127.0.0.1:\(server.feeds.port)")!, credentials: .token("t"),
                                   options: FetchOptions(connectTimeout: 5, timeout: 20))
        #expect(throws: SyncFailure.httpStatus(host: "127.0.0.1:\(server.feeds.port)", code: 404)) { try feeds.subscriptions() }
        // An address that answers 200 with something else.
        try server.write(["v1/feeds": "<html>a login page</html>"])
        let page = MinifluxSource(endpoint: URL(string: "http://127.0.0.1:\(server.feeds.port)/")!, credentials: .token("t"))
        let notMiniflux = try #require(throws: SyncFailure.self) { try page.subscriptions() }
        #expect(notMiniflux.description == "not a Miniflux API at 127.0.0.1:\(server.feeds.port): the answer is not JSON")

        let small = source(server, maxAnswerBytes: 200)
        #expect(throws: SyncFailure.tooLarge(host: host, limit: 200)) { try small.articles(newerThan: 0) }

        let reader = source(server)
        #expect(try reader.subscriptions().count == 2)
        server.stop()
        let down = try #require(throws: SyncFailure.self) { try reader.articleStates() }
        guard case .unreachable = down else {
            Issue.record("expected unreachable, got \(down)")
            return
        }
        #expect(down.description.hasPrefix("cannot reach the feed server \(host): connection "))
        try server.restart()
        #expect(try reader.articleStates().unreadIDs.count == 5)
    }

    @Test func miniflux_sErrorMessageIsOneSafeLine() throws {
        // What a hostile or broken server could say: line breaks, escapes, the password echoed, 10 KB.
        let credentials = MinifluxCredentials.password(login: "me", password: "pa55word")
        let body = ["error_message": "bad\nthing \u{1B}[31mred pa55word " + String(repeating: "x", count: 10_000)]
        let server = try LoopbackServer(routes: ["/v1/feeds": ["status": 400, "headers": ["Content-Type": "application/json"],
                                                               "body": String(decoding: try JSONSerialization.data(withJSONObject: body),
                                                                              as: UTF8.self)]])
        defer { server.stop() }
        let source = MinifluxSource(endpoint: URL(string: "http://127.0.0.1:\(server.port)")!, credentials: credentials)
        let failure = try #require(throws: SyncFailure.self) { try source.subscriptions() }
        guard case .refused(_, 400, let why) = failure else {
            Issue.record("expected a refusal, got \(failure)")
            return
        }
        #expect(why.hasPrefix("bad thing  [31mred *** xxx") && why.count == RESTConnection.maxReasonLength)
        #expect(!failure.description.contains("\n") && !failure.description.contains("\u{1B}") && !failure.description.contains("pa55word"))
        #expect(failure.description.hasPrefix("the feed server 127.0.0.1:\(server.port) answered HTTP 400 Bad Request: bad thing"))
    }
}
