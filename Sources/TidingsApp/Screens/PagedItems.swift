import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// The rows of a list of articles (a feed's items, Starred, a query feed), read from the cache one
/// page at a time as they come into view, as a value the list screen keeps.
///
/// Only the pages around what is on screen are kept, so a feed of 100 000 items opens as fast as
/// one of ten and never holds them all in memory. A row whose page has not arrived yet is nil
/// (drawn blank) and its page is asked for by the list's layout (`neededPages`). Moving page by
/// page uses keyset paging (after the last row of the page before) in the default newest-first
/// order; jumping far (End), and every page of another order (`article-sort-order`), uses an
/// offset.
struct PagedItems: Sendable {
    static let pageSize = 100
    private static let pagesKept = 8

    let count: Int
    let unreadOnly: Bool
    /// The order the rows are read in.
    let order: ItemOrder
    /// What the rows are (a feed's, a filter's, Starred's…), for reading them again elsewhere.
    let pages: ItemPages
    private var loaded: [Int: [ItemRow]] = [:]
    private var requested: Set<Int> = []
    private var lastUsed: [Int: Int] = [:]
    private var useCounter = 0

    init(count: Int, unreadOnly: Bool = false, order: ItemOrder = .newestFirst, pages: ItemPages) {
        self.count = count
        self.unreadOnly = unreadOnly
        self.order = order
        self.pages = pages
    }

    /// A list with no rows, before the first answer from the cache.
    static let empty = PagedItems(count: 0, pages: .starred(folds: false))

    /// Every row of the list, in its order (`save-all`).
    var everyRow: ArticlesToSave { .list(pages, unreadOnly: unreadOnly, order: order) }

    /// The pages of rows `range` as the store holds them now, read in one go when a list is read
    /// again, so that it shows its rows at once instead of blank ones.
    static func readPages(
        covering range: Range<Int>, count: Int, unreadOnly: Bool, order: ItemOrder = .newestFirst, pages query: ItemPages, from store: FeedStore
    ) throws -> [Int: [ItemRow]] {
        guard !range.isEmpty, count > 0 else { return [:] }
        var pages: [Int: [ItemRow]] = [:]
        let last = min(range.upperBound, count) - 1
        guard last >= range.lowerBound else { return [:] }
        for page in (range.lowerBound / pageSize)...(last / pageSize) {
            pages[page] = try query.rows(from: store, request(page, unreadOnly: unreadOnly, order: order, previous: pages[page - 1]))
        }
        return pages
    }

    /// The request for `page`: after the last row of the page before when it is known and full
    /// (keyset paging, newest first only), else by offset.
    private static func request(_ page: Int, unreadOnly: Bool, order: ItemOrder, previous: [ItemRow]?) -> ItemPageRequest {
        var request = ItemPageRequest(unreadOnly: unreadOnly, limit: pageSize, order: order)
        if page > 0, order.isNewestFirst, let previous, previous.count == pageSize, let last = previous.last {
            request.after = last.cursor
        } else {
            request.offset = page * pageSize
        }
        return request
    }

    /// Takes pages read ahead (see ``readPages(covering:count:unreadOnly:order:pages:from:)``).
    mutating func preload(_ pages: [Int: [ItemRow]]) {
        for (page, rows) in pages {
            loaded[page] = rows
            useCounter += 1
            lastUsed[page] = useCounter
        }
    }

    /// The row at `index`, or nil while its page is being read, or when the store has fewer rows
    /// than counted (items dropped since the count was read) or cannot be read.
    func row(at index: Int) -> ItemRow? {
        guard index >= 0, index < count, let rows = loaded[index / Self.pageSize] else { return nil }
        let position = index % Self.pageSize
        return rows.indices.contains(position) ? rows[position] : nil
    }

    /// The reads of the pages of rows `visible` not in memory nor asked for yet, routed to
    /// `ticket`'s screen; the pages in view count as used, so that the oldest others are dropped.
    mutating func neededPages(for visible: Range<Int>, ticket: ScreenTicket) -> [ReaderEffect] {
        guard count > 0, !visible.isEmpty else { return [] }
        let first = max(0, visible.lowerBound) / Self.pageSize
        let last = (min(visible.upperBound, count) - 1) / Self.pageSize
        guard first <= last else { return [] }
        var effects: [ReaderEffect] = []
        for page in first...last {
            useCounter += 1
            lastUsed[page] = useCounter
            guard loaded[page] == nil, !requested.contains(page) else { continue }
            requested.insert(page)
            let request = Self.request(page, unreadOnly: unreadOnly, order: order, previous: loaded[page - 1])
            effects.append(.read(ItemPageQuery(pages: pages, request: request), route: .page(ticket, page: page)))
        }
        return effects
    }

    /// Takes page `page` as read; a page that cannot be read is not asked for again until the
    /// list is read again.
    mutating func take(page: Int, _ result: StoreResult<[ItemRow]>) {
        guard case .success(let rows) = result else { return }
        requested.remove(page)
        loaded[page] = rows
        useCounter += 1
        lastUsed[page] = useCounter
        while loaded.count > Self.pagesKept, let oldest = lastUsed.filter({ loaded[$0.key] != nil }).min(by: { $0.value < $1.value })?.key {
            loaded[oldest] = nil
            lastUsed[oldest] = nil
        }
    }

    /// Index of the item with `id` among the pages in memory, if it is there.
    func index(of id: ItemID) -> Int? {
        for (page, rows) in loaded {
            if let position = rows.firstIndex(where: { $0.id == id }) { return page * Self.pageSize + position }
        }
        return nil
    }

    /// The ids of the rows in memory.
    var loadedIDs: Set<ItemID> {
        Set(loaded.values.joined().map(\.id))
    }

    /// The row with `id` among the pages in memory, if it is there.
    func loadedRow(_ id: ItemID) -> ItemRow? {
        for rows in loaded.values {
            if let row = rows.first(where: { $0.id == id }) { return row }
        }
        return nil
    }

    /// Reads of the marks of the rows in memory, keeping the rows where they are: a list whose
    /// rows stay until it is refreshed shows an unstarred article unstarred, not gone.
    func marksReads(ticket: ScreenTicket) -> [ReaderEffect] {
        loaded.sorted { $0.key < $1.key }.map { page, rows in
            .read(ItemMarksQuery(ids: rows.map(\.id)), route: .marks(ticket, part: page))
        }
    }

    /// Takes the marks of page `page`'s rows as stored now.
    mutating func takeMarks(page: Int, _ result: StoreResult<[ItemRow]>) {
        guard case .success(let current) = result, var rows = loaded[page] else { return }
        rows.takeMarks(of: current)
        loaded[page] = rows
    }
}
