import FeedModel
import Foundation
import Testing

@testable import FeedStore

@Suite struct QueryTests {
    let a = "https://a.example/feed", b = "https://b.example/feed", c = "https://c.example/feed"

    @Test func feedListCountsUnreadAndTotalAndPicksTheTitle() throws {
        let cache = try TemporaryCache()
        let store = try FeedStore(path: cache.path)
        try store.syncSubscriptions([
            Subscription(url: a, tags: ["news", "daily"], customTitle: "My A"),
            Subscription(url: b), Subscription(url: c), Subscription(url: "https://hidden.example/", isHidden: true),
        ])
        try store.upsert(Sample.feed((0..<5).map { Sample.item("a\($0)", hours: Double($0)) }), forFeedURL: a)
        try store.upsert(Sample.feed([Sample.item("b0", hours: 1)], title: "Bee's own title"), forFeedURL: b)
        try store.upsert(Sample.feed([Sample.item("h0", hours: 1)]), forFeedURL: "https://hidden.example/")
        try store.recordFailure(forFeedURL: c, reason: "HTTP 404")
        let aID = try store.feedList()[0].id
        let page = try store.items(inFeed: aID)
        try store.markItem(page[0].id, read: true)
        try store.markItem(page[1].id, read: true)
        try store.deleteItem(page[2].id)

        let rows = try store.feedList()
        #expect(rows.map(\.displayTitle) == ["My A", "Bee's own title", c])
        #expect(rows.map(\.unreadCount) == [2, 1, 0])
        #expect(rows.map(\.totalCount) == [4, 1, 0])
        #expect(rows[0].tags == ["news", "daily"])
        #expect(rows.map(\.hasFailed) == [false, false, true] && rows[2].lastError == "HTTP 404")

        #expect(try store.feedList(FeedListFilter(hidesFeedsWithoutUnread: true)).map(\.url) == [a, b])
        #expect(try store.feedList(FeedListFilter(tag: "daily")).map(\.url) == [a])
        #expect(try store.feedList(FeedListFilter(tag: "none")).isEmpty)
        let hidden = try #require(try store.feedsToFetch().first { $0.url == "https://hidden.example/" })
        #expect(try store.feed(hidden.id)?.totalCount == 1)
        #expect(try store.feed(FeedID(12345)) == nil)
    }

