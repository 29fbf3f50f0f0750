@testable import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

/// `FeedbinSource` against a **stand-in** Feedbin on loopback (`FeedbinStandIn`,
/// Tests/Support/feedbin_standin.py: Feedbin cannot run here, and PyPI has no Feedbin client to
/// check the stand-in with). What a sync does with it is in `ServiceSyncTests`; here, the requests.
@Suite(.serialized)
struct FeedbinSourceTests {
    private func source(_ server: FeedbinStandIn, password: String = FeedbinStandIn.password,
                        maxAnswerBytes: Int = FeedbinSource.maxAnswerBytes) -> FeedbinSource {
        FeedbinSource(endpoint: server.endpoint, credentials: BasicCredentials(login: FeedbinStandIn.email, password: password),
                      options: FetchOptions(connectTimeout: 5, timeout: 20), maxAnswerBytes: maxAnswerBytes)
    }

    private func calls(_ server: FeedbinStandIn, since start: Int) -> [String] {
        server.requestLog().dropFirst(start).map { $0.replacingOccurrences(of: "/v2/", with: "") }
    }

    @Test func marksTravelInOneRequestPerRunAndWhatTheServerDidNotChangeIsSkipped() throws {
        let server = try FeedbinStandIn()
        let reader = source(server)
        let articles = try reader.articles(newerThan: 0)
        #expect(articles.count == 5 && articles.map(\.id) == articles.map(\.id).sorted())
        let ids = articles.map(\.id)

        let before = server.requestLog().count
        let skipped = try reader.send(ids.map { .read($0) } + [.unread(ids[0]), .starred(ids[1]), .starred(ids[0]), .read(987_654)])
        #expect(calls(server, since: before) == ["DELETE unread_entries.json", "POST unread_entries.json", "POST starred_entries.json",
                                                 "DELETE unread_entries.json"])
        #expect(skipped == [.read(987_654)])
        let states = try reader.articleStates()
        #expect(states.unreadIDs == [ids[0]] && states.starredIDs == [ids[0], ids[1]])
        #expect(try reader.articles(withIDs: [ids[1], 987_654]).map(\.title) == [articles[1].title])
    }

    @Test func aFeedMarkedReadKeepsWhatArrivedLaterUnreadAndSubscribingSaysWhyNot() throws {
        let server = try FeedbinStandIn()
        let reader = source(server)
        let beta = try #require(try reader.subscriptions().first { $0.title == "Beta" })
        let seen = Date()
        try server.write(["beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-4", title: "Beta four", link: "http://example.org/beta/4", day: 4, html: "<p>B4</p>"),
        ])])
        try server.refresh()
        try reader.send([.feedRead(beta.id, before: seen)])
        let articles = try reader.articles(newerThan: 0)
        let unread = try reader.articleStates().unreadIDs
        #expect(Set(articles.filter { unread.contains($0.id) }.map(\.title)) == ["Alpha one", "Alpha two", "Beta four"])

        // 302 (subscribed already) and 404 (no feed there) are refusals in one line.
        let again = try #require(throws: SyncFailure.self) { try reader.subscribe(url: server.server.feedURL("alpha.xml"), title: nil, tags: []) }
        #expect(again == .feedChangeRefused(host: "127.0.0.1:\(server.port)", why: "it is subscribed to that feed already"))
        let none = try #require(throws: SyncFailure.self) { try reader.subscribe(url: server.server.feedURL("none.xml"), title: nil, tags: []) }
        #expect(none == .feedChangeRefused(host: "127.0.0.1:\(server.port)", why: "it found no feed at that address"))
        // Several tags stay several.
        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [])])
        let gamma = try reader.subscribe(url: server.server.feedURL("gamma.xml"), title: "G", tags: ["A", "B"])
        #expect(try reader.subscriptions().first { $0.id == gamma }.map { [$0.title] + $0.tags } == ["G", "A", "B"])
    }

    @Test func notTheAPITooLargeAndTheSecretsAreOneLineAndNeverShown() throws {
        let server = try FeedbinStandIn()
        let host = "127.0.0.1:\(server.port)"
        let elsewhere = FeedbinSource(endpoint: URL(string: "http://127.0.0.1:\(server.feeds.port)")!,
                                      credentials: BasicCredentials(login: "dave", password: "x"))
        #expect(throws: SyncFailure.httpStatus(host: "127.0.0.1:\(server.feeds.port)", code: 404)) { try elsewhere.subscriptions() }
        #expect(throws: SyncFailure.tooLarge(host: host, limit: 100)) { try source(server, maxAnswerBytes: 100).subscriptions() }
        let failure = try #require(throws: SyncFailure.self) { try source(server, password: "wrong-password-123").subscriptions() }
        #expect(failure == .wrongCredentials(host: host))
        var dumped = ""
        dump(source(server), to: &dumped)
        let basic = Data("\(FeedbinStandIn.email):\(FeedbinStandIn.password)".utf8).base64EncodedString()
        for text in [failure.description, source(server).description, dumped] + server.requestLog() {
            #expect(!text.contains(FeedbinStandIn.password) && !text.contains(basic), "leaks the password: \(text)")
        }
        #expect(FeedbinSource.dateText(Date(timeIntervalSince1970: 1_359_900_019.127893)) == "2013-02-03T14:00:19.127893Z")
    }
}
