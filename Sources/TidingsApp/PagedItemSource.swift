import FeedStore
import TerminalUI

/// Items for a list (a feed's items, the starred ones), read from the store one page at a time
/// as rows are shown.
///
/// Only the pages around what is on screen are kept, so a feed of 100 000 items opens as fast as
/// one of ten and never holds them all in memory. Moving page by page uses keyset paging (after
/// the last row of the page before); jumping far (End) uses an offset once.
final class PagedItemSource: ListDataSource {
    static let pageSize = 100
    private static let pagesKept = 8

    let count: Int
    private let unreadOnly: Bool
    private let fetch: (ItemPageRequest) throws -> [ItemRow]
    private var pages: [Int: [ItemRow]] = [:]
    private var lastUsed: [Int: Int] = [:]
    private var useCounter = 0

    /// - Parameter fetch: reads one page of the rows, newest first.
    init(count: Int, unreadOnly: Bool = false, fetch: @escaping (ItemPageRequest) throws -> [ItemRow]) {
        self.count = count
        self.unreadOnly = unreadOnly
        self.fetch = fetch
    }

    /// A feed's items; with a title filter, the store narrows them itself (see
    /// `FeedStore.items(inFeed:titleContaining:_:)`).
    convenience init(store: FeedStore, feedID: FeedID, count: Int, unreadOnly: Bool = false, titleFilter: String = "") {
        self.init(count: count, unreadOnly: unreadOnly) { request in
            titleFilter.isEmpty
                ? try store.items(inFeed: feedID, request)
                : try store.items(inFeed: feedID, titleContaining: titleFilter, request)
        }
    }

    /// The row at `index`, or nil when the store has fewer rows than counted (items dropped
    /// since the count was read) or cannot be read.
    func row(at index: Int) -> ItemRow? {
        let page = index / Self.pageSize
        guard let rows = load(page) else { return nil }
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
        var request = ItemPageRequest(unreadOnly: unreadOnly, limit: Self.pageSize)
        if page > 0, let previous = pages[page - 1], previous.count == Self.pageSize, let last = previous.last {
            request.after = last.cursor
        } else {
            request.offset = page * Self.pageSize
        }
        guard let rows = try? fetch(request) else { return nil }
        pages[page] = rows
        if pages.count > Self.pagesKept, let oldest = lastUsed.filter({ pages[$0.key] != nil }).min(by: { $0.value < $1.value })?.key {
            pages[oldest] = nil
            lastUsed[oldest] = nil
        }
        return rows
    }
}
