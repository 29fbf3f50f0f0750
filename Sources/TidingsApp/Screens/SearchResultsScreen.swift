import Configuration
import FeedModel
import FeedStore
import TerminalUI

/// The articles matching a search across every feed, newest first, each row naming its feed;
/// more rows are read as the user moves down (see `SearchResults`).
///
/// Enter opens an article as in an item list; `/` asks for a new search, prefilled with this
/// one. The rows are the matches found when the search ran: a reload does not re-run it (the
/// list never moves under the cursor), but read and starred marks follow the store. Run the
/// search again (`/`, Enter) to see articles that arrived since.
struct SearchResultsScreen: ReaderScreen, MarksScreen, MarksFollowing, UnreadScanning, SavableArticleList, RowsScreen {
    let id: ScreenID
    private(set) var results: SearchResults
    private(set) var state = ListState()
    /// Articles a reload stored whose text was not yet in the full-text index when the search
    /// ran (see `FeedStore.indexStoredBodies`), nil until read: the search may have missed them,
    /// and says so.
    private var unindexedAtSearch: Int?
    /// Of those, how many are still waiting.
    private var unindexedNow = 0
    /// End was pressed before every match was read: pages are read until the last one is, and
    /// the selection follows to it.
    private var seeksLastResult = false
    /// The results this search replaced (searches typed on them), the last one most recent,
    /// for `prevsearchresults`.
    private var earlier: [SearchResultsScreen] = []
    /// Whether the first page and the index's backlog have been asked for.
    private var hasStarted = false

    init(id: ScreenID, query: SearchQuery, folds: Bool = false, pageSize: Int = SearchResults.pageSize) {
        self.id = id
        results = SearchResults(query: query, folds: folds, pageSize: pageSize)
    }

    var query: SearchQuery { results.query }
    /// A search of one feed's articles (`/` in its list): what was typed and the feed's name,
    /// shown instead of the query with its `feed:` filter.
    var scope: (typed: String, feed: String)?

    /// The search as the title and the empty list name it.
    private var searchText: String {
        scope.map { "\($0.typed) — in \($0.feed)" } ?? query.text
    }

    /// What the list says when nothing matched: the words in quotes, the feed searched after them.
    private var emptyText: String {
        let matched = scope.map { "“\($0.typed)” in \($0.feed)" } ?? "“\(query.text)”"
        return "No articles match \(matched). Press / to change the search."
    }

    var keyContext: KeyMap.Context { .searchResults }

    mutating func selectRow(_ index: Int) -> Bool {
        state.selectRow(index, count: results.list.count)
    }

    func row(atLine line: Int, _ context: ScreenContext) -> Int? {
        state.row(atLine: line, count: results.list.count)
    }

    var selectedRow: Int { state.selection }

    /// Keeps `replaced` (and what it replaced) for `prevsearchresults`.
    mutating func keepEarlier(_ replaced: SearchResultsScreen) {
        var replaced = replaced
        earlier = replaced.earlier
        replaced.earlier = []
        earlier.append(replaced)
    }

    /// The results before these, with the ones before them kept.
    func previousResults() -> SearchResultsScreen? {
        guard var previous = earlier.last else { return nil }
        previous.earlier = earlier.dropLast()
        return previous
    }

    // MARK: - Reading

    /// Starts the search (the first page, the count of articles not indexed yet); afterwards
    /// the rows stay, and only their marks and that count are read again.
    mutating func refresh(_ context: ScreenContext) -> [ReaderEffect] {
        guard hasStarted else {
            hasStarted = true
            // Counted before the search runs (reads are answered in order): a count of 0 means
            // the search saw every article's text.
            return readIndexBacklog() + results.loadMore(screen: id)
        }
        results.markStale()
        return unindexedNow > 0 ? readIndexBacklog() : []
    }

    private func readIndexBacklog() -> [ReaderEffect] {
        [.read(IndexBacklogQuery(), route: ScreenTicket(screen: id, request: 0))]
    }

    mutating func takeIndexBacklog(_ result: StoreResult<Int>) {
        guard case .success(let count) = result else { return }
        if unindexedAtSearch == nil { unindexedAtSearch = count }
        unindexedNow = count
    }

    mutating func takePage(_ result: StoreResult<[ItemRow]>, _ ticket: ScreenTicket) {
        results.take(result, request: ticket.request)
    }

    mutating func takeMarks(_ result: StoreResult<[ItemRow]>, chunk: Int, _ ticket: ScreenTicket) {
        results.takeMarks(result, chunk: chunk)
    }

    /// A mark made here or on an article opened from here: the rows, read when the search ran,
    /// take it at once and keep it (their marks are read again only as they are shown), so that
    /// `n` never finds an article just read unread again.
    mutating func noteMark(_ mark: ItemMark) {
        results.take(mark)
    }

    /// Every match of the search, in the results' order (those not read into the list yet too).
    var everyArticle: ArticlesToSave { .search(query) }

    func shownState(ofItem id: ItemID, _ marks: PendingMarks) -> ItemState? {
        results.rows.first { $0.id == id }.map { ItemState(marks.apply(to: $0)) }
    }

