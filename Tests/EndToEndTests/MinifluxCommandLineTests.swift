import FeedFetcher
import FeedModel
import Foundation
import TestSupport
import Testing

/// `tidings reload`, `unread` and `add` under `urls-source "miniflux"`, configured as a newsboat
/// user would (`miniflux-url`, `miniflux-tokenfile`), the built binary against a **stand-in**
/// Miniflux server on loopback (`MinifluxStandIn`: Miniflux itself cannot run here). The token
/// never reaches the command line, the output, the log or the cache.
@Suite(.serialized)
struct MinifluxCommandLineTests {
    @Test func reloadAndAddGoThroughTheServerAndTheTokenIsNowhereToBeSeen() throws {
        let server = try MinifluxStandIn()
        let sandbox = try CommandLineTests.Sandbox()
        // Not a file: if the urls file were read or written, the commands would fail.
        try FileManager.default.createDirectory(atPath: sandbox.urls, withIntermediateDirectories: true)
        let tokenFile = sandbox.root.appendingPathComponent("miniflux-token").path
        try sandbox.write("\(MinifluxStandIn.token)\n", to: tokenFile)
        try sandbox.write("""
            urls-source "miniflux"
            miniflux-url "\(server.endpoint.absoluteString)"
            miniflux-tokenfile "\(tokenFile)"
            """, to: sandbox.config)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        let otherDevice = MinifluxSource(endpoint: server.endpoint,
                                         credentials: .password(login: MinifluxStandIn.user, password: MinifluxStandIn.password))

        // While it runs, its command line is only what it was given.
        let started = try CommandLineTests.start(["reload"] + files, in: sandbox)
        let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(started.process.processIdentifier)/cmdline"))) ?? Data()
        let first = try started.finish()
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "Synced with the feed server: 2 feeds, 5 new articles, 0 marks changed\n")
        #expect(commandLine.range(of: Data(MinifluxStandIn.token.utf8)) == nil)
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")

        // Read on another device: seen here after the next sync.
        let betaOne = try #require(try otherDevice.articles(newerThan: 0).first { $0.title == "Beta one" })
        try otherDevice.send([.read(betaOne.id)])
        let second = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(second.output == "Synced with the feed server: 2 feeds, 0 new articles, 1 marks changed\n", "\(second.errors)")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "4\n")

        // `tidings add` subscribes on the server, in the category of its tag; its article arrives.
        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 4, html: "<p>G1</p>"),
        ])])
        let gamma = server.feedURL("gamma.xml")
        let added = try CommandLineTests.run(["add", gamma, "Reading"] + files, in: sandbox)
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output == "subscribed to \(gamma) on the feed server; synced: 1 new article\n")
        #expect(try otherDevice.subscriptions().first { $0.url == gamma }?.tags == ["Reading"])
        // The server's refusal, in its words, on one line.
        let again = try CommandLineTests.run(["add", gamma] + files, in: sandbox)
        #expect(again.status == 1)
        #expect(again.errors == "tidings: not added: the feed server 127.0.0.1:\(server.port) refused the change: This feed already exists.\n")

        // The server goes away: one line, status 1, and the cache keeps what it had.
        server.stop()
        let down = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(down.status == 1)
        #expect(down.errors.hasPrefix("tidings: sync failed: cannot reach the feed server 127.0.0.1:\(server.port)"))
        #expect(down.errors.filter { $0 == "\n" }.count == 1)
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")

        var everything = [first, second, added, again, down].map { $0.output + $0.errors }.joined()
        everything += (try? String(contentsOfFile: sandbox.root.appendingPathComponent("tidings.log").path, encoding: .utf8)) ?? ""
        #expect(!everything.contains(MinifluxStandIn.token))
        let cache = try Data(contentsOf: URL(fileURLWithPath: sandbox.cache))
        #expect(cache.range(of: Data(MinifluxStandIn.token.utf8)) == nil)
    }
}

/// The reader itself (the real binary in tmux) under `urls-source "miniflux"` on the stand-in:
/// the Starred entry first (newsboat's "Starred items": the server's starred articles), then the
/// urls file's query feeds, read under a sync source as newsboat does, then the server's feeds.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct MinifluxReaderEndToEndTests {
    @Test func theFeedListBeginsWithTheServersStarredArticlesAndTheUrlsFilesQueryFeeds() throws {
        let server = try MinifluxStandIn()
        let otherDevice = MinifluxSource(endpoint: server.endpoint, credentials: .token(MinifluxStandIn.token))
        let alphaTwo = try #require(try otherDevice.articles(newerThan: 0).first { $0.title == "Alpha two" })
        try otherDevice.send([.starred(alphaTwo.id)])

        let home = try ReaderEndToEndTests.Home()
        try home.write("""
            urls-source "miniflux"
            miniflux-url "\(server.endpoint.absoluteString)"
            miniflux-login "\(MinifluxStandIn.user)"
            miniflux-password "\(MinifluxStandIn.password)"
            """, to: "config/tidings/config")
        // The feed line is not read under a sync source; the query line is, as in newsboat.
        try home.write("""
            https://never.example/feed.xml
            "query:Unread news:unread = \\"yes\\" and tags # \\"News\\""
            """, to: "config/tidings/urls")
        let session = try home.startReader(width: 100, height: 20)
        // A cache never synced starts the first sync by itself. The query feed's count is read
        // apart from the feeds (it scans every article): it may come a frame later.
        let screen = try session.waitFor("Starred") { screen in
            screen.contains { $0.contains("Starred") && $0.contains("(1/1)") } && screen.contains { $0.contains("Beta") }
                && screen.contains { $0.contains("Unread news") && $0.contains("(3/3)") }
        }
        let row = { (title: String) in screen.firstIndex { $0.contains(title) } ?? -1 }
        #expect(row("Starred") >= 0 && row("Starred") < row("Unread news"), "\(screen)")
        #expect(row("Unread news") < row("Alpha") && row("Unread news") < row("Beta"), "\(screen)")
        #expect(screen[max(0, row("Unread news"))].contains("(3/3)"), "\(screen)")
        #expect(!screen.joined().contains("never.example"))
        try session.sendKeys("Q")
    }
}
