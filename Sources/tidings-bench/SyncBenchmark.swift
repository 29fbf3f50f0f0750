import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TestSupport
import TidingsApp

/// Syncing with a server of 5 000 articles (issues 14, 30, 31 and 44): 50 feeds × 100 articles of
/// 2–3 KB each, a fresh cache, through the Fever API of coldsweat 0.10.2, the API of Tiny Tiny RSS
/// (Debian 12's), and the stand-ins of Miniflux, the Google Reader API, Nextcloud News, Feedbin
/// and NewsBlur (Tests/Support/*_standin.py: not those servers, whose own speed this does not
/// measure), all on loopback (`make sync-test-deps`).
///
/// - first sync: every feed and article, the two id lists;
/// - second sync, nothing new on the server: the feed list and the two id lists only (Google
///   Reader: plus one short page of the newest ids; Tiny Tiny RSS: its counters and two empty
///   pages of headlines; Nextcloud News and Miniflux: what changed since the first, nothing);
/// - third sync after 500 articles were read elsewhere: the same requests, 500 rows changed.
///
/// Times are wall-clock on loopback, so they are mostly the server's (coldsweat answers 50
/// articles per request, the Google Reader stand-in 250, TT-RSS 200, NewsBlur 6 per feed page and
/// 100 by hash) and our store's; a remote server adds its round trips.
enum SyncBenchmark {
    static let feedCount = 50
    static let articlesPerFeed = 100

    static func run() {
        let (files, opml) = sample()
        if FeverTestServer.isInstalled {
            attempt("Fever, coldsweat") {
                let setupStart = Date()
                let server = try FeverTestServer(files: files, opml: opml)
                defer { server.stop() }
                print(String(format: "sync: coldsweat set up with %d feeds × %d articles in %.1f s", feedCount, articlesPerFeed,
                             Date().timeIntervalSince(setupStart)))
                try measure(FeverSource(endpoint: server.endpoint, email: FeverTestServer.email, password: FeverTestServer.password),
                            identity: "fever \(server.endpoint.absoluteString) \(FeverTestServer.email)")
            }
        } else {
            print("sync: Fever skipped: coldsweat is not installed (make sync-test-deps)")
        }
        attempt("Miniflux API, the Miniflux stand-in") {
            let setupStart = Date()
            let subscriptions = (0..<feedCount).map { (file: "feed\($0).xml", category: $0 % 5 == 0 ? "Group \($0 / 5)" : "All") }
            // Its articles arrived an hour ago, as on a server that has been running: a second sync
            // asks for what changed since the first, less two minutes for clocks.
            let server = try MinifluxStandIn(files: files, subscriptions: subscriptions, age: 3600)
            defer { server.stop() }
            print(String(format: "sync: Miniflux stand-in set up with %d feeds × %d articles in %.1f s", feedCount, articlesPerFeed,
                         Date().timeIntervalSince(setupStart)))
            try measure(MinifluxSource(endpoint: server.endpoint, credentials: .token(MinifluxStandIn.token)),
                        identity: "miniflux \(server.endpoint.absoluteString) token")
        }
        attempt("Google Reader API, the Google Reader stand-in") {
            let setupStart = Date()
            let server = try GoogleReaderStandIn(files: files, opml: opml)
            defer { server.stop() }
            print(String(format: "sync: Google Reader stand-in set up with %d feeds × %d articles in %.1f s", feedCount, articlesPerFeed,
                         Date().timeIntervalSince(setupStart)))
            try measure(GoogleReaderSource(endpoint: server.greaderEndpoint, login: GoogleReaderStandIn.user,
                                           password: GoogleReaderStandIn.apiPassword),
                        identity: "greader \(server.greaderEndpoint.absoluteString) \(GoogleReaderStandIn.user)")
        }
        let grouped = (0..<feedCount).map { (file: "feed\($0).xml", group: $0 % 5 == 0 ? "Group \($0 / 5)" : "") }
        attempt("Nextcloud News API, the Nextcloud News stand-in") {
            let server = try timedSetUp("Nextcloud News stand-in") {
                try NextcloudNewsStandIn(files: files, subscriptions: grouped.map { ($0.file, $0.group) })
            }
            defer { server.stop() }
            try measure(NextcloudNewsSource(endpoint: server.endpoint,
                                            credentials: BasicCredentials(login: NextcloudNewsStandIn.user, password: NextcloudNewsStandIn.password)),
                        identity: "ocnews \(server.endpoint.absoluteString) \(NextcloudNewsStandIn.user)")
        }
        attempt("Feedbin API, the Feedbin stand-in") {
            let server = try timedSetUp("Feedbin stand-in") {
                try FeedbinStandIn(files: files, subscriptions: grouped.map { ($0.file, $0.group.isEmpty ? [] : [$0.group]) })
            }
            defer { server.stop() }
            try measure(FeedbinSource(endpoint: server.endpoint,
                                      credentials: BasicCredentials(login: FeedbinStandIn.email, password: FeedbinStandIn.password)),
                        identity: "feedbin \(server.endpoint.absoluteString) \(FeedbinStandIn.email)")
        }
        attempt("NewsBlur API, the NewsBlur stand-in") {
            let server = try timedSetUp("NewsBlur stand-in") {
                try NewsBlurStandIn(files: files, subscriptions: grouped.map { ($0.file, $0.group) })
            }
            defer { server.stop() }
            try measure(NewsBlurSource(endpoint: server.endpoint,
                                       credentials: BasicCredentials(login: NewsBlurStandIn.user, password: NewsBlurStandIn.password)),
                        identity: "newsblur \(server.endpoint.absoluteString) \(NewsBlurStandIn.user)")
        }
        runTTRSS(files)
    }

