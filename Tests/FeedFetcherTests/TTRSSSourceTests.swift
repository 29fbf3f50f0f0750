@testable import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

/// `TTRSSSource` against a real Tiny Tiny RSS (Debian 12's package, API level 15) on loopback (see
/// `TTRSSTestServer`), subscribed to feeds that a file server of the test process serves on port 80.
@Suite(.serialized, .enabled(if: TTRSSTestServer.isAvailable, Comment(rawValue: TTRSSTestServer.unavailableReason ?? "")))
struct TTRSSSourceTests {
    private func source(_ server: TTRSSTestServer, password: String = TTRSSTestServer.password, syncsPublished: Bool = false,
                        maxAnswerBytes: Int = TTRSSSource.maxAnswerBytes) -> TTRSSSource {
        TTRSSSource(url: server.url, login: TTRSSTestServer.user, password: password,
                    options: FetchOptions(connectTimeout: 5, timeout: 20), syncsPublished: syncsPublished, maxAnswerBytes: maxAnswerBytes)
    }

    private func article(_ articles: [SyncedArticle], _ title: String) throws -> SyncedArticle {
        try #require(articles.first { $0.title == title }, "no article \(title)")
    }

    /// The API calls (`POST /api/`) the server has served so far.
    private func calls(_ server: TTRSSTestServer) -> Int {
        server.requestLog().filter { $0.contains("POST /api/") }.count
    }

    @Test func firstFetchListsFeedsWithTheirCategoriesAsTagsAndEveryArticleSanitised() throws {
        let server = try TTRSSSample.server()
        let reader = source(server)

        let feeds = try reader.subscriptions().sorted { $0.title < $1.title }
        #expect(feeds.map(\.title) == ["Alpha", "Beta"])
        #expect(feeds.map(\.tags) == [["Tech"], ["News"]])
        #expect(feeds[0].url == server.feedURL("alpha.xml"))
        #expect(feeds[0].lastUpdated != nil)

        let articles = try reader.articles(newerThan: 0)
        #expect(articles.count == 5)
        #expect(articles.map(\.id) == articles.map(\.id).sorted())
        let one = try article(articles, "Alpha one")
        #expect(one.feedID == feeds[0].id)
        #expect(one.url == "http://example.org/alpha/1")
        #expect(one.published == FeverFeedFile.date(day: 1))
        #expect(!one.isRead && !one.isStarred)
        #expect(one.html.contains("Hello"))
        #expect(!one.html.contains("onclick") && !one.html.contains("steal"))
        #expect(try article(articles, "Beta three").feedID == feeds[1].id)

        let states = try reader.articleStates()
        #expect(states.unreadIDs == Set(articles.map(\.id)))
        #expect(states.starredIDs.isEmpty)
        // Nothing newer than the newest: one short page.
        let before = calls(server)
        #expect(try reader.articles(newerThan: try #require(articles.last).id).isEmpty)
        #expect(calls(server) - before == 1)
        // By id, for the articles a cache lacks.
        let some = try reader.articles(withIDs: [articles[0].id, articles[3].id, 999_999])
        #expect(some.map(\.id) == [articles[0].id, articles[3].id])
        #expect(some[0].html == articles[0].html && some[0].title == articles[0].title)
    }

    @Test func pagesOf200ReachEveryArticle() throws {
        // 450 articles in one feed: three pages of getHeadlines.
        let items = (1...450).map { number in
            FeverFeedFile.Item(guid: "many-\(number)", title: "Many \(number)", link: "http://example.org/many/\(number)",
                               day: 1 + number % 28, html: "<p>\(number)</p>")
        }
        let server = try TTRSSTestServer(files: ["many.xml": FeverFeedFile.rss(title: "Many", site: "http://example.org/many/", items: items)],
                                         subscriptions: [("many.xml", "")])
        let reader = source(server)
        let articles = try reader.articles(newerThan: 0)
        // (Required: the lines below index the list.)
        try #require(articles.count == 450)
        #expect(Set(articles.map(\.title)).count == 450)
        #expect(try reader.articleStates().unreadIDs.count == 450)
        #expect(try reader.articles(newerThan: articles[99].id).count == 350)
    }

    @Test func readUnreadAndStarsGoBothWaysInBatches() throws {
        let server = try TTRSSSample.server()
        let reader = source(server)
        let articles = try reader.articles(newerThan: 0)
        let ids = articles.map(\.id)
        let alphaOne = try article(articles, "Alpha one").id, alphaTwo = try article(articles, "Alpha two").id

        let before = calls(server)
        try reader.send(ids.map { .read($0) } + [.unread(alphaOne), .starred(alphaTwo), .starred(alphaOne)])
        // Consecutive marks of one kind travel together: three updateArticle calls.
        #expect(calls(server) - before == 3)
        var states = try reader.articleStates()
        #expect(states.unreadIDs == [alphaOne])
        #expect(states.starredIDs == [alphaOne, alphaTwo])
        let fetched = try reader.articles(withIDs: [alphaOne, alphaTwo])
        #expect(try article(fetched, "Alpha two").isRead && article(fetched, "Alpha two").isStarred)
        #expect(try !article(fetched, "Alpha one").isRead)

        // Sending the same batch twice leaves the same state (a retry after a failure).
        try reader.send([.unstarred(alphaOne), .unread(alphaTwo), .read(alphaOne)])
        try reader.send([.unstarred(alphaOne), .unread(alphaTwo), .read(alphaOne)])
        states = try reader.articleStates()
        #expect(states.unreadIDs == [alphaTwo])
        #expect(states.starredIDs == [alphaTwo])
    }

