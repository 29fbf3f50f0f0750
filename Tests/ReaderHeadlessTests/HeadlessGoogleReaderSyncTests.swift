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

/// The whole reader headless under `urls-source "freshrss"`, the account made from config lines
/// as a newsboat user writes them, against the Google Reader API stand-in on loopback: the first sync starts by
/// itself, a read and a star made here reach the server, `a` subscribes on the server and the
/// feed's articles arrive, `e` and `D` rename and unsubscribe there, and the reader opens from the
/// cache with the server down.
@MainActor
@Suite(.serialized)
struct HeadlessGoogleReaderSyncTests {
    @Test func marksReachTheServerAndAFeedAddedHereIsSubscribedToThere() async throws {
        let server = try await GoogleReaderStandIn.startedOffMain()
        let home = try HeadlessHome()
        let lines = """
            urls-source "freshrss"
            freshrss-url "\(server.greaderEndpoint.absoluteString)"
            freshrss-login "\(GoogleReaderStandIn.user)"
            freshrss-password "\(GoogleReaderStandIn.apiPassword)"
            """
        let config = Config(parsing: lines)
        #expect(config.warnings.isEmpty)
        let account = try #require(try config.syncAccount())
        // The server keeps the list of feeds: the urls file lists none.
        try home.subscribe([])
        let otherDevice = GoogleReaderSource(endpoint: server.greaderEndpoint, login: GoogleReaderStandIn.user,
                                             password: GoogleReaderStandIn.apiPassword)

        let reader = try home.startReader(config: lines) { $0.syncAccount = .success(account) }
        #expect(await reader.waitFor("Synced: 5 new articles"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(2/2) Alpha") })
        #expect(reader.lines.contains { $0.contains("(3/3) Beta") })

        // Opening an article reads it, and `s` stars it: both on the server without a sync.
        reader.press(.enter)
        #expect(await reader.waitFor("N 2024-01"))
        reader.press(.enter)
        #expect(await reader.waitFor("Title: "))
        #expect(await reader.settle())
        reader.press(.character("s"))
        #expect(await reader.settle())
        #expect(await reader.waitUntil { (try? otherDevice.articleStates().starredIDs.count) == 1 })
        #expect(try otherDevice.articleStates().unreadIDs.count == 4)
        #expect(try reader.store.queuedSyncChanges(account: account.identity).isEmpty)
        reader.press(.character("q"), .character("q"))
        #expect(await reader.settle())

        // `a` subscribes on the server, which fetches the feed; the sync after brings it here.
        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 4, html: "<p>G1</p>"),
        ])])
        let gamma = "http://127.0.0.1:\(server.feeds.port)/gamma.xml"
        reader.press(.character("a"))
        reader.type(gamma)
        reader.press(.enter)
        #expect(await reader.waitFor("Subscribed to"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(1/1) Gamma") })
        #expect(try otherDevice.subscriptions().contains { $0.url == gamma })

        // The new feed is selected: `e` renames it on the server, `D` unsubscribes from it there.
        reader.press(.character("e"))
        reader.type(" renamed")
        reader.press(.enter)
        #expect(await reader.waitFor("Renamed to Gamma renamed on the feed server"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(1/1) Gamma renamed") })
        #expect(try otherDevice.subscriptions().first { $0.url == gamma }?.title == "Gamma renamed")
        reader.press(.character("D"))
        reader.press(.character("y"))
        #expect(await reader.waitFor("Deleted Gamma renamed on the feed server"))
        #expect(await reader.settle())
        #expect(!reader.lines.contains { $0.contains("(1/1) Gamma") })
        #expect(try otherDevice.subscriptions().count == 2)
        await server.stopOffMain()

        // A new reader on the same cache opens from it, server down and all.
        let again = try home.startReader(config: lines) { $0.syncAccount = .success(account) }
        #expect(await again.settle())
        #expect(again.lines.contains { $0.contains("Alpha") } && again.lines.contains { $0.contains("Beta") })
    }
}
