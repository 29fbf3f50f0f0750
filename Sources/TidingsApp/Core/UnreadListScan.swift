import FeedModel
import FeedStore

/// Where `n` and `p` look first in a list of several feeds' articles (a query feed, Starred,
/// search results): as in newsboat, next-unread stays in the list, and goes on across feeds
/// only when the list has no unread article left. Such a list has no place among the feeds, so
/// the jump across feeds then starts from the first feed (the last, for previous-unread).
struct UnreadListScan: Equatable, Sendable {
    var place: Place

    enum Place: Equatable, Sendable {
        /// The list found the article among the rows it holds.
        case found(ItemRow)
        /// The list's pages (`count` rows in `order`), to read on from row `index`.
        case pages(ItemPages, order: ItemOrder, index: Int, count: Int)
        /// The list has no unread article that way.
        case none
    }

    /// The next (`forward`) or previous unread row of the list, read from the store where the
    /// list has not, with `marks` laid over; nil when there is none. As newsboat's, the search
    /// goes round: past the end it goes on from the top, up to the row it started from (which
    /// the mark just made on it keeps from being found again before the store has it).
    func unreadRow(forward: Bool, in store: FeedStore, marks: PendingMarks) throws -> ItemRow? {
        switch place {
        case .found(let row): return row
        case .none: return nil
        case .pages(let pages, let order, let index, let count):
            let reader = PageReader(pages: pages, order: order, store: store, marks: marks)
            if forward {
                return try reader.firstUnread(in: (index + 1)..<count, forward: true)
                    ?? reader.firstUnread(in: 0..<min(index + 1, count), forward: true)
            }
            return try reader.firstUnread(in: 0..<min(index, count), forward: false)
                ?? reader.firstUnread(in: max(0, index)..<count, forward: false)
        }
    }

    /// Reads a list's rows page by page.
    private struct PageReader {
        var pages: ItemPages
        var order: ItemOrder
        var store: FeedStore
        var marks: PendingMarks

        /// The first unread row among `positions`, walked forward or backward.
        func firstUnread(in positions: Range<Int>, forward: Bool) throws -> ItemRow? {
            let size = PagedItems.pageSize
            var position = forward ? positions.lowerBound : positions.upperBound - 1
            while positions.contains(position) {
                let page = position / size
                let rows = try pages.rows(from: store, ItemPageRequest(offset: page * size, limit: size, order: order)).map(marks.apply(to:))
                let pagePositions = (page * size)..<(page * size + rows.count)
                let walked = positions.clamped(to: pagePositions)
                let offsets = walked.map { $0 - page * size }
                if let offset = (forward ? offsets : offsets.reversed()).first(where: { !rows[$0].isRead }) { return rows[offset] }
                // A short page is the end of the list (it has shrunk since it was counted).
                if forward && rows.count < size { return nil }
                position = forward ? (page + 1) * size : page * size - 1
            }
            return nil
        }
    }
}
