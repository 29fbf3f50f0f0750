@testable import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `ttrss-flag-publish "p"` in the reader, against a real Tiny Tiny RSS on loopback, as newsboat
/// honours it: an article published on the server carries flag `p` here, and setting or clearing
/// `p` with `edit-flags` (Ctrl-E) publishes or unpublishes it on the server (whose own table is
/// the witness).
@MainActor
@Suite(.serialized, .enabled(if: TTRSSTestServer.isAvailable, Comment(rawValue: TTRSSTestServer.unavailableReason ?? "")))
struct FlagPublishSyncTests {
    private func see(_ reader: HeadlessReader, _ text: String) async throws {
        let shown = await reader.waitFor(text)
        #expect(shown, "\(text) not in:\n\(reader.text)")
        if !shown { throw CancellationError() }
    }

    @Test func theServersPublishedStateIsTheConfiguredFlagBothWays() async throws {
        let server = try TTRSSSample.server()
        let home = try HeadlessHome()
        let otherDevice = TTRSSSource(url: server.url, login: TTRSSTestServer.user, password: TTRSSTestServer.password)
        let articles = try otherDevice.articles(newerThan: 0)
        let alphaOne = try #require(articles.first { $0.title == "Alpha one" }).id
        let alphaTwo = try #require(articles.first { $0.title == "Alpha two" }).id
        try server.setPublished([alphaTwo], true)
        let lines = """
            urls-source "ttrss"
            ttrss-url "\(server.url.absoluteString)"
            ttrss-login "\(TTRSSTestServer.user)"
            ttrss-password "\(TTRSSTestServer.password)"
            ttrss-flag-publish "p"
            articlelist-format "[%-2F] %f %t"
            """
        let config = Config(parsing: lines)
        #expect(config.warnings.isEmpty)
        let account = try #require(try config.syncAccount())
        // The server keeps the list of feeds: the urls file lists none.
        try home.subscribe([])
        let reader = try home.startReader(config: lines) { $0.syncAccount = .success(account) }
        try await see(reader, "Synced: 5 new articles")
        #expect(await reader.settle())

        // Published on the server: flag `p`, and no star (`%f`).
        reader.press(.enter)  // Alpha, the first feed
        try await see(reader, "[p ] N   Alpha two")
        #expect(reader.text.contains("[  ] N   Alpha one"))

        // Clearing `p` unpublishes on the server; setting it on another article publishes that one.
        reader.press(.control("e"))
        try await see(reader, "Flags: p")
        reader.press(.backspace, .enter)
        try await see(reader, "[  ] N   Alpha two")
        #expect(await reader.waitUntil { (try? server.publishedArticleIDs()) == [] })
        reader.press(.character("j"), .control("e"))
        try await see(reader, "Flags:")
        reader.type("ap")
        reader.press(.enter)
        try await see(reader, "[ap] N   Alpha one")
        #expect(await reader.waitUntil { (try? server.publishedArticleIDs()) == [alphaOne] })
        // Publishing is not starring.
        #expect(try otherDevice.articleStates().starredIDs.isEmpty)
        #expect(await reader.settle())
    }
}
