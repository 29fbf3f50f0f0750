import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

@Suite struct IngestTests {
    let url = "https://a.example/feed.xml"

    @Test func countsNewItemsAndStoresTheFeedsMetadata() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let feed = Feed(format: .atom10, title: "Alpha News", link: "https://a.example/",
                        items: [Sample.item("1", hours: 1), Sample.item("2", hours: 2)])
        #expect(try store.upsert(feed, forFeedURL: url) == 2)
        #expect(try store.upsert(feed, forFeedURL: url) == 0)
        let row = try #require(try store.feedList().first)
        #expect(row.displayTitle == "Alpha News" && row.feedTitle == "Alpha News")
        #expect(row.link == "https://a.example/")
        #expect(row.totalCount == 2 && row.unreadCount == 2)
    }

    @Test func upsertForAnUnknownFeedIsAnError() throws {
        let cache = try TemporaryCache()
        let store = try cache.open()
        #expect(throws: StoreError.unknownFeed(url: url)) {
            try store.upsert(Sample.feed([Sample.item("1", hours: 1)]), forFeedURL: url)
        }
    }

    @Test func identityIsGuidThenLinkThenDigestOfTitleAndDate() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let date = Sample.date(hours: 5)
        let first = [
            Item(id: "tag:a,2025:1", title: "Guid item", link: "https://a.example/1", published: date),
            Item(title: "Link item", link: "https://a.example/2", published: date),
            Item(title: "Bare item", published: date),
        ]
        #expect(try store.upsert(Sample.feed(first), forFeedURL: url) == 3)
        // Same guid with a new link and title, same link with a new title, same title + date
        // with new text: all the same three items.
        let again = [
            Item(id: "tag:a,2025:1", title: "Guid item, edited", link: "https://a.example/moved", published: date),
            Item(title: "Link item, edited", link: "https://a.example/2", published: date),
            Item(title: "Bare item", published: date, summary: "now with text"),
        ]
        #expect(try store.upsert(Sample.feed(again), forFeedURL: url) == 0)
        let feedID = try store.feedList()[0].id
        let titles = Set(try store.items(inFeed: feedID).compactMap(\.title))
        #expect(titles == ["Guid item, edited", "Link item, edited", "Bare item"])
        // A different date makes a bare item a different item.
        let later = Item(title: "Bare item", published: Sample.date(hours: 6))
        #expect(try store.upsert(Sample.feed([later]), forFeedURL: url) == 1)
    }

    @Test func digestKeysAreStableAndNotSwiftsSeededHasher() {
        let item = Item(title: "Bare item", published: Date(timeIntervalSince1970: 1_000_000))
        // FNV-1a 64 of "Bare item\u{1F}1000000.000", computed independently with Python.
        #expect(ItemKey.key(for: item) == "fnv1a64:644229e48bc0563a")
        #expect(ItemKey.hexDigest("") == "cbf29ce484222325")
        #expect(ItemKey.hexDigest("a") == "af63dc4c8601ec8c")
        #expect(ItemKey.key(for: Item(id: "  ", link: " https://x/ ")) == "https://x/")
    }

    @Test func refetchUpdatesTextButNeverReadOrStarredState() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1), Sample.item("2", hours: 2)]), forFeedURL: url)
        let feedID = try store.feedList()[0].id
        let rows = try store.items(inFeed: feedID)
        let read = try #require(rows.first { $0.title == "Title 1" })
        let starred = try #require(rows.first { $0.title == "Title 2" })
        try store.markItem(read.id, read: true)
        try store.setStarred(true, item: starred.id)

        let edited = [
            Sample.item("1", hours: 1, title: "Title 1, corrected", summary: "<p>New text</p>"),
            Sample.item("2", hours: 2, title: "Title 2, corrected"),
        ]
        #expect(try store.upsert(Sample.feed(edited), forFeedURL: url) == 0)
        let stored = try #require(try store.item(read.id))
        #expect(stored.item.title == "Title 1, corrected" && stored.item.summary == "<p>New text</p>")
        #expect(stored.isRead && !stored.isStarred)
        let other = try #require(try store.item(starred.id))
        #expect(!other.isRead && other.isStarred)
        #expect(try store.feedList()[0].unreadCount == 1)
    }

    @Test func anEntryRepeatedInOneDocumentIsStoredOnceWithItsFirstText() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let feed = Sample.feed([
            Sample.item("1", hours: 2, title: "Lighthouse, top copy"),
            Sample.item("2", hours: 1),
            Sample.item("1", hours: 3, title: "Harbour, stale copy"),
        ])
        #expect(try store.upsert(feed, forFeedURL: url) == 2)
        #expect(try store.search(words: "lighthouse").count == 1)
        #expect(try store.search(words: "harbour").isEmpty)
        // A re-fetch that edits the text and adds an item keeps the index consistent.
        let edited = Sample.feed([
            Sample.item("3", hours: 4, title: "Harbour news"), Sample.item("1", hours: 2, title: "Beacon"),
            Sample.item("2", hours: 1),
        ])
        #expect(try store.upsert(edited, forFeedURL: url) == 1)
        #expect(try store.search(words: "lighthouse").isEmpty)
        #expect(try store.search(words: "beacon").count == 1 && store.search(words: "harbour").count == 1)
        try store.write { db in try db.execute(sql: "INSERT INTO itemSearch (itemSearch) VALUES ('integrity-check')") }
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func itemsThatLeaveTheFeedStay() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1), Sample.item("2", hours: 2)]), forFeedURL: url)
        #expect(try store.upsert(Sample.feed([Sample.item("3", hours: 3)]), forFeedURL: url) == 1)
        #expect(try store.feedList()[0].totalCount == 3)
    }

    @Test func storesEveryFieldOfAnItem() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let item = Item(
            id: "g1", title: "Episode 1", link: "https://a.example/e1", author: "Ann",
            published: Sample.date(hours: 1), updated: Sample.date(hours: 2),
            summary: "<p>Short</p>", content: "<p>Long <b>text</b></p>", categories: ["audio", "news"],
            enclosures: [Enclosure(url: "https://a.example/e1.mp3", type: "audio/mpeg", length: 1234)])
        try store.upsert(Sample.feed([item]), forFeedURL: url)
        let row = try #require(try store.items(inFeed: try store.feedList()[0].id).first)
        #expect(row.hasEnclosures && row.author == "Ann" && row.date == Sample.date(hours: 1))
        let stored = try #require(try store.item(row.id))
        #expect(stored.item == item)
        #expect(stored.key == "g1")
        #expect(stored.feedTitle == "Example feed")
    }

    @Test func aRefetchRewritesEveryFieldOfAKnownItem() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let first = Item(
            id: "g1", title: "Episode 1", link: "https://a.example/e1", author: "Ann",
            published: Sample.date(hours: 1), updated: Sample.date(hours: 2), summary: "<p>Short</p>",
            categories: ["audio"], enclosures: [Enclosure(url: "https://a.example/e1.mp3", type: "audio/mpeg")])
        try store.upsert(Sample.feed([first]), forFeedURL: url, at: Sample.date(hours: 3))
        let id = try #require(try store.items(inFeed: try store.feedList()[0].id).first).id

        let second = Item(
            id: "g1", title: "Lighthouse keeper", link: "https://a.example/e1-fixed", author: "Bo",
            published: Sample.date(hours: 4), updated: Sample.date(hours: 5), summary: "<p>Longer</p>",
            content: "<p>Whole <i>story</i></p>", categories: ["news", "sea/\"salt\" \\ \u{1}"],
            enclosures: [Enclosure(url: "https://a.example/e1.ogg", type: "audio/ogg", length: 99)])
        #expect(try store.upsert(Sample.feed([second]), forFeedURL: url, at: Sample.date(hours: 6)) == 0)
        let stored = try #require(try store.item(id))
        #expect(stored.item == second)
        #expect(stored.date == Sample.date(hours: 4) && stored.firstSeenAt == Sample.date(hours: 3))
        // The columns derived from the item follow it: list excerpt, folded title, search.
        let row = try #require(try store.items(inFeed: stored.feedID).first)
        #expect(row.excerpt == "Longer" && row.author == "Bo")
        #expect(try store.search(words: "lighthouse").map(\.id) == [id])
        #expect(try store.search(words: "episode").isEmpty)
        #expect(try store.items(inFeed: stored.feedID, titleContaining: "KEEPER").map(\.id) == [id])
    }

    /// A daily reload of a feed that gained a few items writes those and the ones it changed,
    /// not every row it carries again (issue 46): an unchanged row keeps its last-seen time.
    @Test func aRefetchWritesOnlyTheItemsItChanged() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let kept = Sample.item("1", hours: 1)
        var edited = Sample.item("2", hours: 2)
        try store.upsert(Sample.feed([kept, edited]), forFeedURL: url, at: Sample.date(hours: 3))
        edited.title = "Corrected"
        #expect(try store.upsert(Sample.feed([kept, edited, Sample.item("3", hours: 4)]), forFeedURL: url, at: Sample.date(hours: 5)) == 1)
        let seen = try store.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT guid, lastSeenAt FROM item").map {
                ($0["guid"] as String, $0["lastSeenAt"] as Double)
            })
        }
        #expect(seen == ["1": Sample.date(hours: 3).timeIntervalSince1970, "2": Sample.date(hours: 5).timeIntervalSince1970,
                         "3": Sample.date(hours: 5).timeIntervalSince1970])
        #expect(try store.search(words: "corrected").count == 1)
    }

    @Test func anUndatedItemIsSortedByWhenItWasFirstSeen() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let undated = Item(id: "u", title: "Undated")
        try store.upsert(Sample.feed([undated]), forFeedURL: url, at: Sample.date(hours: 1))
        try store.upsert(Sample.feed([undated]), forFeedURL: url, at: Sample.date(hours: 2))
        let id = try #require(try store.items(inFeed: try store.feedList()[0].id).first).id
        #expect(try store.item(id)?.date == Sample.date(hours: 1))
        // A date that appears later replaces it; one that is only updated too.
        try store.upsert(Sample.feed([Item(id: "u", updated: Sample.date(hours: 7))]), forFeedURL: url, at: Sample.date(hours: 3))
        #expect(try store.item(id)?.date == Sample.date(hours: 7))
    }

    @Test func storesTheFeedsMetadataAndKeepsATitleOrLinkAFetchLacks() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let feed = Feed(
            format: .atom10, title: "Alpha News", link: "https://a.example/", subtitle: "All of Alpha",
            language: "en", author: "Alpha desk", image: "https://a.example/logo.png")
        try store.upsert(feed, forFeedURL: url, validators: CacheValidators(etag: "\"e1\""), at: Sample.date(hours: 1))
        let stored = { () throws -> [String?] in
            try DatabaseQueue(path: cache.path).read { db in
                let row = try #require(try Row.fetchOne(
                    db, sql: "SELECT title, link, subtitle, author, image, language, format, etag, lastModified FROM feed"))
                return row.databaseValues.map(String.fromDatabaseValue)
            }
        }
        #expect(try stored() == [
            "Alpha News", "https://a.example/", "All of Alpha", "Alpha desk", "https://a.example/logo.png", "en",
            "atom1.0", "\"e1\"", nil,
        ])
        #expect(try store.feedList()[0].lastSuccessAt == Sample.date(hours: 1))

        try store.upsert(Feed(format: .rss20), forFeedURL: url, at: Sample.date(hours: 2))
        #expect(try stored() == ["Alpha News", "https://a.example/", nil, nil, nil, nil, "rss2.0", nil, nil])
    }

    @Test func upsertIsAllOrNothing() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1)]), forFeedURL: url)
        // A trigger that fails on the third new item makes the whole upsert fail.
        let db = try DatabaseQueue(path: cache.path)
        try db.write { db in
            try db.execute(sql: """
                CREATE TRIGGER failOnPoison BEFORE INSERT ON item WHEN new.guid = 'poison'
                BEGIN SELECT RAISE(ABORT, 'poisoned'); END
                """)
        }
        let items = [Sample.item("2", hours: 2), Sample.item("poison", hours: 3), Sample.item("4", hours: 4)]
        #expect(throws: StoreError.self) {
            try store.upsert(Feed(format: .rss20, title: "Renamed", items: items), forFeedURL: url)
        }
        let row = try store.feedList()[0]
        #expect(row.totalCount == 1 && row.feedTitle == "Example feed")
    }

    @Test func notModifiedAndFailureKeepItemsAndTrackTheFeedsState() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1)]), forFeedURL: url,
                         validators: CacheValidators(etag: "\"v1\"", lastModified: "Mon, 02 Jun 2025 10:00:00 GMT"),
                         at: Sample.date(hours: 10))
        #expect(try store.validators(forFeedURL: url) ==
                CacheValidators(etag: "\"v1\"", lastModified: "Mon, 02 Jun 2025 10:00:00 GMT"))

        try store.recordFailure(forFeedURL: url, reason: "HTTP 503\nService Unavailable", at: Sample.date(hours: 11))
        try store.recordFailure(forFeedURL: url, reason: "timed out", at: Sample.date(hours: 12))
        var row = try store.feedList()[0]
        #expect(row.hasFailed && row.lastError == "timed out" && row.failureCount == 2)
        #expect(row.totalCount == 1 && row.lastSuccessAt == Sample.date(hours: 10))
        #expect(row.lastAttemptAt == Sample.date(hours: 12))
        #expect(try store.validators(forFeedURL: url).etag == "\"v1\"")

        try store.recordNotModified(forFeedURL: url, at: Sample.date(hours: 13))
        row = try store.feedList()[0]
        #expect(!row.hasFailed && row.failureCount == 0 && row.totalCount == 1)
        #expect(row.lastSuccessAt == Sample.date(hours: 13))
        #expect(try store.feedsToFetch()[0].validators.etag == "\"v1\"")

        try store.recordFailure(forFeedURL: url, reason: "HTTP 503\nService Unavailable")
        #expect(try store.feedList()[0].lastError == "HTTP 503 Service Unavailable")
    }

    @Test func permanentRedirectMovesTheFetchURLAfterTwoSuccessesInARow() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let target = "https://b.example/feed.xml"
        let feed = Sample.feed([Sample.item("1", hours: 1)])

        try store.upsert(feed, forFeedURL: url, permanentRedirect: target)
        #expect(try store.feedsToFetch()[0].fetchURL == url)
        try store.recordFailure(forFeedURL: url, reason: "timeout")  // breaks the run
        try store.upsert(feed, forFeedURL: url, permanentRedirect: target)
        #expect(try store.feedsToFetch()[0].fetchURL == url)
        try store.upsert(feed, forFeedURL: url)  // not redirected this time: breaks the run
        try store.recordNotModified(forFeedURL: url, permanentRedirect: target)
        try store.upsert(feed, forFeedURL: url, permanentRedirect: "https://c.example/other.xml")
        #expect(try store.feedsToFetch()[0].fetchURL == url)
        try store.upsert(feed, forFeedURL: url, permanentRedirect: "https://c.example/other.xml")
        let moved = try store.feedsToFetch()[0]
        #expect(moved.fetchURL == "https://c.example/other.xml" && moved.url == url)
        // The urls file still names the old URL: syncing it keeps the feed and its move.
        try store.syncSubscriptions([Subscription(url: url)])
        #expect(try store.feedsToFetch().map(\.fetchURL) == ["https://c.example/other.xml"])
        #expect(try store.feedList()[0].totalCount == 1)
    }

    @Test func notModifiedWithoutRedirectBreaksTheRunAndNeedsAKnownFeed() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let target = "https://b.example/feed.xml"
        try store.upsert(Sample.feed([Sample.item("1", hours: 1)]), forFeedURL: url, permanentRedirect: target)
        try store.recordNotModified(forFeedURL: url)  // not redirected this time: breaks the run
        try store.recordNotModified(forFeedURL: url, permanentRedirect: target)
        #expect(try store.feedsToFetch()[0].fetchURL == url)
        try store.recordNotModified(forFeedURL: url, permanentRedirect: target)
        #expect(try store.feedsToFetch()[0].fetchURL == target)
        #expect(throws: StoreError.unknownFeed(url: "https://nowhere.example/")) {
            try store.recordNotModified(forFeedURL: "https://nowhere.example/")
        }
        #expect(try store.feedList()[0].totalCount == 1)
    }

    @Test func syncAddsUpdatesOrdersAndUnsubscribesWithoutLosingState() throws {
        let cache = try TemporaryCache()
        let store = try FeedStore(path: cache.path)
        let a = "https://a.example/", b = "https://b.example/", c = "https://c.example/"
        try store.syncSubscriptions([
            Subscription(url: a, tags: ["news"]), Subscription(url: b, customTitle: "Bee"),
            Subscription(url: c, isHidden: true),
        ])
        #expect(try store.feedList().map(\.displayTitle) == [a, "Bee"])
        #expect(try store.feedsToFetch().map(\.url) == [a, b, c])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1), Sample.item("2", hours: 2)]), forFeedURL: a)
        let first = try #require(try store.items(inFeed: try store.feedList()[0].id).first)
        try store.markItem(first.id, read: true)

        // Reordered, retagged, a dropped; a line listed twice keeps its first settings.
        try store.syncSubscriptions([
            Subscription(url: c), Subscription(url: b, tags: ["x"]), Subscription(url: b, customTitle: "Dup"),
        ])
        #expect(try store.feedList().map(\.url) == [c, b])
        #expect(try store.feedList()[1].tags == ["x"] && store.feedList()[1].customTitle == nil)
        #expect(try store.feedsToFetch().map(\.url) == [c, b])

        // a comes back with its items and read state.
        try store.syncSubscriptions([Subscription(url: a, tags: ["news", "daily"])])
        let row = try #require(try store.feedList().first)
        #expect(row.url == a && row.totalCount == 2 && row.unreadCount == 1 && row.tags == ["news", "daily"])
    }
}
