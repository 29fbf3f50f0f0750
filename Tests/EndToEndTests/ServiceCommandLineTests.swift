import FeedFetcher
import FeedModel
import Foundation
import TestSupport
import Testing

/// `tidings reload`, `unread` and `add` under `urls-source "ocnews"`, `"newsblur"` and
/// `"feedbin"`, configured as a newsboat user would (`SERVICE-url`, `-login`, `-passwordeval`),
/// the built binary against each one's stand-in: a sync instead of feed fetches, a feed
/// subscribed to on the server, a server down as one line with status 1, and the password (and
/// NewsBlur's session cookie) never in an error, the log, the cache or the process list.
@Suite(.serialized)
struct ServiceCommandLineTests {
    enum Service: String, CaseIterable, CustomStringConvertible {
        case ocnews, newsblur, feedbin
        var description: String { rawValue }
    }

    @Test(arguments: Service.allCases)
    func reloadAndAddGoThroughTheServerAndNoSecretShowsAnywhere(_ service: Service) throws {
        let (server, login, password): (any StandInService, String, String)
        let endpoint: URL
        switch service {
        case .ocnews:
            let standIn = try NextcloudNewsStandIn()
            (server, login, password, endpoint) = (standIn, NextcloudNewsStandIn.user, NextcloudNewsStandIn.password, standIn.endpoint)
        case .newsblur:
            let standIn = try NewsBlurStandIn()
            (server, login, password, endpoint) = (standIn, NewsBlurStandIn.user, NewsBlurStandIn.password, standIn.endpoint)
        case .feedbin:
            let standIn = try FeedbinStandIn()
            (server, login, password, endpoint) = (standIn, FeedbinStandIn.email, FeedbinStandIn.password, standIn.endpoint)
        }
        let sandbox = try CommandLineTests.Sandbox()
        // Not a file: if the urls file were read or written, the commands would fail.
        try FileManager.default.createDirectory(atPath: sandbox.urls, withIntermediateDirectories: true)
        let passwordFile = sandbox.root.appendingPathComponent("password").path
        try sandbox.write(password + "\n", to: passwordFile)
        try sandbox.write("""
            urls-source "\(service)"
            \(service)-url "\(endpoint.absoluteString)"
            \(service)-login "\(login)"
            \(service)-passwordeval "cat \(passwordFile)"
            """, to: sandbox.config)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]

        let watcher = TTRSSCommandLineTests.ProcessListWatcher()
        let first = try CommandLineTests.run(["reload"] + files, in: sandbox)
        let commandLines = watcher.stop()
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "Synced with the feed server: 2 feeds, 5 new articles, 0 marks changed\n")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")

        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 4, html: "<p>G1</p>"),
        ])])
        let gamma = server.server.feedURL("gamma.xml")
        let added = try CommandLineTests.run(["add", gamma, "Tech"] + files, in: sandbox)
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output == "subscribed to \(gamma) on the feed server; synced: 1 new article\n")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "6\n")

        server.stop()
        let down = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(down.status == 1)
        #expect(down.errors.hasPrefix("tidings: sync failed: cannot reach the feed server 127.0.0.1:\(server.port)"))
        #expect(down.errors.filter { $0 == "\n" }.count == 1)

        // Neither the password nor a session cookie in any file of the sandbox (the cache, its
        // journal, the log), in the output, or in any command line.
        var texts = [first.output, first.errors, added.output, added.errors, down.errors]
        for path in FileManager.default.enumerator(atPath: sandbox.root.path)?.compactMap({ $0 as? String }) ?? []
        where path != "password" {
            texts.append(String(decoding: FileManager.default.contents(atPath: sandbox.root.appendingPathComponent(path).path) ?? Data(),
                                as: UTF8.self))
        }
        for text in texts + Array(commandLines) {
            #expect(!text.contains(password), "the password shows in: \(text.prefix(200))")
            #expect(!text.contains("newsblur_sessionid"), "the session shows in: \(text.prefix(200))")
        }
    }
}
