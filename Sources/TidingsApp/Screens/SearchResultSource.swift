import Configuration
import FeedStore
import Foundation

/// The results of one search, read a page at a time as the user moves down.
///
/// The first page is asked for at once; each further page is asked for when the rows on screen
/// come within a screenful of the last row read, after the last row of the page before (keyset
/// paging: a query matching 50 000 articles costs one page per step, never an offset scan).
/// Pages are read by a `SearchPageLoader` off the main thread; while one is being read the list
/// ends with a "loading more…" row. When a page comes back shorter than asked, the list is
/// complete and stops growing.
///
/// Rows stay as read, in the order the query returned them: a reload elsewhere does not move
/// them under the cursor. Their read and starred marks are brought up to date (see
/// `markStale()`), a screenful at a time, as they are drawn, read off the main thread.
@MainActor
final class SearchResultSource {
    enum Phase: Equatable {
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
    private(set) var rows: [ItemRow] = []
    private(set) var phase = Phase.idle
    /// Called after a page has arrived, so that the screen is drawn again.
    var onChange: (@MainActor () -> Void)?

    private let loader: any SearchPageLoader
    private let pageSize: Int
    /// Counts page requests; a delivery for any but the latest is stale and dropped.
    private var requestNumber = 0
    /// Chunks of `pageSize` rows whose marks may be out of date.
    private var staleChunks = IndexSet()
    /// Chunks whose marks are being read.
    private var chunksBeingRead = IndexSet()

    init(query: SearchQuery, loader: any SearchPageLoader, pageSize: Int = SearchResultSource.pageSize) {
        self.query = query
        self.loader = loader
        self.pageSize = max(1, pageSize)
    }

    /// True once a page is known to be the last.
    var isComplete: Bool { phase == .complete }

    /// The rows to draw: the articles, then a loading or failure row when there is one.
    var list: SearchResultList {
        switch phase {
        case .loading: return SearchResultList(rows: rows, tail: .loading(isFirstPage: rows.isEmpty))
        case .failed(let message): return SearchResultList(rows: rows, tail: .failed(message))
        case .idle, .complete: return SearchResultList(rows: rows, tail: nil)
        }
    }

    /// Asks for the next page unless one is being read or the results are complete. A failed
    /// page is asked for again only through `retry()`.
    func loadMore() {
        guard phase == .idle else { return }
        requestPage()
    }

    /// Asks again for the page that failed.
    func retry() {
        guard case .failed = phase else { return }
        requestPage()
    }

    /// Asks for the next page when the rows shown, `visible`, reach within a screenful of the
    /// last row read.
    func loadMoreIfNeeded(showing visible: Range<Int>) {
        if visible.upperBound + visible.count >= rows.count { loadMore() }
    }

    private func requestPage() {
        requestNumber += 1
        let number = requestNumber
        phase = .loading
        loader.loadPage(query, after: rows.last?.cursor, limit: pageSize) { [weak self] result in
            self?.receive(result, for: number)
        }
    }

    private func receive(_ result: Result<[ItemRow], any Error>, for number: Int) {
        guard number == requestNumber, phase == .loading else { return }
        switch result {
        case .success(let page):
            // A row already listed can come again if its date moved since the page before.
            let known = Set(rows.suffix(pageSize).map(\.id))
            rows += page.filter { !known.contains($0.id) }
            phase = page.count < pageSize ? .complete : .idle
        case .failure(let error):
            phase = .failed("\(error)")
        }
        onChange?()
    }

    // MARK: - Marks

    /// Notes that read and starred marks may have changed in the store (a reload, `N`, an
    /// article opened); they are read again for the rows drawn next.
    func markStale() {
        let chunks = (rows.count + pageSize - 1) / pageSize
        staleChunks = IndexSet(integersIn: 0..<chunks)
    }

    /// Reads the marks of the rows in `visible` again if they are stale (off the main thread;
    /// the rows change when the answer arrives).
    func refreshMarks(showing visible: Range<Int>, through storeView: StoreView) {
        guard !visible.isEmpty, !staleChunks.isEmpty else { return }
        for chunk in (visible.lowerBound / pageSize)...((visible.upperBound - 1) / pageSize)
        where staleChunks.contains(chunk) && !chunksBeingRead.contains(chunk) {
            let range = (chunk * pageSize)..<min(rows.count, (chunk + 1) * pageSize)
            guard !range.isEmpty else { continue }
            let ids = rows[range].map(\.id)
            chunksBeingRead.insert(chunk)
            staleChunks.remove(chunk)
            storeView.read(.itemRows(ids)) { [weak self] answer in
                guard let self else { return }
                self.chunksBeingRead.remove(chunk)
                guard case .rows(let current)? = answer else { return }
                self.rows.takeMarks(of: current, in: range)
            }
        }
    }
}
