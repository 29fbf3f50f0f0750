import FeedModel
import FilterLanguage
import Foundation
import Testing

@testable import FeedStore

/// `article-sort-order` in the store: every field and direction, offset paging, and the lists
/// that follow the order (title filter, filter expressions, Starred).
@Suite struct ItemOrderTests {
    let a = "https://a.example/feed", b = "https://b.example/feed"

    /// Four items of feed `a`: "apple" twice (different case and date), so ties show.
    private func fruitStore(_ cache: TemporaryCache) throws -> (FeedStore, FeedID) {
        let store = try cache.open(subscribing: [a, b])
        let items = [
            Item(id: "g3", title: "banana", link: "https://x.example/2", author: "carol", published: Sample.date(hours: 1)),
            Item(id: "g1", title: "Apple", link: "https://x.example/3", author: "Bob", published: Sample.date(hours: 2)),
            Item(id: "g4", title: "cherry", link: "https://x.example/1", author: "alice", published: Sample.date(hours: 3)),
            Item(id: "g2", title: "apple", link: "https://x.example/4", author: "dave", published: Sample.date(hours: 4)),
        ]
        try store.upsert(Sample.feed(items), forFeedURL: a)
        return (store, try store.feedList()[0].id)
    }

    private func titles(_ store: FeedStore, _ feedID: FeedID, _ order: ItemOrder) throws -> [String?] {
        try store.items(inFeed: feedID, ItemPageRequest(order: order)).map(\.title)
    }

    @Test func everyFieldSortsBothWaysWithNewestFirstBreakingTies() throws {
        let cache = try TemporaryCache()
        let (store, feedID) = try fruitStore(cache)
        #expect(try titles(store, feedID, .newestFirst) == ["apple", "cherry", "Apple", "banana"])
        #expect(try titles(store, feedID, ItemOrder(.date, descending: false)) == ["banana", "Apple", "cherry", "apple"])
        // Case is ignored; the two apples keep newest first in both directions.
        #expect(try titles(store, feedID, ItemOrder(.title)) == ["apple", "Apple", "banana", "cherry"])
        #expect(try titles(store, feedID, ItemOrder(.title, descending: true)) == ["cherry", "banana", "apple", "Apple"])
        #expect(try titles(store, feedID, ItemOrder(.author)) == ["cherry", "Apple", "banana", "apple"])
        #expect(try titles(store, feedID, ItemOrder(.link)) == ["cherry", "banana", "Apple", "apple"])
        #expect(try titles(store, feedID, ItemOrder(.guid)) == ["Apple", "apple", "banana", "cherry"])
        #expect(try titles(store, feedID, ItemOrder(.guid, descending: true)) == ["cherry", "banana", "apple", "Apple"])
    }

    @Test func flagsPutUnreadFirstThenStarred() throws {
        let cache = try TemporaryCache()
        let (store, feedID) = try fruitStore(cache)
        let ids = Dictionary(uniqueKeysWithValues: try store.items(inFeed: feedID).map { ($0.title ?? "", $0.id) })
        _ = try store.markItem(ids["apple"]!, read: true)
        _ = try store.markItem(ids["banana"]!, read: true)
        _ = try store.setStarred(true, item: ids["banana"]!)
        _ = try store.setStarred(true, item: ids["Apple"]!)
        #expect(try titles(store, feedID, ItemOrder(.flags)) == ["Apple", "cherry", "banana", "apple"])
        #expect(try titles(store, feedID, ItemOrder(.flags, descending: true)) == ["apple", "banana", "cherry", "Apple"])
    }

