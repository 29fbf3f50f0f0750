import FeedStore
import TerminalUI

/// The starred articles of every feed for the Starred list, newest first, read from the store
/// one page at a time as rows are shown (only the pages around the screen are kept).
final class StarredItemSource: ListDataSource {
    static let pageSize = 100
    private static let pagesKept = 8

    let count: Int
    private let store: FeedStore
    private var pages: [Int: [ItemRow]] = [:]
    private var lastUsed: [Int: Int] = [:]
    private var useCounter = 0

    init(store: FeedStore, count: Int) {
        self.store = store
        self.count = count
    }

    /// The row at `index`, or nil when the store has fewer rows than counted (unstarred since
    /// the count was read) or cannot be read.
    func row(at index: Int) -> ItemRow? {
        guard index >= 0, let rows = load(index / Self.pageSize) else { return nil }
        let position = index % Self.pageSize
        return rows.indices.contains(position) ? rows[position] : nil
    }

    /// Index of the item with `id` among the pages in memory, if it is there.
    func index(of id: ItemID) -> Int? {
        for (page, rows) in pages {
            if let position = rows.firstIndex(where: { $0.id == id }) { return page * Self.pageSize + position }
        }
        return nil
    }

    private func load(_ page: Int) -> [ItemRow]? {
        useCounter += 1
        lastUsed[page] = useCounter
        if let rows = pages[page] { return rows }
        var request = ItemPageRequest(limit: Self.pageSize)
        // Keyset paging from the page before when it is at hand; an offset for a far jump.
        if page > 0, let previous = pages[page - 1], previous.count == Self.pageSize, let last = previous.last {
            request.after = last.cursor
        } else {
            request.offset = page * Self.pageSize
        }
        guard let rows = try? store.starredItems(request) else { return nil }
        pages[page] = rows
        if pages.count > Self.pagesKept, let oldest = lastUsed.filter({ pages[$0.key] != nil }).min(by: { $0.value < $1.value })?.key {
            pages[oldest] = nil
            lastUsed[oldest] = nil
        }
        return rows
    }
}
