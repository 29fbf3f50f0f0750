import FeedModel
import FilterLanguage
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// newsboat's article flags in the cache: kept across reopening and reloads, read by filters
/// (in SQL and in Swift alike), the star standing for its letter.
@Suite struct ArticleFlagsTests {
    @Test func flagsAreLettersOnlySortedAndEachOnce() {
        #expect(ArticleFlags(validating: "sba s")?.letters == "abs")
        #expect(ArticleFlags(validating: "")?.letters == "")
        #expect(ArticleFlags(validating: "a1") == nil)
        #expect(ArticleFlags(validating: "é") == nil)
        #expect(ArticleFlags(validating: "a!") == nil)
    }

    @Test func flagsSurviveReopeningAndReloadsAndFiltersReadThem() throws {
        let cache = try TemporaryCache()
        let url = "https://a.example/feed"
        let store = try cache.open(subscribing: [url])
        let feed = Sample.feed([Sample.item("a1", hours: 1), Sample.item("a2", hours: 2), Sample.item("a3", hours: 3)])
        try store.upsert(feed, forFeedURL: url)
        let feedID = try #require(try store.feedList().first).id
        let rows = try store.items(inFeed: feedID)  // newest first: a3, a2, a1
        #expect(try store.setFlags(try #require(ArticleFlags(validating: "ba")), item: rows[0].id))
        #expect(try !store.setFlags(try #require(ArticleFlags(validating: "ab")), item: rows[0].id))
        // The star's letter stars.
        try store.setFlags(try #require(ArticleFlags(validating: "sz")), item: rows[1].id)

        try store.upsert(feed, forFeedURL: url, at: Sample.date(hours: 10))
        let reopened = try FeedStore(path: cache.path)
        let again = try reopened.items(inFeed: feedID)
        #expect(again.map { $0.allFlags(star: "s").letters } == ["ab", "sz", ""])
        #expect(again.map(\.isStarred) == [false, true, false])
        #expect(try reopened.starredCounts().total == 1)

        let now = Sample.date(hours: 10)
        for (source, titles) in [
            (#"flags # "a""#, ["Title a3"]), (#"flags # "s""#, ["Title a2"]), (#"flags = "ab""#, ["Title a3"]),
            (#"flags =~ "z""#, ["Title a2"]), (#"flags = """#, ["Title a1"]),
        ] {
            let expression = try FilterParser.parse(source)
            let found = try reopened.items(matching: expression, now: now).compactMap(\.title)
            #expect(found == titles, "\(source)")
            // Swift evaluation agrees with SQL.
            let inSwift = again.filter { row in
                expression.matches(FilterArticle(title: row.title, isStarred: row.isStarred, flags: row.flags, date: row.date,
                                                  feedTitle: row.feedTitle, feedURL: url), now: now)
            }.compactMap(\.title)
            #expect(inSwift == titles, "\(source)")
        }
    }

    @Test func anotherStarLetterStandsForTheStar() throws {
        let cache = try TemporaryCache()
        let url = "https://a.example/feed"
        try cache.open(subscribing: [url]).upsert(Sample.feed([Sample.item("a1", hours: 1), Sample.item("a2", hours: 2)]), forFeedURL: url)
        let store = try FeedStore(path: cache.path, starFlag: "a")
        let rows = try store.items(inFeed: try #require(try store.feedList().first).id)
        try store.setFlags(try #require(ArticleFlags(validating: "as")), item: rows[0].id)
        try store.setStarred(true, item: rows[1].id)
        let now = Sample.date(hours: 10)
        #expect(try store.items(matching: try FilterParser.parse(#"flags # "a""#), now: now).compactMap(\.title) == ["Title a2", "Title a1"])
        #expect(try store.items(matching: try FilterParser.parse(#"flags # "s""#), now: now).compactMap(\.title) == ["Title a2"])
        // Clearing the star's letter unstars.
        try store.setFlags(try #require(ArticleFlags(validating: "s")), item: rows[0].id)
        #expect(try store.items(inFeed: rows[0].feedID).map(\.isStarred) == [false, true])
    }

    @Test func theMigrationAddsEmptyFlagsToAnOlderCache() throws {
        let cache = try TemporaryCache()
        let url = "https://a.example/feed"
        do {
            // An older cache: as the v10 migration left it.
            let pool = try DatabasePool(path: cache.path)
            try StoreSchema.migrator.migrate(pool, upTo: "v10: article lengths")
        }
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([Sample.item("a1", hours: 1)]), forFeedURL: url)
        #expect(try store.items(inFeed: try #require(try store.feedList().first).id).map(\.flags) == [.none])
    }
}
