import FeedFetcher
import FeedStore
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

    /// The Old Reader and Inoreader at their fixed addresses, configured as a newsboat user does
    /// (no `…-url`): the stand-in answers as each does (ObjectId item ids; the `AppId`/`AppKey`
    /// headers), over TLS with a certificate for those names, reached through a SOCKS proxy that
    /// takes their port 443 to it (`use-proxy`, which sync requests follow).
    @Test(arguments: [GoogleReaderStandIn.Flavour.oldReader, .inoreader])
    func theOldReaderAndInoreaderSyncAtTheirOwnAddresses(_ flavour: GoogleReaderStandIn.Flavour) throws {
        let certificate = try TestCertificate(hosts: ["theoldreader.com", "www.inoreader.com"])
        let server = try GoogleReaderStandIn(files: FeverSample.files, opml: FeverSample.opml, flavour: flavour, certificate: certificate)
        let proxy = try SOCKSProxy(ports: [443: server.port])
        defer { proxy.stop() }
        let service = flavour.rawValue
        let sandbox = try CommandLineTests.Sandbox()
        func configure(appKey: String) throws {
            try sandbox.write("""
                urls-source "\(service)"
                \(service)-login "\(GoogleReaderStandIn.user)"
                \(service)-password "\(GoogleReaderStandIn.apiPassword)"
                inoreader-app-id "\(GoogleReaderStandIn.appID)"
                inoreader-app-key "\(appKey)"
                use-proxy yes
                proxy-type socks5h
                proxy "127.0.0.1:\(proxy.port)"
                """, to: sandbox.config)
        }
        try configure(appKey: GoogleReaderStandIn.appKey)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        let trusting = ["SSL_CERT_FILE": certificate.certificate]
        let address = URL(string: flavour == .oldReader ? "https://theoldreader.com" : "https://www.inoreader.com")!
        var options = FetchOptions(connectTimeout: 5, timeout: 20)
        options.proxy = ProxySettings(address: "127.0.0.1:\(proxy.port)", kind: .socks5h)
        options.certificateAuthorities = certificate.certificate
        let otherDevice = GoogleReaderSource(endpoint: address, login: GoogleReaderStandIn.user, password: GoogleReaderStandIn.apiPassword,
                                             app: flavour == .inoreader ? InoreaderApp(id: GoogleReaderStandIn.appID, key: GoogleReaderStandIn.appKey) : nil,
                                             options: options)

        let first = try CommandLineTests.run(["reload"] + files, in: sandbox, environment: trusting)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "Synced with the feed server: 2 feeds, 5 new articles, 0 marks changed\n")
        #expect(try proxy.connections().allSatisfy { $0.hasPrefix("\(address.host!) 443 ") })

        // Read on another device, seen here; read here (queued in the cache, as the reader does),
        // sent by the next run, which has not read any id yet.
        let articles = try otherDevice.articles(newerThan: 0)
        try otherDevice.send([.read(try #require(articles.first { $0.title == "Beta one" }).id)])
        let store = try FeedStore(path: sandbox.cache)
        try store.markItem(try store.item(titled: "Alpha one").id, read: true)
        let second = try CommandLineTests.run(["reload"] + files, in: sandbox, environment: trusting)
        #expect(second.output == "Synced with the feed server: 2 feeds, 0 new articles, 1 marks changed\n", "\(second.errors)")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "3\n")
        let unreadThere = try otherDevice.articleStates().unreadIDs
        #expect(Set(articles.filter { unreadThere.contains($0.id) }.map(\.title)) == ["Alpha two", "Beta two", "Beta three"])

        if flavour == .inoreader {
            // Inoreader refuses a request without the application's key: one line, status 1.
            try configure(appKey: "not-the-key")
            let refused = try CommandLineTests.run(["reload"] + files, in: sandbox, environment: trusting)
            #expect(refused.status == 1)
            #expect(refused.errors == "tidings: sync failed: the feed server www.inoreader.com refused the login: wrong e-mail or password\n")
        }
    }
}