    @Test func countsStayRightThroughEveryKindOfChange() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a])
        try store.upsert(Sample.feed((0..<10).map { Sample.item("\($0)", hours: Double($0)) }), forFeedURL: a)
        let feedID = try store.feedList()[0].id
        let ids = try store.items(inFeed: feedID).map(\.id)
        try store.markItems(Array(ids[0..<4]), read: true)
        try store.markItem(ids[0], read: true)  // already read: no double count
        try store.setStarred(true, item: ids[1])
        try store.deleteItem(ids[5])
        try store.upsert(Sample.feed((0..<12).map { Sample.item("\($0)", hours: Double($0)) }), forFeedURL: a)
        // Recount from the items themselves and compare with the trigger-kept figures.
        let row = try store.feedList()[0]
        let all = try store.items(inFeed: feedID, ItemPageRequest(limit: 1000))
        #expect(row.totalCount == all.count && row.totalCount == 11)
        #expect(row.unreadCount == all.filter { !$0.isRead }.count && row.unreadCount == 7)
        try store.markFeed(feedID, read: true)
        #expect(try store.feedList()[0].unreadCount == 0)
        try store.markAllFeeds(read: false)
        #expect(try store.feedList()[0].unreadCount == 11)
    }

    @Test func itemsComeNewestFirstByPublishedThenUpdatedThenFirstSeen() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a])
        let items = [
            Item(id: "published", title: "published", published: Sample.date(hours: 3)),
            Item(id: "updated", title: "updated", updated: Sample.date(hours: 5)),
            Item(id: "undated-1", title: "undated-1"),
            Item(id: "undated-2", title: "undated-2"),
            Item(id: "old", title: "old", published: Sample.date(hours: 1), updated: Sample.date(hours: 9)),
        ]
        try store.upsert(Sample.feed(items), forFeedURL: a, at: Sample.date(hours: 4))
        let feedID = try store.feedList()[0].id
        // Undated items take the fetch time (hour 4) and keep the feed's own order.
        #expect(try store.items(inFeed: feedID).map(\.title) ==
                ["updated", "undated-1", "undated-2", "published", "old"])
        try store.upsert(Sample.feed([Item(id: "later", title: "later")]), forFeedURL: a, at: Sample.date(hours: 6))
        #expect(try store.items(inFeed: feedID).first?.title == "later")
    }

    @Test func pagesByKeysetAndOffsetWithoutGapsOrRepeats() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a])
        // 250 items, several sharing a date, so the id tie-break matters.
        try store.upsert(Sample.feed((0..<250).map { Sample.item("\($0)", hours: Double($0 / 3)) }), forFeedURL: a)
        let feedID = try store.feedList()[0].id
        let everything = try store.items(inFeed: feedID, ItemPageRequest(limit: 1000))
        #expect(everything.count == 250)
        #expect(zip(everything, everything.dropFirst()).allSatisfy { $0.date >= $1.date })

        var keyset: [ItemRow] = []
        var cursor: ItemCursor?
        while true {
            let page = try store.items(inFeed: feedID, ItemPageRequest(after: cursor, limit: 40))
            guard let last = page.last else { break }
            keyset += page
            cursor = last.cursor
        }
        #expect(keyset.map(\.id) == everything.map(\.id))

        let offsetPages = try stride(from: 0, to: 250, by: 60).flatMap {
            try store.items(inFeed: feedID, ItemPageRequest(offset: $0, limit: 60))
        }
        #expect(offsetPages.map(\.id) == everything.map(\.id))

        let unread = everything.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.id)
        try store.markItems(everything.map(\.id).filter { !unread.contains($0) }, read: true)
        #expect(try store.items(inFeed: feedID, ItemPageRequest(unreadOnly: true, limit: 1000)).map(\.id) == unread)
        let secondUnreadPage = try store.items(
            inFeed: feedID, ItemPageRequest(unreadOnly: true, after: ItemCursor(date: everything[9].date, id: everything[9].id), limit: 3))
        #expect(secondUnreadPage.map(\.id) == Array(unread[5..<8]))
    }

    @Test func nextAndPreviousUnreadFollowTheFeedListThenTheItemOrder() throws {
        let cache = try TemporaryCache()
        let store = try FeedStore(path: cache.path)
        try store.syncSubscriptions([
            Subscription(url: a), Subscription(url: b), Subscription(url: "https://hidden.example/", isHidden: true),
            Subscription(url: c),
        ])
        for (url, prefix) in [(a, "a"), (b, "b"), ("https://hidden.example/", "h"), (c, "c")] {
            try store.upsert(Sample.feed((0..<3).map { Sample.item("\(prefix)\($0)", hours: Double($0)) }), forFeedURL: url)
        }
        let feeds = try store.feedList()
        let titles = { (rows: [ItemRow]) in rows.map { $0.title ?? "" } }
        // Read all of b, and a's middle item.
        try store.markFeed(feeds[1].id, read: true)
        let aItems = try store.items(inFeed: feeds[0].id)
        #expect(titles(aItems) == ["Title a2", "Title a1", "Title a0"])
        try store.markItem(aItems[1].id, read: true)

        var order: [String] = []
        var current: ItemID? = nil
        while let next = try store.nextUnread(after: current) {
            order.append(next.title ?? "")
            current = next.id
        }
        #expect(order == ["Title a2", "Title a0", "Title c2", "Title c1", "Title c0"])

        var backwards: [String] = []
        current = nil
        while let previous = try store.previousUnread(before: current) {
            backwards.append(previous.title ?? "")
            current = previous.id
        }
        #expect(backwards == order.reversed())

        // From a read item, next unread is the following unread one.
        #expect(try store.nextUnread(after: aItems[1].id)?.title == "Title a0")
        // Within a tag filter only its feeds count.
        try store.syncSubscriptions([Subscription(url: a), Subscription(url: b), Subscription(url: c, tags: ["t"])])
        #expect(try store.nextUnread(after: nil, in: FeedListFilter(tag: "t"))?.title == "Title c2")
    }

    @Test func oneItemWithFullTextAndStarring() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1, summary: "<p>Full <em>text</em></p>")]), forFeedURL: a)
        let row = try #require(try store.items(inFeed: try store.feedList()[0].id).first)
        #expect(try store.item(row.id)?.item.summary == "<p>Full <em>text</em></p>")
        #expect(try store.item(ItemID(9999)) == nil)
        #expect(try store.setStarred(true, item: row.id))
        #expect(try !store.setStarred(true, item: row.id))
        #expect(try store.starredItems().map(\.id) == [row.id])
        try store.setStarred(false, item: row.id)
        #expect(try store.starredItems().isEmpty)
        try store.deleteItem(row.id)
        #expect(try store.item(row.id) == nil)
    }

    @Test func deletedItemsDoNotComeBackOnReload() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a])
        let feed = Sample.feed([Sample.item("1", hours: 1), Sample.item("2", hours: 2)])
        try store.upsert(feed, forFeedURL: a)
        let feedID = try store.feedList()[0].id
        try store.deleteItem(try store.items(inFeed: feedID)[0].id)
        #expect(try store.upsert(feed, forFeedURL: a) == 0)
        #expect(try store.items(inFeed: feedID).map(\.title) == ["Title 1"])
    }
}
