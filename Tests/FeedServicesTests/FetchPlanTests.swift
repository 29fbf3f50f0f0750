import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// Issue 41 where the configuration meets the cache: each feed's request settings and policies
/// from its `feed-option` lines, the plan of a reload (what it fetches, what waits and why), and
/// `tidings feeds` (health lines, one feed's settings, adopting a move).
@Suite struct FetchPlanTests {
    static let slow = "https://slow.example/feed.xml"
    static let keyed = "https://api.example/feed.xml"
    static let t0 = TestStore.baseDate
    static let config = Config(parsing: """
        user-agent "Global/1"
        http-header "Accept-Language: fr"
        feed-option "tags # \\"slow\\"" reload-time 240
        feed-option "\(keyed)" user-agent "X/1"
        feed-option "\(keyed)" http-header "X-Key: k"
        feed-option "\(keyed)" max-items 3
        feed-option "\(keyed)" download-timeout 7
        feed-option "\(keyed)" mark-read-on-arrival yes
        """)

    private func store() throws -> TestStore {
        try TestStore(subscriptions: [Subscription(url: Self.slow, tags: ["slow"]), Subscription(url: Self.keyed, tags: ["api"])])
    }

    @Test func eachFeedIsPlannedWithItsOwnSettings() throws {
        #expect(Self.config.warnings.isEmpty, "\(Self.config.warnings)")
        let cache = try store()
        try cache.store.applyFeedOptions(Self.config, at: Self.t0)
        let plan = try Self.config.fetchPlan(.automatic, store: cache.store, at: Self.t0)
        #expect(plan.targets.map(\.url) == [Self.slow, Self.keyed] && plan.waiting.isEmpty)
        let settings = Dictionary(uniqueKeysWithValues: plan.targets.map { ($0.url, $0.requestSettings) })
        #expect(settings[Self.slow] == FeedRequestSettings(userAgent: "Global/1", headers: ["Accept-Language: fr"], timeout: 60))
        #expect(settings[Self.keyed] == FeedRequestSettings(userAgent: "X/1", headers: ["Accept-Language: fr", "X-Key: k"], timeout: 7))
        #expect(plan.requests.map(\.settings) == plan.targets.map(\.requestSettings))
        #expect(Self.config.fetchOptions.headers == ["Accept-Language: fr"] && Self.config.fetchOptions.userAgent == "Global/1")
    }

