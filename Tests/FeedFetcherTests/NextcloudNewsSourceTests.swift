@testable import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

/// `NextcloudNewsSource` against a **stand-in** Nextcloud News server on loopback
/// (`NextcloudNewsStandIn`, Tests/Support/ocnews_standin.py: Nextcloud cannot run here), held to
/// the API by an independent client, nextcloud-news-filter. What a sync does with it is in
/// `ServiceSyncTests`; here, the requests themselves.
@Suite(.serialized)
struct NextcloudNewsSourceTests {
    private func source(_ server: NextcloudNewsStandIn, password: String = NextcloudNewsStandIn.password,
                        maxAnswerBytes: Int = NextcloudNewsSource.maxAnswerBytes) -> NextcloudNewsSource {
        NextcloudNewsSource(endpoint: server.endpoint, credentials: BasicCredentials(login: NextcloudNewsStandIn.user, password: password),
                            options: FetchOptions(connectTimeout: 5, timeout: 20), maxAnswerBytes: maxAnswerBytes)
    }

    private func calls(_ server: NextcloudNewsStandIn, since start: Int) -> [String] {
        server.requestLog().dropFirst(start).map { $0.replacingOccurrences(of: "/index.php/apps/news/api/v1-2/", with: "") }
    }

    @Test func marksTravelInOneRequestPerRunAndStarsNameTheItemByFeedAndGuidHash() throws {
        let server = try NextcloudNewsStandIn()
        let reader = source(server)
        let articles = try reader.articles(newerThan: 0)
        #expect(articles.count == 5 && articles.map(\.id) == articles.map(\.id).sorted())
        let ids = articles.map(\.id)

        let before = server.requestLog().count
        try reader.send(ids.map { .read($0) } + [.unread(ids[0]), .starred(ids[1]), .starred(ids[0])])
        #expect(calls(server, since: before) == ["PUT items/read/multiple", "PUT items/unread/multiple", "PUT items/star/multiple"])
        let states = try source(server).articleStates()
        #expect(states.unreadIDs == [ids[0]] && states.starredIDs == [ids[0], ids[1]])

        // A new process knows no guid hash: it reads the one item (a page of one below its id).
        let fresh = source(server)
        let asked = server.requestLog().count
        try fresh.send([.unstarred(ids[1]), .unstarred(987_654)])
        // (The page below 987 655 holds another item: it is not that one, so that mark is skipped.)
        #expect(calls(server, since: asked) == ["GET items?type=3&id=0&getRead=true&batchSize=1&offset=\(ids[1] + 1) -> 1 articles",
                                                "GET items?type=3&id=0&getRead=true&batchSize=1&offset=987655 -> 1 articles",
                                                "PUT items/unstar/multiple"])
        #expect(try source(server).articleStates().starredIDs == [ids[0]])
    }

    @Test func aFeedMarkedReadKeepsWhatArrivedAfterTheFeedsWereReadUnread() throws {
        let server = try NextcloudNewsStandIn()
        let reader = source(server)
        let beta = try #require(try reader.subscriptions().first { $0.title == "Beta" })
        try server.write(["beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-4", title: "Beta four", link: "http://example.org/beta/4", day: 4, html: "<p>B4</p>"),
        ])])
        try server.refresh()
        // The feed list this source read showed the items up to Beta three only.
        try reader.send([.feedRead(beta.id, before: Date())])
        let articles = try source(server).articles(newerThan: 0)
        let unread = try source(server).articleStates().unreadIDs
        #expect(Set(articles.filter { unread.contains($0.id) }.map(\.title)) == ["Alpha one", "Alpha two", "Beta four"])
    }

    @Test(.enabled(if: NextcloudNewsStandIn.hasIndependentClient, "nextcloud-news-filter is not installed (make sync-test-deps)"))
    func anIndependentClientReadsAndMarksTheStandInAsTheSourceSeesIt() throws {
        let server = try NextcloudNewsStandIn()
        let articles = try source(server).articles(newerThan: 0)
        let check = try server.runClientCheck(titlePattern: "^Beta")
        #expect(check.status == 0, "nextcloud-news-filter disagrees with the stand-in: \(check.errors)")
        #expect(check.summary["unread"] as? Int == 5)
        let matched = Set((check.summary["matched"] as? [Int] ?? []).map(Int64.init))
        #expect(matched == Set(articles.filter { $0.title.hasPrefix("Beta") }.map(\.id)))
        // What it marked read (through the API's v1-3) is what this source reads back.
        #expect(try source(server).articleStates().unreadIDs == Set(articles.filter { $0.title.hasPrefix("Alpha") }.map(\.id)))
    }

    @Test func notTheAPITooLargeAndTheSecretsAreOneLineAndNeverShown() throws {
        let server = try NextcloudNewsStandIn()
        let host = "127.0.0.1:\(server.port)"
        // The feed server is no Nextcloud: its 404 page.
        let elsewhere = NextcloudNewsSource(endpoint: URL(string: "http://127.0.0.1:\(server.feeds.port)")!,
                                            credentials: BasicCredentials(login: "carol", password: "x"))
        #expect(throws: SyncFailure.httpStatus(host: "127.0.0.1:\(server.feeds.port)", code: 404)) { try elsewhere.subscriptions() }
        #expect(throws: SyncFailure.tooLarge(host: host, limit: 100)) { try source(server, maxAnswerBytes: 100).subscriptions() }

        let wrong = source(server, password: "wrong-password-123")
        let failure = try #require(throws: SyncFailure.self) { try wrong.subscriptions() }
        #expect(failure == .wrongCredentials(host: host))
        var dumped = ""
        dump(source(server), to: &dumped)
        let basic = Data("\(NextcloudNewsStandIn.user):\(NextcloudNewsStandIn.password)".utf8).base64EncodedString()
        for text in [failure.description, source(server).description, String(reflecting: source(server)), dumped] + server.requestLog() {
            #expect(!text.contains(NextcloudNewsStandIn.password) && !text.contains(basic), "leaks the password: \(text)")
        }
        // The address may be given with the API's own path.
        let full = NextcloudNewsSource(endpoint: URL(string: "http://\(host)/index.php/apps/news/api/v1-2/")!,
                                       credentials: BasicCredentials(login: NextcloudNewsStandIn.user, password: NextcloudNewsStandIn.password))
        #expect(try full.subscriptions().count == 2)
    }
}
