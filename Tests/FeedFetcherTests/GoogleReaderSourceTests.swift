@testable import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

/// `GoogleReaderSource` against the Google Reader API stand-in on loopback (`GoogleReaderStandIn`,
/// which answers as FreshRSS does), subscribed to feeds that the tests' own loopback feed server
/// serves.
@Suite(.serialized)
struct GoogleReaderSourceTests {
    private func makeServer() throws -> GoogleReaderStandIn {
        try GoogleReaderStandIn()
    }

    private func source(_ server: GoogleReaderStandIn, password: String = GoogleReaderStandIn.apiPassword,
                        minItems: Int? = nil, maxAnswerBytes: Int = GoogleReaderSource.maxAnswerBytes) -> GoogleReaderSource {
        GoogleReaderSource(endpoint: server.greaderEndpoint, login: GoogleReaderStandIn.user, password: password,
                           minItems: minItems, options: FetchOptions(connectTimeout: 5, timeout: 20), maxAnswerBytes: maxAnswerBytes)
    }

    private func article(_ articles: [SyncedArticle], _ title: String) throws -> SyncedArticle {
        try #require(articles.first { $0.title == title }, "no article \(title)")
    }

    @Test func firstFetchListsFeedsWithTheirLabelsAsTagsAndEveryArticleSanitised() throws {
        let server = try makeServer()
        let reader = source(server)

        let feeds = try reader.subscriptions().sorted { $0.title < $1.title }
        #expect(feeds.map(\.title) == ["Alpha", "Beta"])
        #expect(feeds.map(\.tags) == [["Tech"], ["News"]])
        #expect(feeds[0].url == "http://127.0.0.1:\(server.feeds.port)/alpha.xml")
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
        // Nothing newer than the newest: one short page of ids, no contents asked for.
        let requestsBefore = server.requestLog().count
        #expect(try reader.articles(newerThan: try #require(articles.last).id).isEmpty)
        let asked = server.requestLog().dropFirst(requestsBefore)
        #expect(asked.count == 1 && asked.allSatisfy { $0.contains("/stream/items/ids?") })

        // min-items: only each feed's newest articles on a first fetch.
        let newest = try source(server, minItems: 1).articles(newerThan: 0)
        #expect(Set(newest.map(\.title)) == ["Alpha two", "Beta three"])
    }