    /// `ttrss-flag-publish`: the published articles are read (TT-RSS's feed -2) only when asked
    /// for, and publish marks travel as `updateArticle` field 1, a run of one kind per call. The
    /// server's own table is the witness, not this client.
    @Test func thePublishedStateIsReadWhenAskedAndPublishMarksGoInBatches() throws {
        let server = try TTRSSSample.server()
        let reader = source(server, syncsPublished: true)
        let articles = try reader.articles(newerThan: 0)
        let alphaOne = try article(articles, "Alpha one").id, alphaTwo = try article(articles, "Alpha two").id
        let betaOne = try article(articles, "Beta one").id

        // Published on the server (its own pages): reported, and only with `syncsPublished`.
        try server.setPublished([alphaOne, betaOne], true)
        var before = calls(server)
        #expect(try reader.articleStates().publishedIDs == [alphaOne, betaOne])
        #expect(calls(server) - before == 3)  // unread, starred, published
        before = calls(server)
        #expect(try source(server).articleStates().publishedIDs == nil)
        #expect(calls(server) - before == 3)  // login, unread, starred

        // Publish marks: two runs, two calls; the last mark of an article wins.
        before = calls(server)
        try reader.send([.published(alphaTwo), .published(alphaOne), .unpublished(betaOne), .unpublished(alphaOne)])
        #expect(calls(server) - before == 2)
        #expect(try server.publishedArticleIDs() == [alphaTwo])
        #expect(try reader.articleStates().publishedIDs == [alphaTwo])
        // Sending again (a retry after a failure) leaves the same state; star and read untouched.
        try reader.send([.published(alphaTwo), .unpublished(betaOne)])
        #expect(try server.publishedArticleIDs() == [alphaTwo])
        let states = try reader.articleStates()
        #expect(states.starredIDs.isEmpty && states.unreadIDs == Set(articles.map(\.id)))
    }

