@testable import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TerminalUI
import ReaderTesting
import TestSupport
import Testing
@testable import TidingsApp

/// The whole reader headless under `urls-source "fever"`, against coldsweat on loopback: the
/// first sync starts by itself, `R` syncs, a mark made in the reader reaches the server without
/// waiting for a sync (or with the first sync once a server that was down is back), a failed sync
/// says why in the status bar, and the reader opens from the cache with the server down.
@MainActor
@Suite(.serialized, .enabled(if: FeverTestServer.isInstalled,
                            "coldsweat is not installed: run `make sync-test-deps` (or `make test`) to test Fever sync"))
struct HeadlessSyncTests {
    /// The reader on `home` syncing with `account`'s Fever server, and with `withLocalFeeds` the
    /// urls file's feeds too (`sync-local-feeds`).
    private func startReader(_ home: HeadlessHome, account: SyncAccount, withLocalFeeds: Bool) throws -> HeadlessReader {
        try home.startReader { settings in
            settings.feedListSource = .server(SyncServer(service: .fever), withLocalFeeds: withLocalFeeds)
            settings.syncAccount = .success(account)
        }
    }

    /// `sync-local-feeds`: the urls file's feed is fetched after each sync, listed beside the
    /// server's with a dim `·`, and `R` does both again.
    @Test func syncLocalFeedsReloadsTheUrlsFileAfterEachSyncAndMarksItsFeeds() async throws {
        let server = try FeverTestServer(files: FeverSample.files, opml: FeverSample.opml)
        let home = try HeadlessHome()
        try home.serve("harbour", title: "Harbour", items: [("Tide", 1), ("Ferry", 2)])
        let source = FeverSource(endpoint: server.endpoint, email: FeverTestServer.email, password: FeverTestServer.password,
                                 options: FetchOptions(connectTimeout: 3, timeout: 20))
        let account = SyncAccount(source: source, identity: "fever \(server.endpoint.absoluteString) \(FeverTestServer.email)")
        try home.subscribe([home.url("harbour")])

        let reader = try startReader(home, account: account, withLocalFeeds: true)
        #expect(await reader.waitFor("Synced: 5 new articles; Reloaded 1 feed — 2 new articles"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.hasPrefix("·N (2/2)") && $0.contains("Harbour") })
        #expect(reader.lines.contains { $0.hasPrefix(" N (2/2)") && $0.contains("Alpha") })
        #expect(reader.lines.contains { $0.hasPrefix(" N (3/3)") && $0.contains("Beta") })

        try home.serve("harbour", title: "Harbour", items: [("Tide", 1), ("Ferry", 2), ("Storm", 3)])
        reader.press(.character("R"))
        #expect(await reader.waitFor("Synced: 0 new articles; Reloaded 1 feed — 1 new article"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.hasPrefix("·N (3/3)") && $0.contains("Harbour") })
        #expect(try reader.store.feedList().count == 3)
    }

    @Test func rSyncsMarksAreSentAtOnceAndAFailedSyncSaysWhy() async throws {
        let server = try FeverTestServer(files: FeverSample.files, opml: FeverSample.opml)
        let home = try HeadlessHome()
        let source = FeverSource(endpoint: server.endpoint, email: FeverTestServer.email, password: FeverTestServer.password,
                                 options: FetchOptions(connectTimeout: 3, timeout: 20))
        let account = SyncAccount(source: source, identity: "fever \(server.endpoint.absoluteString) \(FeverTestServer.email)")
        // A feed the urls file would list: under a feed server it must never reach the cache.
        try home.subscribe([home.url("local")])

        // A cache never synced has nothing to show: the first sync starts by itself.
        let reader = try startReader(home, account: account, withLocalFeeds: false)
        #expect(await reader.waitFor("Synced: 5 new articles"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(2/2) Alpha") })
        #expect(reader.lines.contains { $0.contains("(3/3) Beta") })
        #expect(try reader.store.feedList().map(\.url).allSatisfy { !$0.contains("/local.xml") })

        // New on the server: R brings it.
        try server.importSubscriptions("""
            <?xml version="1.0"?><opml version="1.0"><head><title>More</title></head><body>
            <outline text="Gamma" xmlUrl="FEEDS/gamma.xml"/></body></opml>
            """, files: ["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
                .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 4, html: "<p>G1</p>"),
            ])])
        reader.press(.character("R"))
        #expect(reader.text.contains("Syncing with the feed server…"))
        #expect(await reader.waitFor("Synced: 1 new article"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(1/1) Gamma") })

        // Opening an article reads it here at once and on the server without a sync.
        reader.press(.enter)
        #expect(await reader.waitFor("N 2024-01"))
        reader.press(.enter)
        #expect(await reader.waitFor("Title: "))
        #expect(await reader.settle())
        #expect(try source.articleStates().unreadIDs.count == 5)
        #expect(try reader.store.queuedSyncChanges(account: account.identity).isEmpty)
        reader.press(.character("q"), .character("q"))
        #expect(await reader.settle())

        // The server keeps the list of feeds, and the Fever API cannot change it: refused in one line.
        reader.press(.character("D"))
        #expect(reader.text.contains("the Fever API cannot add, rename, tag or delete feeds"))
        #expect(await reader.settle())
        #expect(try reader.store.feedList().count == 3)

        // The server goes away: the sync says why in one line, and the lists stay.
        server.stop()
        reader.press(.character("r"))
        #expect(await reader.waitFor("Sync failed: cannot reach the feed server 127.0.0.1:\(server.port)"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("Alpha") } && reader.lines.contains { $0.contains("Beta") })

        // A star made while the server is down shows at once, waits in the cache, and reaches the
        // server with the first sync after it is back.
        reader.press(.enter)
        #expect(await reader.waitFor("2024-01"))
        #expect(await reader.settle())
        reader.press(.character("s"))
        #expect(reader.text.contains("Starred"))
        #expect(await reader.settle())
        #expect(try reader.store.queuedSyncChanges(account: account.identity).changes.count == 1)
        try server.restart()
        reader.press(.character("R"))
        #expect(await reader.waitFor("Synced: 0 new articles"))
        #expect(await reader.settle())
        #expect(try source.articleStates().starredIDs.count == 1)
        #expect(try reader.store.queuedSyncChanges(account: account.identity).isEmpty)
        #expect(try reader.store.starredCounts().total == 1)
        server.stop()

        // A new reader on the same cache opens from it, server down and all.
        let again = try startReader(home, account: account, withLocalFeeds: false)
        #expect(await again.settle())
        #expect(again.lines.contains { $0.contains("Alpha") } && again.lines.contains { $0.contains("Beta") })
    }
}
