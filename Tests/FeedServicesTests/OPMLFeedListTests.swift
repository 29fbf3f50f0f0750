import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// `urls-source "opml"`: the feed list read from OPML documents served on loopback and from a
/// local file, as newsboat reads them.
@Suite struct OPMLFeedListTests {
    private static let served = """
        <?xml version="1.0"?>
        <opml version="2.0"><head><title>Mine</title></head><body>
          <outline title="Tech"><outline title="Linux">
            <outline type="rss" text="Kernel news" title="Kernel news" xmlUrl="FEED/kernel.xml"/>
          </outline></outline>
          <outline type="rss" text="Harbour" xmlUrl="FEED/harbour.xml"/>
        </body></opml>
        """

    private static let local = """
        <opml version="1.0"><body>
          <outline text="Town"><outline type="rss" text="Harbour again" xmlUrl="FEED/harbour.xml"/>
          <outline type="rss" text="Town hall" xmlUrl="FEED/townhall.xml"/></outline>
        </body></opml>
        """

    private static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>TITLE</title><link>https://example.org/</link>
        <item><title>First of TITLE</title><guid>TITLE-1</guid></item></channel></rss>
        """

    private struct Sandbox {
        let directory: URL
        let server: LoopbackServer

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("opml-source-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var routes: [String: [String: Any]] = [:]
            for name in ["kernel", "harbour", "townhall"] {
                routes["/\(name).xml"] = ["body": OPMLFeedListTests.rss.replacingOccurrences(of: "TITLE", with: name),
                                          "headers": ["Content-Type": "application/rss+xml"]]
            }
            let server = try LoopbackServer(routes: routes)
            let feedBase = "http://127.0.0.1:\(server.port)"
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try OPMLFeedListTests.local.replacingOccurrences(of: "FEED", with: feedBase)
                .write(to: directory.appendingPathComponent("local.opml"), atomically: true, encoding: .utf8)
            let opmlServer = try LoopbackServer(routes: [
                "/subscriptions.opml": ["body": OPMLFeedListTests.served.replacingOccurrences(of: "FEED", with: feedBase),
                                        "headers": ["Content-Type": "text/x-opml"]],
            ])
            self.server = server
            self.opmlServer = opmlServer
        }

        let opmlServer: LoopbackServer

        var config: String {
            """
            urls-source "opml"
            opml-url "\(opmlServer.url("/subscriptions.opml"))" "file://\(directory.path)/local.opml"
            """
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func theDocumentsMakeTheFeedListTaggedWithTheirFolderPaths() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let config = Config(parsing: sandbox.config)
        #expect(config.warnings.isEmpty)
        guard case .opml(let documents) = config.feedListSource else {
            Issue.record("urls-source opml reads \(config.feedListSource)")
            return
        }
        let loaded = OPMLFeedList.load(documents, options: config.fetchOptions)
        let base = "http://127.0.0.1:\(sandbox.server.port)"
        #expect(loaded.problems.isEmpty)
        #expect(loaded.subscriptions == [
            Subscription(url: "\(base)/kernel.xml", tags: ["Tech/Linux"]),
            Subscription(url: "\(base)/harbour.xml"),
            Subscription(url: "\(base)/townhall.xml", tags: ["Town"]),
        ])
    }

    @Test func aDocumentThatCannotBeReadIsOneProblemAndTheOthersStillCount() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let config = Config(parsing: sandbox.config + " \"\(sandbox.opmlServer.url("/missing.opml"))\" ~/no-such-dir-\(UUID().uuidString)/x.opml")
        let loaded = OPMLFeedList.load(documents(config), options: config.fetchOptions)
        #expect(loaded.subscriptions.count == 3)
        #expect(loaded.problems.count == 2)
        #expect(loaded.problems.first?.contains("HTTP 404") == true)
        #expect(loaded.problems.last?.contains("no such file") == true)
        #expect(OPMLFeedList.load(documents(Config(parsing: "urls-source opml")), options: FetchOptions()).problems
            == ["urls-source is opml, but opml-url names no OPML document"])
    }

    @Test func tidingsReloadFetchesTheFeedsTheDocumentsList() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let configFile = sandbox.directory.appendingPathComponent("config")
        try sandbox.config.write(to: configFile, atomically: true, encoding: .utf8)
        // The urls file lists a feed of its own: under the OPML source it is not read.
        let urlsFile = sandbox.directory.appendingPathComponent("urls")
        try "\(sandbox.server.url("/not-listed.xml"))\n".write(to: urlsFile, atomically: true, encoding: .utf8)
        let paths = AppPaths(urlsFile: urlsFile.path, configFile: configFile.path,
                             cacheFile: sandbox.directory.appendingPathComponent("cache.db").path)

        #expect(try BatchReload().run(paths: paths) == .succeeded)

        let store = try FeedStore(path: paths.cacheFile.path)
        let feeds = try store.feedList()
        #expect(Set(feeds.map(\.displayTitle)) == ["kernel", "harbour", "townhall"])
        #expect(try sandbox.server.headers(for: "/not-listed.xml").isEmpty)
        #expect(try sandbox.server.headers(for: "/kernel.xml").count == 1)
    }

    /// The documents `opml-url` names, as the feed list's source says.
    private func documents(_ config: Config) -> [String] {
        if case .opml(let documents) = config.feedListSource { return documents }
        return []
    }
}