    @Test func aFeedsReloadTimeAndPoliciesAreTheStoresToApply() throws {
        let cache = try store()
        try cache.store.applyFeedOptions(Self.config, at: Self.t0)
        let ten = (0..<10).map { Item(id: "\($0)", title: "Item \($0)", published: Self.t0.addingTimeInterval(Double($0) * 60)) }
        for url in [Self.slow, Self.keyed] {
            try cache.store.upsert(Feed(format: .rss20, title: url, items: ten), forFeedURL: url, at: Self.t0)
        }
        let rows = Dictionary(uniqueKeysWithValues: try cache.store.feedList().map { ($0.url, $0) })
        #expect(rows[Self.keyed]?.totalCount == 3 && rows[Self.keyed]?.unreadCount == 0, "max-items 3, mark-read-on-arrival")
        #expect(rows[Self.slow]?.totalCount == 10 && rows[Self.slow]?.unreadCount == 10)

        let later = try Self.config.fetchPlan(.automatic, store: cache.store, at: Self.t0.addingTimeInterval(61 * 60))
        #expect(later.targets.map(\.url) == [Self.keyed], "the slow feed waits its own 240 minutes")
        #expect(later.waiting.map(\.wait) == [FetchWait(until: Self.t0.addingTimeInterval(240 * 60), reason: .reloadTime)])
        let manual = try Self.config.fetchPlan(.manual, store: cache.store, at: Self.t0.addingTimeInterval(60))
        #expect(manual.targets.count == 2)
        let one = try Self.config.fetchPlan(.manual, store: cache.store, only: [try #require(rows[Self.slow]).id], at: Self.t0)
        #expect(one.targets.map(\.url) == [Self.slow])
    }
}

/// `tidings feeds`, through `FeedListCommands`, on files in a directory of their own.
@Suite struct FeedHealthCommandTests {
    final class Files {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString)")
        let paths: AppPaths

        init(urls: String, config: String = "") throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            paths = AppPaths(urlsFile: directory.appendingPathComponent("urls").path, configFile: directory.appendingPathComponent("config").path,
                             cacheFile: directory.appendingPathComponent("cache.db").path)
            try urls.write(to: paths.urlsFile, atomically: true, encoding: .utf8)
            try config.write(to: paths.configFile, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func store() throws -> FeedStore { try FeedStore(path: paths.cacheFile.path) }
    }

    static let t0 = TestStore.baseDate

    @Test func failingAndStaleFeedsAreListedOneLineEachTabSeparated() throws {
        let files = try Files(urls: """
            https://ok.example/feed.xml
            https://down.example/feed.xml "~Down below"
            https://quiet.example/feed.xml

            """)
        let store = try files.store()
        try store.syncSubscriptions(try UrlsFile.load(from: files.paths.urlsFile).subscriptions)
        try store.upsert(Feed(format: .rss20, title: "OK", items: [Item(id: "1", published: Self.t0)]), forFeedURL: "https://ok.example/feed.xml", at: Self.t0)
        try store.recordFailure(forFeedURL: "https://down.example/feed.xml", reason: "HTTP 404 Not Found", at: Self.t0)
        try store.recordFailure(forFeedURL: "https://down.example/feed.xml", reason: "HTTP 404 Not Found", at: Self.t0)
        try store.upsert(Feed(format: .rss20, title: "Quiet", items: [Item(id: "q", published: Self.t0.addingTimeInterval(-100 * 86_400))]),
                         forFeedURL: "https://quiet.example/feed.xml", at: Self.t0)

        let failing = try FeedListCommands.feedHealth(.init(failing: true), paths: files.paths, at: Self.t0)
        #expect(failing == "https://down.example/feed.xml\tDown below\t\tHTTP 404 Not Found\t2\t2025-11-21T06:40:00Z\tback-off\t\t\n")
        let stale = try FeedListCommands.feedHealth(.init(staleDays: 90), paths: files.paths, at: Self.t0)
        #expect(stale.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[0] } == ["https://quiet.example/feed.xml"])
        #expect(try FeedListCommands.feedHealth(.init(staleDays: 101), paths: files.paths, at: Self.t0).isEmpty)
        let all = try FeedListCommands.feedHealth(.init(), paths: files.paths, at: Self.t0).split(separator: "\n")
        #expect(all.count == 3 && all.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 9 })
        #expect(all[0] == "https://ok.example/feed.xml\tOK\t2025-11-21T04:40:00Z\t\t\t2025-11-21T05:40:00Z\treload-time\t\t2025-11-21T04:40:00Z")
    }

    @Test func settingsSayWhatHoldsForOneFeedAndWhichLineSetIt() throws {
        let files = try Files(urls: "https://lwn.net/headlines/rss linux slow\nhttps://other.example/feed\n", config: """
            reload-time 30
            http-header "Accept-Language: fr"
            feed-option "tags # \\"slow\\"" reload-time 240
            feed-option "https://lwn.net/headlines/rss" user-agent "X/1"
            feed-option "https://lwn.net/headlines/rss" http-header "X-Key: k"
            """)
        let text = try FeedListCommands.settings(of: "HTTPS://LWN.net/headlines/rss", paths: files.paths)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("reload-time 240 ") && $0.hasSuffix(#"# line 3: feed-option "tags # \"slow\"""#) })
        #expect(lines.contains { $0.hasPrefix(#"user-agent X/1 "#) && $0.hasSuffix("# line 4: feed-option https://lwn.net/headlines/rss") })
        #expect(lines.contains {
            $0.hasPrefix(#"http-header "Accept-Language: fr" "X-Key: k" "#) && $0.hasSuffix("# line 2; line 5: feed-option https://lwn.net/headlines/rss")
        }, "each line that added a header")
        #expect(lines.contains { $0.hasPrefix("max-items 0 ") && $0.hasSuffix("# default") })
        #expect(lines.count == OptionTable.all.filter { $0.scope == .perFeed }.count)
        let other = try FeedListCommands.settings(of: "https://other.example/feed", paths: files.paths)
        #expect(other.contains("reload-time 30 ") && other.contains("# line 1\n"))
        #expect(throws: FeedListCommands.Failure.self) { try FeedListCommands.settings(of: "https://nowhere.example/", paths: files.paths) }
    }

    @Test func adoptMovedRewritesTheLineKeepingTagsTitleAndComment() throws {
        let old = "https://a.example/old.xml"
        let new = "https://a.example/new.xml"
        let files = try Files(urls: "# my feeds\n\(old) news \"~Alpha\"   # moved in 2026?\nhttps://b.example/feed.xml\n")
        let store = try files.store()
        try store.syncSubscriptions(try UrlsFile.load(from: files.paths.urlsFile).subscriptions)
        for _ in 1...2 { try store.upsert(Feed(format: .rss20, items: [Item(id: "1")]), forFeedURL: old, permanentRedirect: new) }

        #expect(try FeedListCommands.adoptMoved(paths: files.paths) == "moved: \(old) → \(new)\n")
        #expect(try String(contentsOfFile: files.paths.urlsFile.path, encoding: .utf8)
            == "# my feeds\n\(new) news \"~Alpha\"   # moved in 2026?\nhttps://b.example/feed.xml\n")
        let moved = try #require(try store.feedHealth().first { $0.feed.url == new })
        #expect(moved.movedTo == nil && moved.feed.totalCount == 1, "the feed keeps its articles")
        #expect(try FeedListCommands.adoptMoved(paths: files.paths) == "no feed has moved\n")
    }
}