    func title(_ context: ScreenContext) -> ScreenTitle {
        let rows = results.rows.map { context.marks.apply(to: $0) }
        if let formatted = context.formattedTitle(.searchResultTitle, [
            "s": query.text, "u": String(rows.count { !$0.isRead }), "t": String(rows.count),
        ]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        let count = rows.count
        let found = count == 0 ? (results.isComplete ? "nothing found" : "")
            : "\(count)\(results.isComplete ? "" : "+") article\(count == 1 && results.isComplete ? "" : "s")"
        guard let unindexedAtSearch, unindexedAtSearch > 0 else { return ScreenTitle(left: "Search: \(searchText)", right: found) }
        let note = unindexedNow > 0
            ? "still indexing the text of \(unindexedNow) new article\(unindexedNow == 1 ? "" : "s")"
            : "new articles indexed since: / Enter searches them too"
        return ScreenTitle(left: "Search: \(searchText)", right: found.isEmpty ? note : "\(found) — \(note)")
    }

    /// The selected article, if the selection is on one (not on the loading row).
    func selectedItem(_ marks: PendingMarks) -> ItemRow? {
        results.rows.indices.contains(state.selection) ? marks.apply(to: results.rows[state.selection]) : nil
    }

    // MARK: - Layout and drawing

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        ListCommand.follow(context.config, in: &state)
        if seeksLastResult {
            state.select(results.list.count - 1, count: results.list.count)
            if results.phase != .idle && results.phase != .loading { seeksLastResult = false }
        }
        state.layout(count: results.list.count, visibleRows: area.height)
        var effects = results.loadMoreIfNeeded(showing: state.offset..<(state.offset + area.height), screen: id)
        effects += results.refreshMarks(showing: state.offset..<min(results.rows.count, state.offset + area.height), screen: id)
        let list = results.list
        state.layout(count: list.count, visibleRows: area.height)
        if list.tail != nil && state.selection >= list.rows.count - 1 {
            // At the last article: show the row saying more are coming, or why they are not.
            state.offset = max(state.offset, list.count - area.height)
        }
        return effects
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        var list = results.list
        list.marks = context.marks
        let row = ListView(source: list, renderer: SearchResultRowRenderer(context), emptyText: emptyText)
            .draw(into: &grid, in: area, state: state)
        return Position(row: row, column: 0)
    }

    // MARK: - Keys

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        // The loading row can be selected: when its page arrives the selection is on the first new row.
        let count = results.list.count
        if ListCommand.apply(command, to: &state, count: count) {
            seeksLastResult = command == .end && !results.isComplete
            let reads = results.loadMoreIfNeeded(showing: state.offset..<(state.offset + max(1, state.visibleRows)), screen: id)
            return ScreenResponse(intent: ArticleCommand.hoverIntent(onto: selectedItem(context.marks), context.config), effects: reads)
        }
        switch command {
        case .open:
            guard let item = selectedItem(context.marks) else { return .reads(results.retry(screen: id)) }
            return .intent(.openItem(item.id))
        case .back: return .intent(.back)
        case .quit, .quitAll: return .intent(.quit)
        case .search: return .intent(.openSearch(text: query.text))
        case .reload: return .intent(selectedItem(context.marks).map { .reloadFeed($0.feedID) })
        case .reloadAll: return .intent(.reloadAll)
        case .help: return .intent(.showHelp)
        case .sort, .reverseSort: return .status("Search results stay in their order: best matches first, then newest")
        case .markAllAboveRead:
            let rows = results.rows
            return .intent(ArticleCommand.markAboveRead(min(state.selection, rows.count)) { rows[$0] })
        case .markFeedRead: return .status("A marks a feed, a query feed or Starred read; search results are marked one by one (N)")
        default:
            let intent = ArticleCommand.intent(for: command, selected: selectedItem(context.marks))
            let rows = results.rows, marks = context.marks
            if intent != nil, let next = ArticleCommand.selection(
                after: command, from: state.selection, count: rows.count, context.config, row: { marks.apply(to: rows[$0]) }) {
                state.select(next, count: results.list.count)
            }
            return .intent(intent)
        }
    }

    // MARK: - What the reader asks

    func article(besides id: ItemID, forward: Bool) -> ItemID? {
        let rows = results.rows
        return ArticleCommand.article(besides: rows.firstIndex { $0.id == id }, forward: forward) { rows.indices.contains($0) ? rows[$0] : nil }
    }

    /// Selects the article with `id` when it is among the results read.
    mutating func select(item id: ItemID) {
        if let index = results.rows.firstIndex(where: { $0.id == id }) { state.select(index, count: results.list.count) }
    }

    /// Results of every feed: a jump to one feed's article opens that feed's list over them.
    func listsArticles(ofFeed feed: FeedID) -> Bool { false }

    /// The unread result after (or before) the article `id` (nil: the selected row), going round
    /// as newsboat does, among the results read so far.
    func unreadScan(from id: ItemID?, forward: Bool, _ context: ScreenContext) -> UnreadListScan {
        let rows = results.rows.map { context.marks.apply(to: $0) }
        guard !rows.isEmpty else { return UnreadListScan(place: .none) }
        let index = id.flatMap { id in rows.firstIndex { $0.id == id } } ?? min(state.selection, rows.count - 1)
        let order = forward
            ? Array(rows.indices.dropFirst(index + 1)) + Array(rows.indices.prefix(index + 1))
            : Array(rows.indices.prefix(max(0, index)).reversed()) + Array(rows.indices.dropFirst(max(0, index)).reversed())
        let found = order.first { !rows[$0].isRead }.map { rows[$0] }
        return UnreadListScan(place: found.map { .found($0) } ?? .none)
    }
}
