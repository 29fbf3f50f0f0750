import FeedModel
import FilterLanguage
import Foundation
import Testing

@testable import FeedStore

/// The killfile on a real cache file: what it ignores is gone from lists, counts, search and
/// next-unread, in both modes, for articles stored before it and after.
@Suite struct KillfileTests {
    let a = "https://a.example/feed", b = "https://b.example/feed"

    private func rule(_ source: String, feed: String? = nil) throws -> Killfile.Rule {
        Killfile.Rule(feedURL: feed, expression: try FilterParser.parse(source))
    }

    private func items(_ prefix: String, sponsored: Set<Int>, count: Int = 4) -> [Item] {
        (0..<count).map { index in
            Sample.item("\(prefix)\(index)", hours: Double(index),
                        title: sponsored.contains(index) ? "Sponsored: offer \(prefix)\(index)" : "Story \(prefix)\(index)",
                        summary: "<p>kernel news \(prefix)\(index)</p>")
        }
    }

    @Test func displayModeHidesStoredArticlesEverywhereAndShowsThemAgainWhenTheRuleGoes() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a, b])
        try store.upsert(Sample.feed(items("a", sponsored: [1, 3])), forFeedURL: a)
        try store.upsert(Sample.feed(items("b", sponsored: [0])), forFeedURL: b)
        let aID = try store.feedList()[0].id
        try store.markItem(try store.items(inFeed: aID).first { $0.title == "Sponsored: offer a3" }!.id, read: true)

        // Applied at start, to what is already stored.
        let killfile = Killfile(rules: [try rule(#"title =~ "^sponsored""#)], mode: .display)
        let changed = try store.applyKillfile(killfile)
        #expect(changed.hidden == 3 && changed.shown == 0)

        let rows = try store.feedList()
        #expect(rows.map(\.totalCount) == [2, 3])
        #expect(rows.map(\.unreadCount) == [2, 3])
        #expect(try store.items(inFeed: aID).map(\.title) == ["Story a2", "Story a0"])
        #expect(try store.search(words: "kernel").count == 5)
        #expect(try store.search(words: "offer").isEmpty)
        var unread: [String] = []
        var current: ItemID?
        while let next = try store.nextUnread(after: current) {
            unread.append(next.title ?? "")
            current = next.id
        }
        #expect(unread == ["Story a2", "Story a0", "Story b3", "Story b2", "Story b1"])
        #expect(try store.hiddenByKillfileCount() == 3)

        // A reload stores a new sponsored article hidden, and does not show the old ones again.
        let newCount = try store.upsert(Sample.feed(items("a", sponsored: [1, 3, 4], count: 5)), forFeedURL: a)
        #expect(newCount == 0)
        #expect(try store.feedList()[0].totalCount == 2)
        #expect(try store.hiddenByKillfileCount() == 4)

        // Without the rule, they come back with their read state.
        let reverted = try store.applyKillfile(.empty)
        #expect(reverted.hidden == 0 && reverted.shown == 4)
        let back = try store.feedList()
        #expect(back.map(\.totalCount) == [5, 4])
        #expect(back.map(\.unreadCount) == [4, 4])
        #expect(try store.search(words: "offer").count == 4)
        // Nothing to do, nothing written.
        let generation = try store.generation()
        #expect(try store.applyKillfile(.empty) == (0, 0))
        #expect(try store.generation() == generation)
    }

    @Test func aRuleForOneFeedLeavesTheOthersAlone() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a, b])
        try store.upsert(Sample.feed(items("a", sponsored: [0])), forFeedURL: a)
        try store.upsert(Sample.feed(items("b", sponsored: [0])), forFeedURL: b)
        try store.applyKillfile(Killfile(rules: [try rule(#"title =~ "sponsored""#, feed: b)], mode: .display))
        #expect(try store.feedList().map(\.totalCount) == [4, 3])
    }

    @Test func downloadModeDoesNotStoreNewIgnoredArticlesAndHidesStoredOnes() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a])
        try store.upsert(Sample.feed(items("a", sponsored: [0])), forFeedURL: a)
        let killfile = Killfile(rules: [try rule(#"title =~ "sponsored" or (feedtitle = "Example feed" and age > 100000)"#)], mode: .download)
        #expect(try store.applyKillfile(killfile).hidden == 1)

        let newCount = try store.upsert(Sample.feed(items("a", sponsored: [0, 4, 5], count: 6)), forFeedURL: a)
        #expect(newCount == 0)
        let total = try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") }
        #expect(total == 4)  // a0 (stored before, hidden), a1–a3; a4 and a5 were never stored
        #expect(try store.feedList()[0].totalCount == 3)
        #expect(try store.hiddenByKillfileCount() == 1)
    }

    @Test func ignoredArticlesAreLeftOutOfFilteredListsAndQueryCounts() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a, b])
        try store.upsert(Sample.feed(items("a", sponsored: [1])), forFeedURL: a)
        try store.upsert(Sample.feed(items("b", sponsored: [2])), forFeedURL: b)
        try store.applyKillfile(Killfile(rules: [try rule(#"title =~ "sponsored""#)], mode: .display))
        let everything = try FilterParser.parse(#"unread = "yes""#)
        #expect(try store.items(matching: everything).count == 6)
        #expect(try store.counts(matching: [everything]) == [ItemCounts(unread: 6, total: 6)])
    }
}

/// Articles a sync brings are hidden by the killfile as fetched ones are.
@Suite struct KillfileSyncTests {
    @Test func syncedArticlesTheKillfileIgnoresAreHidden() throws {
        let cache = try TemporaryCache()
        let store = try cache.open()
        try store.applyKillfile(Killfile(
            rules: [Killfile.Rule(feedURL: nil, expression: try FilterParser.parse(#"title =~ "^article 2$""#))], mode: .download))
        let articles = [1, 2, 3].map { SyncStoreTests.article($0, feed: 10) }
        let outcome = try store.applySync(SyncStoreTests.batch(articles: articles, unread: [1, 2, 3]))
        #expect(outcome.newArticles == 2)
        let alpha = try #require(try store.feedList().first { $0.displayTitle == "Alpha" })
        #expect(alpha.totalCount == 2 && alpha.unreadCount == 2)
        #expect(try store.items(inFeed: alpha.id).map(\.title) == ["Article 1", "Article 3"])
    }
}
