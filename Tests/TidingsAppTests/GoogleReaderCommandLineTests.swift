import FeedFetcher
import FeedModel
import Foundation
import TestSupport
import Testing

/// `tidings reload`, `unread`, `add` and `import` under `urls-source "freshrss"`, configured as a
/// newsboat user would (`freshrss-url`, `-login`, `-password` in the config file), the built
/// binary against the Google Reader API stand-in on loopback: a sync instead of feed fetches, reads made on the
/// server seen here, feeds subscribed to on the server, and a server that is down as one line
/// with exit status 1.
@Suite(.serialized)
struct GoogleReaderCommandLineTests {
    /// The config file a newsboat user writes for `service` (`urls-source`, `SERVICE-url`,
    /// `-login`, `-password`) with the test server's user.
    static func configure(_ sandbox: CommandLineTests.Sandbox, service: String, url: URL) throws {
        try sandbox.write("""
            urls-source "\(service)"
            \(service)-url "\(url.absoluteString)"
            \(service)-login "\(GoogleReaderStandIn.user)"
            \(service)-password "\(GoogleReaderStandIn.apiPassword)"
            """, to: sandbox.config)
    }

    @Test func reloadAddAndImportGoThroughTheServerAndADownServerIsOneLineWithStatusOne() throws {
        let server = try GoogleReaderStandIn()
        let sandbox = try CommandLineTests.Sandbox()
        // Not a file: if the urls file were read or written, the commands would fail.
        try FileManager.default.createDirectory(atPath: sandbox.urls, withIntermediateDirectories: true)
        try Self.configure(sandbox, service: "freshrss", url: server.greaderEndpoint)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        let otherDevice = GoogleReaderSource(endpoint: server.greaderEndpoint, login: GoogleReaderStandIn.user,
                                             password: GoogleReaderStandIn.apiPassword)

        let first = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "Synced with the feed server: 2 feeds, 5 new articles, 0 marks changed\n")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")

        // Read on another device: seen here after the next sync.
        let betaOne = try #require(try otherDevice.articles(newerThan: 0).first { $0.title == "Beta one" })
        try otherDevice.send([.read(betaOne.id)])
        let second = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(second.output == "Synced with the feed server: 2 feeds, 0 new articles, 1 marks changed\n", "\(second.errors)")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "4\n")

        // `tidings add` subscribes on the server, which fetches the feed; its article arrives.
        try server.write([
            "gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
                .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 4, html: "<p>G1</p>"),
            ]),
            "delta.xml": FeverFeedFile.rss(title: "Delta", site: "http://example.org/delta/", items: [
                .init(guid: "delta-1", title: "Delta one", link: "http://example.org/delta/1", day: 5, html: "<p>D1</p>"),
            ]),
        ])
        let gamma = "http://127.0.0.1:\(server.feeds.port)/gamma.xml"
        let added = try CommandLineTests.run(["add", gamma, "Tech"] + files, in: sandbox)
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output == "subscribed to \(gamma) on the feed server; synced: 1 new article\n")
        #expect(try otherDevice.subscriptions().first { $0.url == gamma }?.tags == ["Tech"])
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")

        // `tidings import`: the feeds the server lacks are subscribed to there, then one sync.
        let opml = sandbox.root.appendingPathComponent("more.opml").path
        try sandbox.write("""
            <?xml version="1.0"?><opml version="1.0"><head><title>More</title></head><body>
            <outline text="Gamma" xmlUrl="\(gamma)"/>
            <outline text="Reading"><outline text="Delta" xmlUrl="http://127.0.0.1:\(server.feeds.port)/delta.xml"/></outline>
            </body></opml>
            """, to: opml)
        let imported = try CommandLineTests.run(["import", opml] + files, in: sandbox)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output == "subscribed to 1 feed on the feed server (skipped: 1 already subscribed to); synced: 1 new article\n")
        #expect(try otherDevice.subscriptions().count == 4)
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "6\n")

        // The server goes away: one line, status 1, and the cache keeps what it had.
        server.stop()
        let down = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(down.status == 1)
        #expect(down.errors.hasPrefix("tidings: sync failed: cannot reach the feed server 127.0.0.1:\(server.port)"))
        #expect(down.errors.filter { $0 == "\n" }.count == 1)
        #expect(!down.errors.contains(GoogleReaderStandIn.apiPassword))
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "6\n")
        let notAdded = try CommandLineTests.run(["add", "http://127.0.0.1:\(server.feeds.port)/epsilon.xml"] + files, in: sandbox)
        #expect(notAdded.status == 1)
        #expect(notAdded.errors.hasPrefix("tidings: not added: cannot reach the feed server 127.0.0.1:\(server.port)"))
    }

    @Test func aFeverServerRefusesAddAndImportInOneLine() throws {
        // Refused before anything is sent: no server is needed.
        let sandbox = try CommandLineTests.Sandbox()
        try Self.configure(sandbox, service: "fever", url: URL(string: "http://127.0.0.1:9/fever/")!)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        let refused = try CommandLineTests.run(["add", "http://127.0.0.1:9/alpha.xml"] + files, in: sandbox)
        #expect(refused.status == 1)
        #expect(refused.errors == "tidings: the Fever API cannot add, rename, tag or delete feeds: do it on the feed server's own pages\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.urls))
    }
}