    @Test func aFeedMarkedReadKeepsTheArticlesThatArriveLaterUnread() throws {
        let server = try TTRSSSample.server()
        let reader = source(server)
        let beta = try #require(try reader.subscriptions().first { $0.title == "Beta" })
        let articles = try reader.articles(newerThan: 0)
        try reader.send([.feedRead(beta.id, before: Date())])
        try server.write(["beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-4", title: "Beta four", link: "http://example.org/beta/4", day: 4, html: "<p>B4</p>"),
        ])])
        try server.refresh()

        let newer = try reader.articles(newerThan: try #require(articles.last).id)
        #expect(newer.map(\.title) == ["Beta four"])
        let alpha = articles.filter { $0.feedID != beta.id }.map(\.id)
        #expect(try reader.articleStates().unreadIDs == Set(alpha + newer.map(\.id)))
        // Articles dated after the time given stay unread too.
        try reader.send([.feedRead(beta.id, before: FeverFeedFile.date(day: 3))])
        #expect(try reader.articleStates().unreadIDs == Set(alpha + newer.map(\.id)))
    }

    @Test func feedsAreAddedAndDeletedOnTheServerAndWhatTheAPICannotDoIsRefusedInOneLine() throws {
        let server = try TTRSSSample.server()
        let reader = source(server)
        let host = "127.0.0.1:\(server.port)"
        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
        ])])

        let gamma = try reader.subscribe(url: server.feedURL("gamma.xml"), title: nil, tags: ["Tech"])
        try server.refresh()
        let listed = try #require(try reader.subscriptions().first { $0.id == gamma })
        #expect(listed.title == "Gamma" && listed.tags == ["Tech"])
        #expect(try reader.articles(newerThan: 0).contains { $0.title == "Gamma one" && $0.feedID == gamma })
        // Subscribing again gives the same feed.
        #expect(try reader.subscribe(url: server.feedURL("gamma.xml"), title: nil, tags: []) == gamma)

        let cannot = "Tiny Tiny RSS's API cannot"
        let pages = "do it on the server's own pages"
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "\(cannot) rename feeds: \(pages)")) {
            try reader.rename(feed: gamma, to: "Mine")
        }
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "\(cannot) move feeds between categories: \(pages)")) {
            try reader.setTags(["News"], feed: gamma)
        }
        // Refused before anything is subscribed.
        let delta = server.feedURL("delta.xml")
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "\(cannot) create the category Reading: \(pages)")) {
            try reader.subscribe(url: delta, title: nil, tags: ["Reading"])
        }
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "\(cannot) give a feed a title of its own: \(pages)")) {
            try reader.subscribe(url: delta, title: "Delta", tags: [])
        }
        #expect(try !reader.subscriptions().contains { $0.url == delta })

        try reader.unsubscribe(feed: gamma)
        #expect(try reader.subscriptions().map(\.title).sorted() == ["Alpha", "Beta"])
        #expect(try !reader.articles(newerThan: 0).contains { $0.feedID == gamma })
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "it has no feed \(gamma)")) { try reader.unsubscribe(feed: gamma) }
        #expect(throws: SyncFailure.feedChangeRefused(host: host, why: "it could not download that address")) {
            try reader.subscribe(url: server.feedURL("missing.xml"), title: nil, tags: [])
        }
    }

    @Test func anExpiredSessionIsRenewedOnceByLoggingInAgain() throws {
        let server = try TTRSSSample.server()
        let reader = source(server)
        #expect(try reader.subscriptions().count == 2)
        // The server forgets every session (they expire, or its administrator logs everyone out).
        try server.sql("DELETE FROM ttrss_sessions")
        let before = calls(server)
        #expect(try reader.articleStates().unreadIDs.count == 5)
        // NOT_LOGGED_IN, login, then the two calls again.
        #expect(calls(server) - before == 4)
        try reader.logout()
        #expect(try reader.subscriptions().count == 2)

        // A session that cannot be renewed (the password changed meanwhile) is a wrong login.
        try server.sql("UPDATE ttrss_users SET pwd_hash = 'SHA1:0000000000000000000000000000000000000000'")
        try server.sql("DELETE FROM ttrss_sessions")
        #expect(throws: SyncFailure.wrongCredentials(host: "127.0.0.1:\(server.port)")) { try reader.subscriptions() }
    }

    @Test func aWrongPasswordIsReportedAsSuchAndNoSecretIsEverInAURLOrADescription() throws {
        let server = try TTRSSSample.server()
        let host = "127.0.0.1:\(server.port)"
        let wrongPassword = "not the password at all"
        let wrong = source(server, password: wrongPassword)
        let failure = try #require(throws: SyncFailure.self) { try wrong.subscriptions() }
        #expect(failure == .wrongCredentials(host: host))
        #expect(failure.description == "the feed server \(host) refused the login: wrong e-mail or password")

        let right = source(server)
        try right.send([.read(try #require(try right.articles(newerThan: 0).first).id)])
        var dumped = ""
        dump(right, to: &dumped)
        dump(wrong, to: &dumped)
        let sessions = try server.sessionIDs()
        #expect(!sessions.isEmpty)
        for text in [failure.description, String(reflecting: failure), right.description, String(reflecting: right), dumped]
            + server.requestLog() {
            #expect(!text.contains(wrongPassword) && !text.contains(TTRSSTestServer.password), "leaks a password: \(text)")
            for session in sessions { #expect(!text.contains(session), "leaks a session id: \(text)") }
        }
        #expect(TTRSSSession(id: "laf7aivua6j7hansn1tki1os9e").description == "TTRSSSession(redacted)")
        #expect(!String(reflecting: TTRSSSession(id: "laf7aivua6j7hansn1tki1os9e")).contains("laf7"))

        // The API turned off for the user: said in one line.
        try server.sql("UPDATE ttrss_user_prefs SET value = 'false' WHERE pref_name = 'ENABLE_API_ACCESS'")
        let off = try #require(throws: SyncFailure.self) { try source(server).subscriptions() }
        #expect(off.description == "not a Tiny Tiny RSS API at \(host): the API is off for this user: "
            + "turn on \"Enable API\" in the server's preferences")
    }

    @Test func downUnreachableNotAnAPIHTTPErrorsAndTooLargeAreOneLineEach() throws {
        let server = try TTRSSSample.server()
        let host = "127.0.0.1:\(server.port)"
        let options = FetchOptions(connectTimeout: 5, timeout: 20)

        // The address given may name the API itself.
        let direct = TTRSSSource(url: URL(string: "http://\(host)/api")!, login: TTRSSTestServer.user,
                                 password: TTRSSTestServer.password, options: options)
        #expect(try direct.subscriptions().count == 2)

        // A PHP page that is not the API (TT-RSS's own public.php) answers something else.
        let elsewhere = TTRSSSource(url: URL(string: "http://\(host)/public.php")!, login: TTRSSTestServer.user,
                                    password: TTRSSTestServer.password, options: options)
        let notAPI = try #require(throws: SyncFailure.self) { try elsewhere.subscriptions() }
        #expect(notAPI.description.hasPrefix("not a Tiny Tiny RSS API at \(host): ") || notAPI == .httpStatus(host: host, code: 404))
        #expect(!notAPI.description.contains("\n"))

        let small = source(server, maxAnswerBytes: 100)
        #expect(throws: SyncFailure.tooLarge(host: host, limit: 100)) { try small.articles(newerThan: 0) }

        let reader = source(server)
        #expect(try reader.subscriptions().count == 2)
        server.stop()
        let down = try #require(throws: SyncFailure.self) { try reader.articleStates() }
        guard case .unreachable = down else {
            Issue.record("expected unreachable, got \(down)")
            return
        }
        #expect(down.description.hasPrefix("cannot reach the feed server \(host): connection "))
    }
}
