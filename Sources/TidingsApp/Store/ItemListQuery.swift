import FeedModel
import FeedStore
import Foundation

/// A feed's counts and the pages of its items around the selection (see `ItemListScreen`).
struct ItemListQuery: StoreQuery {
    var feedID: FeedID
    var titleFilter: String
    var unreadOnly: Bool
    var order: ItemOrder
    /// The selected item when the order has changed: the store says where it went.
    var movedItem: ItemCursor?
    var selection: Int
    var visibleRows: Int
    var pages: ItemPages
    /// Select the first unread article in the order (`goto-first-unread`, when the list opens).
    var selectsFirstUnread = false
    /// When the list opens: the article it had selected when left in an earlier session (before
    /// this time), if it is still listed, wins over the first unread one.
    var restoresPlaceSavedBefore: Date?
    /// The time places are read at (a place older than 30 days is forgotten).
    var now = Date(timeIntervalSince1970: 0)

    struct Answer: Sendable {
        var generation: Int64
        var feed: FeedListRow?
        var count: Int
        var pages: [Int: [ItemRow]]
        var selection: Int
    }

    func answer(from store: FeedStore) throws -> Answer {
        let generation = try store.generation()
        let feed = try store.feed(feedID)
        let count: Int
        if case .filtered(_, let expression, let now) = pages {
            count = try store.itemCount(matching: expression, inFeed: feedID, unreadOnly: unreadOnly, now: now)
        } else if titleFilter.isEmpty {
            count = unreadOnly ? feed?.unreadCount ?? 0 : feed?.totalCount ?? 0
        } else {
            count = try store.itemCount(inFeed: feedID, titleContaining: titleFilter, unreadOnly: unreadOnly)
        }
        var selection = try movedItem.map {
            try store.itemIndex(of: $0, inFeed: feedID, titleContaining: titleFilter, unreadOnly: unreadOnly, order: order)
        } ?? self.selection
        if selectsFirstUnread, case .feed(let feedID, let titleFilter) = pages, titleFilter.isEmpty,
           let first = try store.items(inFeed: feedID, ItemPageRequest(unreadOnly: true, limit: 1, order: order)).first {
            selection = try store.itemIndex(of: first.cursor, inFeed: feedID, titleContaining: "", unreadOnly: unreadOnly, order: order)
        }
        if let before = restoresPlaceSavedBefore, case .feed(let feedID, let titleFilter) = pages, titleFilter.isEmpty,
           let saved = try store.listPlace(feed: feedID, savedBefore: before, now: now),
           let row = try store.itemRows([saved]).first, !unreadOnly || !row.isRead {
            selection = try store.itemIndex(of: row.cursor, inFeed: feedID, titleContaining: "", unreadOnly: unreadOnly, order: order)
        }
        // New items arrive at the top: read a page either side of the selection, to find it.
        let window = max(0, selection - PagedItems.pageSize)..<(selection + PagedItems.pageSize + visibleRows)
        let read = try PagedItems.readPages(covering: window, count: count, unreadOnly: unreadOnly, order: order, pages: pages, from: store)
        return Answer(generation: generation, feed: feed, count: count, pages: read, selection: selection)
    }

    static func message(_ result: StoreResult<Answer>, route: ScreenTicket) -> ReaderMessage {
        .itemListRead(route, result)
    }
}
