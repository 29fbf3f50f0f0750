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

/// `freshrss-flag-star "a"` against the Google Reader API stand-in on loopback, as newsboat honours it: an
/// article starred on the server carries flag `a` here (and the star), and setting or clearing
/// `a` with `edit-flags` stars or unstars it on the server.
@MainActor
@Suite(.serialized)
struct FlagStarSyncTests {
    private func see(_ reader: HeadlessReader, _ text: String) async throws {
        let shown = await reader.waitFor(text)
        #expect(shown, "\(text) not in:\n\(reader.text)")
        if !shown { throw CancellationError() }
    }

    @Test func theServersStarIsTheConfiguredFlagBothWays() async throws {
        let server = try await GoogleReaderStandIn.startedOffMain()
        let home = try HeadlessHome()
        let otherDevice = GoogleReaderSource(endpoint: server.greaderEndpoint, login: GoogleReaderStandIn.user,
                                             password: GoogleReaderStandIn.apiPassword)
        let alphaTwo = try #require(try otherDevice.articles(newerThan: 0).first { $0.title == "Alpha two" })
        try otherDevice.send([.starred(alphaTwo.id)])
        let lines = """
            urls-source "freshrss"
            freshrss-url "\(server.greaderEndpoint.absoluteString)"
            freshrss-login "\(GoogleReaderStandIn.user)"
            freshrss-password "\(GoogleReaderStandIn.apiPassword)"
            freshrss-flag-star "a"
            articlelist-format "[%-2F] %f %t"
            """
        let config = Config(parsing: lines)
        #expect(config.warnings.isEmpty)
        #expect(config.starFlag == "a")
        let account = try #require(try config.syncAccount())
        // The server keeps the list of feeds: the urls file lists none.
        try home.subscribe([])
        let reader = try home.startReader(config: lines) { $0.syncAccount = .success(account) }
        try await see(reader, "Synced: 5 new articles")
        #expect(await reader.settle())

        // Starred on the server: flag `a` and the star column (`%f`), in Starred and in its feed.
        reader.press(.enter)
        try await see(reader, "[a ] N*  Alpha two")
        reader.press(.character("q"), .character("G"), .enter)  // Alpha: after Starred and Beta
        try await see(reader, "[a ] N*  Alpha two")
        #expect(reader.text.contains("[  ] N   Alpha one"))

        // Clearing `a` unstars on the server; setting it on another article stars that one.
        reader.press(.control("e"))
        try await see(reader, "Flags: a")
        reader.press(.backspace, .enter)
        try await see(reader, "[  ] N   Alpha two")
        #expect(await reader.waitUntil { (try? otherDevice.articleStates().starredIDs) == [] })
        reader.press(.character("j"), .control("e"))
        try await see(reader, "Flags:")
        reader.type("ab")
        reader.press(.enter)
        try await see(reader, "[ab] N*  Alpha one")
        let alphaOne = try #require(try otherDevice.articles(newerThan: 0).first { $0.title == "Alpha one" })
        #expect(await reader.waitUntil { (try? otherDevice.articleStates().starredIDs) == [alphaOne.id] })
        #expect(await reader.settle())
        await server.stopOffMain()
    }
}