    @Test func readUnreadAndStarsGoBothWaysInBatches() throws {
        let server = try makeServer()
        let reader = source(server)
        let articles = try reader.articles(newerThan: 0)
        let ids = articles.map(\.id)
        let alphaOne = try article(articles, "Alpha one").id, alphaTwo = try article(articles, "Alpha two").id

        let before = server.requestLog().count
        try reader.send(ids.map { .read($0) } + [.unread(alphaOne), .starred(alphaTwo), .starred(alphaOne)])
        // Consecutive marks of one kind travel together: the token, then three edit-tags.
        let sent = server.requestLog().dropFirst(before).filter { $0.contains("/edit-tag") }
        #expect(sent.count == 3)
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

    @Test func aFeedMarkedReadKeepsTheArticlesThatArriveLaterUnread() throws {
        let server = try makeServer()
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
    }

    @Test func feedsAreAddedRenamedTaggedAndDeletedOnTheServer() throws {
        let server = try makeServer()
        let reader = source(server)
        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
        ])])

        let gamma = try reader.subscribe(url: "http://127.0.0.1:\(server.feeds.port)/gamma.xml", title: "My Gamma", tags: ["Tech"])
        var listed = try #require(try reader.subscriptions().first { $0.id == gamma })
        #expect(listed.title == "My Gamma" && listed.tags == ["Tech"])
        // quickadd fetched it at once.
        #expect(try reader.articles(newerThan: 0).contains { $0.title == "Gamma one" && $0.feedID == gamma })

        // FreshRSS (and the stand-in) show `,;/?\` in titles as their full-width forms: none here.
        try reader.rename(feed: gamma, to: "Gamma renamed")
        try reader.setTags(["Reading"], feed: gamma)
        listed = try #require(try reader.subscriptions().first { $0.id == gamma })
        #expect(listed.title == "Gamma renamed" && listed.tags == ["Reading"])

        try reader.unsubscribe(feed: gamma)
        #expect(try reader.subscriptions().map(\.title).sorted() == ["Alpha", "Beta"])

        // What the server refuses comes back as one line.
        let refused = try #require(throws: SyncFailure.self) { try reader.unsubscribe(feed: gamma) }
        #expect(refused == .feedChangeRefused(host: "127.0.0.1:\(server.port)", why: "it has no feed feed/\(gamma)"))
        let nothing = try #require(throws: SyncFailure.self) {
            try reader.subscribe(url: "http://127.0.0.1:\(server.feeds.port)/missing.xml", title: nil, tags: [])
        }
        guard case .feedChangeRefused = nothing else {
            Issue.record("expected a refusal, got \(nothing)")
            return
        }
        #expect(!nothing.description.contains("\n"))
    }

    @Test func aWrongPasswordIsReportedAsSuchAndNoSecretIsEverInAURLOrADescription() throws {
        let server = try makeServer()
        let wrongPassword = "not the password at all"
        let wrong = source(server, password: wrongPassword)
        let failure = try #require(throws: SyncFailure.self) { try wrong.subscriptions() }
        #expect(failure == .wrongCredentials(host: "127.0.0.1:\(server.port)"))
        #expect(failure.description == "the feed server 127.0.0.1:\(server.port) refused the login: wrong e-mail or password")

        let right = source(server)
        try right.send([.read(try #require(try right.articles(newerThan: 0).first).id)])
        var dumped = ""
        dump(right, to: &dumped)
        dump(wrong, to: &dumped)
        // FreshRSS's tokens (and the stand-in's) are `alice/SHA1` (auth) and the SHA1 padded with Z
        // (write token).
        for text in [failure.description, String(reflecting: failure), right.description, String(reflecting: right), dumped]
            + server.requestLog() {
            #expect(!text.contains(wrongPassword) && !text.contains(GoogleReaderStandIn.apiPassword), "leaks a password: \(text)")
            #expect(!text.contains("\(GoogleReaderStandIn.user)/") && !text.contains("ZZZZ"), "leaks a token: \(text)")
        }
        #expect(GoogleReaderLogin(auth: "alice/0123456789abcdef", writeToken: "0123456789abcdefZZZ").description
            == "GoogleReaderLogin(redacted)")
        #expect(!String(reflecting: InoreaderApp(id: "1000", key: "s3cret-app-key")).contains("s3cret"))
    }

    @Test func downUnreachableNotAnEndpointHTTPErrorsAndTooLargeAreOneLineEach() throws {
        let server = try makeServer()
        let host = "127.0.0.1:\(server.port)"
        let options = FetchOptions(connectTimeout: 5, timeout: 20)

        // FreshRSS's Fever endpoint on the same server is not a Google Reader API.
        let fever = GoogleReaderSource(endpoint: server.feverEndpoint, login: GoogleReaderStandIn.user,
                                       password: GoogleReaderStandIn.apiPassword, options: options)
        let notGReader = try #require(throws: SyncFailure.self) { try fever.subscriptions() }
        #expect(notGReader == .notSyncEndpoint(api: "Google Reader API", host: host, why: "ClientLogin answered without an Auth= line"))
        #expect(notGReader.description == "not a Google Reader API at \(host): ClientLogin answered without an Auth= line")

        let elsewhere = GoogleReaderSource(endpoint: URL(string: "http://\(host)/api/nothing.php")!, login: GoogleReaderStandIn.user,
                                           password: GoogleReaderStandIn.apiPassword, options: options)
        #expect(throws: SyncFailure.httpStatus(host: host, code: 404)) { try elsewhere.subscriptions() }

        let small = source(server, maxAnswerBytes: 200)
        #expect(throws: SyncFailure.tooLarge(host: host, limit: 200)) { try small.subscriptions() }

        let reader = source(server)
        #expect(try reader.subscriptions().count == 2)
        server.stop()
        let down = try #require(throws: SyncFailure.self) { try reader.articleStates() }
        guard case .unreachable = down else {
            Issue.record("expected unreachable, got \(down)")
            return
        }
        #expect(down.description.hasPrefix("cannot reach the feed server \(host): connection "))
        // The same source works again once the server is back, with the login it had.
        try server.restart()
        #expect(try reader.articleStates().unreadIDs.count == 5)
    }

    @Test func syncRequestsGoThroughTheProxyOfFeedDownloads() throws {
        let server = try makeServer()
        // A host no resolver knows: only a proxy can reach it.
        let endpoint = URL(string: "http://greader.invalid:\(server.port)/api/greader.php")!
        func reader(_ proxy: ProxySettings?) -> GoogleReaderSource {
            var options = FetchOptions(connectTimeout: 5, timeout: 20)
            options.proxy = proxy
            return GoogleReaderSource(endpoint: endpoint, login: GoogleReaderStandIn.user, password: GoogleReaderStandIn.apiPassword,
                                      options: options)
        }
        let direct = try #require(throws: SyncFailure.self) { try reader(nil).subscriptions() }
        guard case .unreachable = direct else {
            Issue.record("expected unreachable without the proxy, got \(direct)")
            return
        }

        // An HTTP proxy: the stand-in itself, which answers absolute URIs as a proxy would.
        #expect(try reader(ProxySettings(address: "127.0.0.1:\(server.port)", kind: .http)).subscriptions().count == 2)
        let proxied = server.requestLog().filter { $0.contains("/reader/api/0/subscription/list") }
        #expect(!proxied.isEmpty && proxied.allSatisfy { $0.contains(" http://greader.invalid:\(server.port)/api/greader.php/") })

        // SOCKS5 with its own credentials, the proxy resolving the name.
        let socks = try SOCKSProxy(credentials: "me:s3cret")
        defer { socks.stop() }
        let viaSOCKS = reader(ProxySettings(address: "127.0.0.1:\(socks.port)", kind: .socks5h, credentials: "me:s3cret"))
        #expect(try viaSOCKS.articles(newerThan: 0).count == 5)
        #expect(try socks.connections().first == "greader.invalid \(server.port) me")
    }

    @Test(arguments: [GoogleReaderStandIn.Flavour.freshRSS, .oldReader])
    func anIndependentClientReadsTheStandInAsTheSourceDoes(_ flavour: GoogleReaderStandIn.Flavour) throws {
        try #require(GoogleReaderStandIn.hasIndependentClient, "libgreader is not in the sync venv (make sync-test-deps)")
        let server = try GoogleReaderStandIn(flavour: flavour)
        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 5, html: "<p>G1</p>"),
        ])])
        // Read by the source first: the client check then changes the stand-in.
        let reader = GoogleReaderSource(endpoint: server.greaderEndpoint, login: GoogleReaderStandIn.user,
                                        password: GoogleReaderStandIn.apiPassword, namesItems: flavour == .oldReader)
        let feeds = try reader.subscriptions()
        let articles = try reader.articles(newerThan: 0)
        let check = try server.runClientCheck(newFeed: "gamma.xml")
        #expect(check.status == 0, "libgreader disagrees with the stand-in: \(check.errors)")

        let clientFeeds = try #require(check.summary["feeds"] as? [[String: Any]])
        #expect(Set(clientFeeds.compactMap { $0["title"] as? String }) == Set(feeds.map(\.title)))
        for feed in feeds {
            let seen = clientFeeds.first { $0["title"] as? String == feed.title }
            #expect(seen?["categories"] as? [String] == feed.tags)
            #expect(seen?["site"] as? String == feed.siteURL)
        }
        let clientItems = try #require(check.summary["items"] as? [[String: Any]])
        let ids = GoogleReaderItemIDs()
        var byID: [Int64: [String: Any]] = [:]
        for item in clientItems {
            if let id = ids.id(item["id"] as? String) { byID[id] = item }
        }
        #expect(Set(byID.keys) == Set(articles.map(\.id)))
        for article in articles {
            #expect(byID[article.id]?["title"] as? String == article.title)
            #expect(byID[article.id]?["url"] as? String == article.url)
            #expect(byID[article.id]?["read"] as? Bool == article.isRead)
        }
        if flavour == .oldReader {
            // The Old Reader's ids are ObjectIds, not numbers.
            #expect(clientItems.allSatisfy { ($0["id"] as? String)?.count == "tag:google.com,2005:reader/item/".count + 24 })
        }
    }
}