    @Test func randomIsOneShuffleThatOffsetPagesAgreeOn() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a])
        try store.upsert(Sample.feed((0..<250).map { Sample.item("\($0)", hours: Double($0)) }), forFeedURL: a)
        let feedID = try store.feedList()[0].id
        let newest = try store.items(inFeed: feedID, ItemPageRequest(limit: 1000)).map(\.id)
        let shuffle = ItemOrder(.random, seed: 12345)
        let whole = try store.items(inFeed: feedID, ItemPageRequest(limit: 1000, order: shuffle)).map(\.id)
        let paged = try stride(from: 0, to: 250, by: 60).flatMap {
            try store.items(inFeed: feedID, ItemPageRequest(offset: $0, limit: 60, order: shuffle)).map(\.id)
        }
        #expect(paged == whole)
        #expect(Set(whole) == Set(newest) && whole.count == 250)
        #expect(whole != newest && whole != Array(newest.reversed()))
        // Another seed is another shuffle, not the same one rotated.
        let other = try store.items(inFeed: feedID, ItemPageRequest(limit: 1000, order: ItemOrder(.random, seed: 999))).map(\.id)
        let rotations = whole.indices.map { Array(whole[$0...] + whole[..<$0]) }
        #expect(!rotations.contains(other))
        // No fixed stride between neighbours, as a bare multiplicative hash gives.
        let strides = Set(zip(whole, whole.dropFirst()).map { $0.rawValue - $1.rawValue })
        #expect(strides.count > 50)
    }

    @Test func offsetPagesOfAnotherOrderHaveNoGapsOrRepeats() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [a])
        // Titles repeat every seven items: the tie-breaks decide most of the order.
        try store.upsert(Sample.feed((0..<250).map { Sample.item("\($0)", hours: Double($0 / 3), title: "t\($0 % 7)") }), forFeedURL: a)
        let feedID = try store.feedList()[0].id
        let order = ItemOrder(.title, descending: true)
        let whole = try store.items(inFeed: feedID, ItemPageRequest(limit: 1000, order: order))
        let paged = try stride(from: 0, to: 250, by: 100).flatMap {
            try store.items(inFeed: feedID, ItemPageRequest(offset: $0, limit: 100, order: order))
        }
        #expect(paged.map(\.id) == whole.map(\.id) && Set(whole.map(\.id)).count == 250)
        #expect(whole.first?.title == "t6" && whole.last?.title == "t0")
    }

    @Test func titleFilterFiltersAndStarredFollowTheOrder() throws {
        let cache = try TemporaryCache()
        let (store, feedID) = try fruitStore(cache)
        let byTitle = ItemOrder(.title)
        #expect(try store.items(inFeed: feedID, titleContaining: "an", ItemPageRequest(order: byTitle)).map(\.title) == ["banana"])
        #expect(try store.items(inFeed: feedID, titleContaining: "e", ItemPageRequest(order: byTitle)).map(\.title)
                == ["apple", "Apple", "cherry"])
        let expression = try FilterParser.parse(#"title =~ "e""#)
        #expect(try store.items(matching: expression, inFeed: feedID, ItemPageRequest(order: byTitle)).map(\.title)
                == ["apple", "Apple", "cherry"])
        try store.upsert(Sample.feed([Item(id: "b1", title: "Aardvark", published: Sample.date(hours: 0))]), forFeedURL: b)
        // A query feed: every feed's articles.
        #expect(try store.items(matching: expression, ItemPageRequest(order: byTitle)).map(\.title)
                == ["apple", "Apple", "cherry"])
        #expect(try store.items(matching: try FilterParser.parse(#"title =~ "a|A""#), ItemPageRequest(order: byTitle)).map(\.title)
                == ["Aardvark", "apple", "Apple", "banana"])
        for item in try store.items(inFeed: feedID) { _ = try store.setStarred(true, item: item.id) }
        #expect(try store.starredItems(ItemPageRequest(order: ItemOrder(.title, descending: true))).map(\.title)
                == ["cherry", "banana", "apple", "Apple"])
    }

    @Test func itemIndexCountsTheItemsBeforeOneInTheOrder() throws {
        let cache = try TemporaryCache()
        let (store, feedID) = try fruitStore(cache)
        let rows = Dictionary(uniqueKeysWithValues: try store.items(inFeed: feedID).map { ($0.title ?? "", $0) })
        let byTitle = ItemOrder(.title)
        #expect(try store.itemIndex(of: rows["banana"]!.cursor, inFeed: feedID, titleContaining: "", order: byTitle) == 2)
        #expect(try store.itemIndex(of: rows["apple"]!.cursor, inFeed: feedID, titleContaining: "", order: byTitle) == 0)
        // Not in the filtered list ("e"): where it would be, after "apple" and "Apple".
        #expect(try store.itemIndex(of: rows["banana"]!.cursor, inFeed: feedID, titleContaining: "e", order: byTitle) == 2)
        // Newest first, the same question is answered through the index, as before.
        #expect(try store.itemIndex(of: rows["banana"]!.cursor, inFeed: feedID, titleContaining: "") == 3)
    }

    @Test func feedListRowsCarryTheirNewestItemsDate() throws {
        let cache = try TemporaryCache()
        let (store, feedID) = try fruitStore(cache)
        let newest = try #require(store.items(inFeed: feedID).first)
        try store.markItems([newest.id], read: true)
        let rows = try store.feedList()
        #expect(rows[0].newestItemDate == Sample.date(hours: 4))
        // The newest unread one is the next: `latestunread` sorts by it.
        #expect(rows[0].newestUnreadItemDate == Sample.date(hours: 3))
        #expect(rows[1].newestItemDate == nil && rows[1].newestUnreadItemDate == nil)
    }
}
