import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// newsboat's article lifecycle in the cache: deleted articles leave lists and counts and do not
/// come back with the next reload; purging drops their text; `keep-articles-days` and
/// `delete-read-articles-on-quit` spare starred articles and the flags of
/// `keep-forever-if-flagged-with`.
@Suite struct ArticleLifecycleTests {
    let url = "https://a.example/feed"

    private func titles(_ store: FeedStore) throws -> [String] {
        try store.items(inFeed: try #require(try store.feedList().first).id).compactMap(\.title)
    }

    private func storedText(_ store: FeedStore, _ title: String) throws -> String? {
        try store.read { db in try String.fetchOne(db, sql: "SELECT summary FROM item WHERE title = ?", arguments: [title]) }
    }

    @Test func aDeletedArticleLeavesListsAndCountsAndStaysDeletedAcrossReloads() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let feed = Sample.feed([Sample.item("a1", hours: 1), Sample.item("a2", hours: 2), Sample.item("a3", hours: 3)])
        try store.upsert(feed, forFeedURL: url)
        let rows = try store.items(inFeed: try store.feedList()[0].id)
        #expect(try store.deleteArticle(rows[1].id))
        #expect(try titles(store) == ["Title a3", "Title a1"])
        #expect(try store.feedList()[0].totalCount == 2)
        #expect(try store.feedList()[0].unreadCount == 2)
        #expect(try store.search(words: "a2").isEmpty)
        // Kept until purged: a reload does not bring it back.
        #expect(try store.upsert(feed, forFeedURL: url, at: Sample.date(hours: 5)) == 0)
        #expect(try titles(store) == ["Title a3", "Title a1"])
        #expect(try storedText(store, "Title a2") != nil)
        #expect(try store.purgeDeleted() == 1)
        #expect(try storedText(store, "Title a2") == nil)
        #expect(try store.upsert(feed, forFeedURL: url, at: Sample.date(hours: 6)) == 0)
        #expect(try titles(store) == ["Title a3", "Title a1"])

        // Every article of the feed, starred ones too.
        try store.setStarred(true, item: rows[0].id)
        let deleted = try store.deleteAllArticles(inFeed: rows[0].feedID)
        #expect(Set(deleted) == [rows[0].id, rows[2].id], "a2 was deleted already")
        #expect(try titles(store).isEmpty)
        #expect(try store.feedList()[0].totalCount == 0)
        #expect(try store.starredCounts() == .zero)
        #expect(try store.upsert(feed, forFeedURL: url, at: Sample.date(hours: 7)) == 0)
        #expect(try titles(store).isEmpty)
    }

    /// An undo of a deletion lists the articles again, starred as they were, unless purged since.
    @Test func deletedArticlesComeBackUnlessPurged() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([Sample.item("a1", hours: 1), Sample.item("a2", hours: 2), Sample.item("a3", hours: 3)]), forFeedURL: url)
        let rows = try store.items(inFeed: try store.feedList()[0].id)  // a3 a2 a1
        try store.setStarred(true, item: rows[0].id)
        #expect(try store.deleteArticle(rows[1].id))
        try store.purgeDeleted()
        let deleted = try store.deleteAllArticles(inFeed: rows[0].feedID)
        #expect(try store.restoreDeletedArticles(deleted + [rows[1].id]) == 2, "a2 was purged: its text is gone")
        #expect(try titles(store) == ["Title a3", "Title a1"])
        #expect(try store.starredCounts().total == 1)
        #expect(try store.restoreDeletedArticles(deleted) == 0)
    }

    @Test func oldArticlesGoButStarredAndKeptFlagsStay() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let items = (1...5).map { Sample.item("a\($0)", hours: Double($0) * 24) }
        try store.upsert(Sample.feed(items), forFeedURL: url)
        let rows = try store.items(inFeed: try store.feedList()[0].id)  // a5 … a1
        try store.setStarred(true, item: rows[4].id)  // a1
        try store.setFlags(try #require(ArticleFlags(validating: "k")), item: rows[3].id)  // a2
        try store.setFlags(try #require(ArticleFlags(validating: "z")), item: rows[2].id)  // a3
        // 2.5 days after a5: a5 is the only article less than 3 days old.
        let now = Sample.date(hours: 5 * 24 + 60)
        #expect(try store.deleteArticles(olderThanDays: 3, keeping: try #require(ArticleFlags(validating: "k")), now: now) == 2)
        #expect(try titles(store) == ["Title a5", "Title a2", "Title a1"])
        #expect(try store.deleteArticles(olderThanDays: 0, now: now) == 0)
        // They do not come back while the feed carries them.
        #expect(try store.upsert(Sample.feed(items), forFeedURL: url, at: now) == 0)
        #expect(try titles(store) == ["Title a5", "Title a2", "Title a1"])
    }

    @Test func readArticlesGoOnQuitButStarredAndKeptFlagsStay() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed((1...4).map { Sample.item("a\($0)", hours: Double($0)) }), forFeedURL: url)
        let feedID = try store.feedList()[0].id
        let rows = try store.items(inFeed: feedID)  // a4 … a1
        try store.markItems([rows[0].id, rows[1].id, rows[2].id], read: true)
        try store.setStarred(true, item: rows[1].id)
        try store.setFlags(try #require(ArticleFlags(validating: "k")), item: rows[2].id)
        #expect(try store.deleteReadArticles(keeping: try #require(ArticleFlags(validating: "k"))) == 1)
        #expect(try titles(store) == ["Title a3", "Title a2", "Title a1"])
    }
}

/// `reset-unread-on-update`: a changed article of a listed feed is unread again after a reload.
@Suite struct ResetUnreadOnUpdateTests {
    @Test func changedArticlesOfTheListedFeedsBecomeUnreadAgain() throws {
        let cache = try TemporaryCache()
        let (reset, other) = ("https://reset.example/feed", "https://other.example/feed")
        let store = try cache.open(subscribing: [reset, other])
        store.resetUnreadOnUpdate(feedURLs: [reset])
        let items = [Sample.item("a1", hours: 1), Sample.item("a2", hours: 2), Sample.item("a3", hours: 3)]
        for url in [reset, other] { try store.upsert(Sample.feed(items), forFeedURL: url) }
        for feed in try store.feedList() { try store.markFeed(feed.id, read: true) }

        var changed = items
        changed[0].summary = "<p>Corrected summary</p>"
        changed[1].title = "A new title"
        for url in [reset, other] { try store.upsert(Sample.feed(changed), forFeedURL: url, at: Sample.date(hours: 9)) }
        let feeds = try store.feedList()
        let unread = { (url: String) throws -> [String] in
            let feed = try #require(feeds.first { $0.url == url })
            return try store.items(inFeed: feed.id).filter { !$0.isRead }.compactMap(\.title).sorted()
        }
        #expect(try unread(reset) == ["A new title", "Title a1"])
        #expect(feeds.first { $0.url == reset }?.unreadCount == 2)
        #expect(try unread(other).isEmpty)
        // Fetched again unchanged: nothing more.
        for feed in feeds { try store.markFeed(feed.id, read: true) }
        try store.upsert(Sample.feed(changed), forFeedURL: reset, at: Sample.date(hours: 10))
        #expect(try unread(reset).isEmpty)
    }
}