    /// Starts a stand-in and says how long that took (it fetches every feed).
    private static func timedSetUp<T>(_ name: String, _ start: () throws -> T) throws -> T {
        let setupStart = Date()
        let server = try start()
        print(String(format: "sync: %@ set up with %d feeds × %d articles in %.1f s", name, feedCount, articlesPerFeed,
                     Date().timeIntervalSince(setupStart)))
        return server
    }

    /// The same feeds on a real Tiny Tiny RSS (Debian's tt-rss), every fifth in a category.
    private static func runTTRSS(_ files: [String: String]) {
        if let reason = TTRSSTestServer.unavailableReason {
            print("sync: Tiny Tiny RSS \(reason)")
            return
        }
        attempt("Tiny Tiny RSS") {
            let setupStart = Date()
            let subscriptions = (0..<feedCount).map { feed in (file: "feed\(feed).xml", category: feed % 5 == 0 ? "Group \(feed / 5)" : "") }
            let server = try TTRSSTestServer(files: files, subscriptions: subscriptions)
            defer { server.stop() }
            print(String(format: "sync: Tiny Tiny RSS set up with %d feeds × %d articles in %.1f s (update.php included)", feedCount,
                         articlesPerFeed, Date().timeIntervalSince(setupStart)))
            try measure(TTRSSSource(url: server.url, login: TTRSSTestServer.user, password: TTRSSTestServer.password),
                        identity: "ttrss \(server.url.absoluteString) \(TTRSSTestServer.user)")
        }
    }

    private static func attempt(_ name: String, _ body: () throws -> Void) {
        print("sync: \(name)")
        do {
            try body()
        } catch {
            print("sync: failed: \(error)")
        }
    }

    /// The feed files and the OPML that subscribes to them (every fifth feed in a group).
    private static func sample() -> (files: [String: String], opml: String) {
        var files: [String: String] = [:]
        var outlines: [String] = []
        let paragraph = String(repeating: "Harbour works continue through the winter, the council said. ", count: 40)
        for feed in 0..<feedCount {
            let items = (0..<articlesPerFeed).map { index in
                FeverFeedFile.Item(guid: "feed\(feed)-item\(index)", title: "Feed \(feed) article \(index)",
                                   link: "http://example.org/\(feed)/\(index)", day: 1 + index % 28,
                                   html: "<p>\(paragraph)</p><p>Article \(index) of feed \(feed).</p>")
            }
            files["feed\(feed).xml"] = FeverFeedFile.rss(title: "Feed \(feed)", site: "http://example.org/\(feed)/", items: items)
            let group = feed % 5 == 0 ? "Group \(feed / 5)" : nil
            let outline = #"<outline text="Feed \#(feed)" xmlUrl="FEEDS/feed\#(feed).xml"/>"#
            outlines.append(group.map { #"<outline text="\#($0)">\#(outline)</outline>"# } ?? outline)
        }
        let opml = """
            <?xml version="1.0"?><opml version="1.0"><head><title>Bench</title></head><body>
            \(outlines.joined(separator: "\n"))
            </body></opml>
            """
        return (files, opml)
    }

    /// The three syncs into a fresh cache.
    private static func measure(_ source: any SyncSource, identity: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-bench-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FeedStore(path: directory.appendingPathComponent("cache.db").path)
        let synchronizer = Synchronizer(account: SyncAccount(source: source, identity: identity), store: store)

        let (first, firstTime) = try timed { try synchronizer.sync() }
        let articles = try store.feedList().reduce(0) { $0 + $1.totalCount }
        print(String(format: "sync: first sync   %6.2f s  (%d feeds, %d new articles; %d in the cache)",
                     firstTime, first.feeds, first.newArticles, articles))
        let (second, secondTime) = try timed { try synchronizer.sync() }
        print(String(format: "sync: second sync  %6.2f s  (nothing new: %d new articles, %d marks changed)",
                     secondTime, second.newArticles, second.changedStates))

        let readElsewhere = try source.articleStates().unreadIDs.sorted().prefix(500)
        try source.send(readElsewhere.map { SyncChange.read($0) })
        let (third, thirdTime) = try timed { try synchronizer.sync() }
        print(String(format: "sync: third sync   %6.2f s  (%d read on the server: %d marks changed)",
                     thirdTime, readElsewhere.count, third.changedStates))
    }

    private static func timed<T>(_ body: () throws -> T) throws -> (T, Double) {
        let start = Date()
        let value = try body()
        return (value, Date().timeIntervalSince(start))
    }
}
