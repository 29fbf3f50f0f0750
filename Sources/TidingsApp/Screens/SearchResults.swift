import Configuration
import FeedStore
import Foundation

/// The results of one search, read a page at a time as the user moves down, as a value the
/// results screen keeps.
///
/// The first page is asked for at once; each further page when the rows on screen come within
/// a screenful of the last row read, after the last row of the page before (keyset paging: a
/// query matching 50 000 articles costs one page per step, never an offset scan). While one is
/// being read the list ends with a "loading more…" row. When a page comes back shorter than asked,
/// the list is complete and stops growing.
///
/// Rows stay as read, in the order the query returned them: a reload elsewhere does not move
/// them under the cursor. Their read and starred marks are brought up to date (see
/// `markStale()`), a screenful at a time, as they are shown.
struct SearchResults: Sendable {
    enum Phase: Equatable, Sendable {
        /// A page is being read.
        case loading
        /// More rows may follow; none is being read.
        case idle
        /// Every match has been read.
        case complete
        /// The last page could not be read.
        case failed(String)
    }

    static let pageSize = 100

    let query: SearchQuery
    /// Whether a story several feeds carry is one row (`fold-duplicates`; a search of one feed
    /// folds nothing).
    let folds: Bool
    private(set) var rows: [ItemRow] = []
    private(set) var phase = Phase.idle
    private let pageSize: Int
    /// Counts page requests; an answer for any but the latest is stale and dropped.
    private var requestNumber = 0
    /// Chunks of `pageSize` rows whose marks may be out of date.
    private var staleChunks = IndexSet()
    /// Chunks whose marks are being read.
    private var chunksBeingRead = IndexSet()

    init(query: SearchQuery, folds: Bool = false, pageSize: Int = SearchResults.pageSize) {
        self.folds = folds
        self.query = query
        self.pageSize = max(1, pageSize)
    }

    /// True once a page is known to be the last.
    var isComplete: Bool { phase == .complete }

    /// The rows to draw: the articles, then a loading or failure row when there is one.
    var list: SearchResultList {
        switch phase {
        case .loading: SearchResultList(rows: rows, tail: .loading(isFirstPage: rows.isEmpty))
        case .failed(let message): SearchResultList(rows: rows, tail: .failed(message))
        case .idle, .complete: SearchResultList(rows: rows, tail: nil)
        }
    }

    /// Asks for the next page unless one is being read or the results are complete. A failed
    /// page is asked for again only through `retry(screen:)`.
    mutating func loadMore(screen: ScreenID) -> [ReaderEffect] {
        guard phase == .idle else { return [] }
        return requestPage(screen: screen)
    }

    /// Asks again for the page that failed.
    mutating func retry(screen: ScreenID) -> [ReaderEffect] {
        guard case .failed = phase else { return [] }
        return requestPage(screen: screen)
    }

    /// Asks for the next page when the rows shown, `visible`, reach within a screenful of the
    /// last row read.
    mutating func loadMoreIfNeeded(showing visible: Range<Int>, screen: ScreenID) -> [ReaderEffect] {
        visible.upperBound + visible.count >= rows.count ? loadMore(screen: screen) : []
    }

    private mutating func requestPage(screen: ScreenID) -> [ReaderEffect] {
        requestNumber += 1
        phase = .loading
        var request = ItemPageRequest(after: rows.last?.cursor, limit: pageSize)
        request.foldsStories = folds
        let query = SearchPageQuery(query: query, request: request)
        return [.read(query, route: .searchPage(ScreenTicket(screen: screen, request: requestNumber)))]
    }

    /// Takes a page as read.
    mutating func take(_ result: StoreResult<[ItemRow]>, request: Int) {
        guard request == requestNumber, phase == .loading else { return }
        switch result {
        case .success(let page):
            // A row already listed can come again if its date moved since the page before.
            let known = Set(rows.suffix(pageSize).map(\.id))
            rows += page.filter { !known.contains($0.id) }
            phase = page.count < pageSize ? .complete : .idle
        case .failure(let failure):
            phase = .failed(failure.description)
        }
    }

    // MARK: - Marks

    /// Notes that read and starred marks may have changed in the store (a reload, `N`, an
    /// article opened); they are read again for the rows shown next.
    mutating func markStale() {
        let chunks = (rows.count + pageSize - 1) / pageSize
        staleChunks = IndexSet(integersIn: 0..<chunks)
    }

    /// Reads the marks of the rows in `visible` again if they are stale.
    mutating func refreshMarks(showing visible: Range<Int>, screen: ScreenID) -> [ReaderEffect] {
        guard !visible.isEmpty, !staleChunks.isEmpty else { return [] }
        var effects: [ReaderEffect] = []
        for chunk in (visible.lowerBound / pageSize)...((visible.upperBound - 1) / pageSize)
        where staleChunks.contains(chunk) && !chunksBeingRead.contains(chunk) {
            let range = (chunk * pageSize)..<min(rows.count, (chunk + 1) * pageSize)
            guard !range.isEmpty else { continue }
            chunksBeingRead.insert(chunk)
            staleChunks.remove(chunk)
            effects.append(.read(ItemMarksQuery(ids: rows[range].map(\.id)), route: .marks(ScreenTicket(screen: screen, request: 0), part: chunk)))
        }
        return effects
    }

    /// Lays `mark` over the rows it concerns.
    mutating func take(_ mark: ItemMark) {
        var marks = PendingMarks()
        _ = marks.add(mark)
        rows = rows.map { marks.apply(to: $0) }
    }

    /// Takes the marks of chunk `chunk`'s rows as stored now.
    mutating func takeMarks(_ result: StoreResult<[ItemRow]>, chunk: Int) {
        chunksBeingRead.remove(chunk)
        guard case .success(let current) = result else { return }
        let range = (chunk * pageSize)..<min(rows.count, (chunk + 1) * pageSize)
        rows.takeMarks(of: current, in: range)
    }
}
