import FeedModel
import FeedStore

/// A feed's items narrowed by the title typed into the quick filter: the rows around `anchor`,
/// or where it would be.
struct TitleFilterQuery: StoreQuery {
    var feedID: FeedID
    var titleFilter: String
    var unreadOnly: Bool
    var order: ItemOrder
    var unfilteredCount: Int
    var anchor: ItemCursor?
    var visibleRows: Int

    struct Answer: Sendable {
        var count: Int
        var selection: Int
        var pages: [Int: [ItemRow]]
    }

    func answer(from store: FeedStore) throws -> Answer {
        let count = titleFilter.isEmpty ? unfilteredCount : try store.itemCount(inFeed: feedID, titleContaining: titleFilter, unreadOnly: unreadOnly)
        let index = try anchor.map {
            try store.itemIndex(of: $0, inFeed: feedID, titleContaining: titleFilter, unreadOnly: unreadOnly, order: order)
        } ?? 0
        let selected = min(index, max(0, count - 1))
        let pages = try PagedItems.readPages(
            covering: max(0, selected - visibleRows)..<(selected + visibleRows), count: count, unreadOnly: unreadOnly,
            order: order, pages: .feed(feedID, titleFilter: titleFilter), from: store)
        return Answer(count: count, selection: selected, pages: pages)
    }

    static func message(_ result: StoreResult<Answer>, route: ScreenTicket) -> ReaderMessage {
        .titleFilterRead(route, result)
    }
}
