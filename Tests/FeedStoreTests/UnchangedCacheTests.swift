import FeedModel
import FilterLanguage
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// Opening an unchanged cache writes nothing (issue 46): what the reader's start and quit and
/// `tidings unread` ask of the store every time is, when there is nothing to change, a read.
@Suite struct UnchangedCacheTests {
    let alpha = "https://alpha.example/feed", beta = "https://beta.example/feed"

    /// The store's part of a reader's session that changes nothing: its start, then its quit.
    private func startAndQuit(_ store: FeedStore, subscriptions: [Subscription], killfile: Killfile, at now: Date) throws {
        try store.syncSubscriptions(subscriptions)
        try store.applyKillfile(killfile, now: now)
        try store.indexStoredBodies()
        try store.forgetOldPlaces(now: now)
        _ = try store.lastSessionEnd()
        try store.recordSessionEnd(at: now)
        store.checkpoint()
    }

    /// What a write would change: the cache file's bytes, the log's size.
    private func files(_ cache: TemporaryCache) throws -> (cache: Data, logBytes: Int64) {
        (try Data(contentsOf: URL(fileURLWithPath: cache.path)), FeedStore.fileSize(cache.path + "-wal"))
    }

    @Test func aSecondStartAndQuitWriteNothing() throws {
        let cache = try TemporaryCache()
        let subscriptions = [
            Subscription(url: alpha, tags: ["news", "local"]), Subscription(url: beta, customTitle: "Beta", isHidden: true),
            Subscription(url: alpha, tags: ["listed twice"]),
        ]
        let killfile = Killfile(rules: [Killfile.Rule(feedURL: nil, expression: try FilterParser.parse(#"title =~ "Spam""#))], mode: .display)
        do {
            let store = try FeedStore(path: cache.path)
            try store.syncSubscriptions(subscriptions)
            try store.upsert(Sample.feed([Sample.item("a1", hours: 1), Sample.item("a2", hours: 2, title: "Spam offer")]),
                             forFeedURL: alpha, at: Sample.date(hours: 3), indexingBodies: false)
            try store.upsert(Sample.feed([Sample.item("b1", hours: 1)]), forFeedURL: beta, at: Sample.date(hours: 3))
            let feed = try #require(try store.feedList().first?.id)
            let item = try #require(try store.items(inFeed: feed).first?.id)
            try store.setReadingPlace(FeedStore.ReadingPlace(line: 3, anchor: "Summary"), item: item, at: Sample.date(hours: 4))
            // The first session has work: the killfile hides, the bodies are indexed, the session
            // ends after articles arrived; 40 days on, the place is forgotten.
            try startAndQuit(store, subscriptions: subscriptions, killfile: killfile, at: Sample.date(hours: 40 * 24))
            #expect(try store.hiddenByKillfileCount() == 1)
            #expect(try store.articlesAwaitingIndex() == 0)
            #expect(try store.readingPlace(item: item, now: Sample.date(hours: 4)) == nil)
        }
        // A start after the log was emptied (the first session wrote much) writes once: GRDB
        // opens a cache with an empty log by writing into it. The next starts write nothing.
        try startAndQuit(try FeedStore(path: cache.path), subscriptions: subscriptions, killfile: killfile, at: Sample.date(hours: 41 * 24))
        let before = try files(cache)
        // Another connection sees every commit: `data_version` moves with each.
        let watcher = try DatabaseQueue(path: cache.path)
        let version = { try watcher.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version")! } }
        let versionBefore = try version()

        for hours in [42.0, 43.0] {
            let store = try FeedStore(path: cache.path)
            try startAndQuit(store, subscriptions: subscriptions, killfile: killfile, at: Sample.date(hours: hours * 24))
            #expect(try version() == versionBefore)
            let after = try files(cache)
            #expect(after.cache == before.cache)
            #expect(after.logBytes == before.logBytes)
        }
        // What arrived before the first session ended is not new after the later ones.
        let store = try FeedStore(path: cache.path)
        #expect(try store.lastSessionEnd() == Sample.date(hours: 40 * 24))
        #expect(try store.items(arrivedAfter: try #require(try store.lastSessionEnd())).isEmpty)
    }

    @Test func aChangedUrlsFileIsStillWritten() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha, beta])
        for changed in [
            [Subscription(url: beta), Subscription(url: alpha)],  // moved
            [Subscription(url: beta)],  // removed
            [Subscription(url: beta, tags: ["tech"])],  // tagged
            [Subscription(url: beta, tags: ["tech"], customTitle: "B")],  // titled
            [Subscription(url: beta, tags: ["tech"], customTitle: "B", isHidden: true)],  // hidden
            [Subscription(url: beta, tags: ["tech"], customTitle: "B", isHidden: true), Subscription(url: alpha)],  // back
        ] {
            let generation = try store.generation()
            try store.syncSubscriptions(changed)
            #expect(try store.generation() > generation)
            #expect(try store.feedsToFetch().map(\.url) == changed.map(\.url))
        }
    }
}
