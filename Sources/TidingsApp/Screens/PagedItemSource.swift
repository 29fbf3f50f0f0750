import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// Items for a list (a feed's items, the starred ones), read from the store one page at a time
/// as rows are shown.
///
/// Only the pages around what is on screen are kept, so a feed of 100 000 items opens as fast as
/// one of ten and never holds them all in memory. Pages are read off the main thread: a row
/// whose page has not arrived yet is nil (drawn blank) and its page is asked for; the reader
/// draws again when it arrives. Moving page by page uses keyset paging (after the last row of
/// the page before) in the default newest-first order; jumping far (End), and every page of
/// another order (`article-sort-order`), uses an offset.
@MainActor
final class PagedItemSource: @MainActor ListDataSource {
    nonisolated static let pageSize = 100
    private static let pagesKept = 8

    let count: Int
    private let unreadOnly: Bool
    /// The order the rows are read in.
    let order: ItemOrder
    private let storeView: StoreView?
    /// What the rows are (a feed's, a filter's, Starred's…), for reading them again elsewhere.
    let pages: ItemPages
    private var loaded: [Int: [ItemRow]] = [:]
    private var requested: Set<Int> = []
    private var lastUsed: [Int: Int] = [:]
    private var useCounter = 0

    /// - Parameter storeView: where pages are read; nil for a list that is known to be empty.
    init(count: Int, unreadOnly: Bool = false, order: ItemOrder = .newestFirst, storeView: StoreView?, pages: ItemPages) {
        self.count = storeView == nil ? 0 : count
        self.unreadOnly = unreadOnly
        self.order = order
        self.storeView = storeView
        self.pages = pages
    }

    /// A read of every row of the list, in its order.
    var everyRow: StoreQuery {
        .itemPage(pages, ItemPageRequest(unreadOnly: unreadOnly, limit: Int(Int32.max), order: order))
    }

    /// A list with no rows, before the first answer from the store.
    static func empty() -> PagedItemSource {
        PagedItemSource(count: 0, storeView: nil, pages: .starred)
    }

    /// The pages of rows `range` as the store holds them now, read in one go by `refresh`es so
    /// that a list read again shows its rows at once instead of blank ones.
    nonisolated static func readPages(
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
    private nonisolated static func request(_ page: Int, unreadOnly: Bool, order: ItemOrder, previous: [ItemRow]?) -> ItemPageRequest {
        var request = ItemPageRequest(unreadOnly: unreadOnly, limit: pageSize, order: order)
        if page > 0, order.isNewestFirst, let previous, previous.count == pageSize, let last = previous.last {
            request.after = last.cursor
        } else {
            request.offset = page * pageSize
        }
        return request
    }

    /// Takes pages read ahead (see ``readPages(covering:count:unreadOnly:order:pages:from:)``).
    func preload(_ pages: [Int: [ItemRow]]) {
        for (page, rows) in pages {
            loaded[page] = rows
            useCounter += 1
            lastUsed[page] = useCounter
        }
    }

    /// The row at `index`, or nil while its page is being read, or when the store has fewer rows
    /// than counted (items dropped since the count was read) or cannot be read.
    func row(at index: Int) -> ItemRow? {
        guard index >= 0, index < count else { return nil }
        let page = index / Self.pageSize
        guard let rows = load(page) else { return nil }
        let position = index % Self.pageSize
        return rows.indices.contains(position) ? rows[position] : nil
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

    private func load(_ page: Int) -> [ItemRow]? {
        useCounter += 1
        lastUsed[page] = useCounter
        if let rows = loaded[page] { return rows }
        request(page)
        return nil
    }

    private func request(_ page: Int) {
        guard let storeView, !requested.contains(page) else { return }
        requested.insert(page)
        let pageRequest = Self.request(page, unreadOnly: unreadOnly, order: order, previous: loaded[page - 1])
        storeView.read(.itemPage(pages, pageRequest)) { [weak self] answer in
            // A page that cannot be read is not asked for again until the list is read again.
            guard let self, case .rows(let rows)? = answer else { return }
            self.requested.remove(page)
            self.loaded[page] = rows
            self.dropOldPages()
        }
    }

    /// Reads the marks of the rows in memory again, keeping the rows where they are: a list whose
    /// rows stay until it is refreshed shows an unstarred article unstarred, not gone.
    func refreshMarks() {
        guard let storeView else { return }
        for (page, rows) in loaded {
            let ids = rows.map(\.id)
            storeView.read(.itemRows(ids)) { [weak self] answer in
                guard let self, case .rows(let current)? = answer, var rows = self.loaded[page] else { return }
                rows.takeMarks(of: current)
                self.loaded[page] = rows
            }
        }
    }

    private func dropOldPages() {
        while loaded.count > Self.pagesKept, let oldest = lastUsed.filter({ loaded[$0.key] != nil }).min(by: { $0.value < $1.value })?.key {
            loaded[oldest] = nil
            lastUsed[oldest] = nil
        }
    }
}
