import Configuration
import FeedStore
import TerminalUI

/// The articles matching a search across every feed, newest first, each row naming its feed;
/// more rows are read as the user moves down (see `SearchResultSource`).
///
/// Enter opens an article as in an item list; `/` asks for a new search, prefilled with this
/// one. The rows are the matches found when the search ran: a reload does not re-run it (the
/// list never moves under the cursor), but read and starred marks follow the store. Run the
/// search again (`/`, Enter) to see articles that arrived since.
@MainActor
public final class SearchResultsScreen: ReaderScreen, CacheScreen, MarksScreen, SearchResultsShowing, UnreadScanning, SavableArticleList {
    public var query: SearchQuery { source.query }
    public private(set) var state = ListState()
    /// Called when rows arrive in the background, so that the reader draws the screen again.
    public var onUpdate: (@MainActor () -> Void)? {
        get { source.onChange }
        set { source.onChange = newValue }
    }

    private let source: SearchResultSource
    private let storeView: StoreView
    private var preferences: ReaderPreferences {
        didSet { ListCommand.follow(preferences.lists, in: &state) }
    }
    private var renderer: SearchResultRowRenderer
    private var parkRow = 0
    /// Articles a reload stored whose text was not yet in the full-text index when the search
    /// ran (see `FeedStore.indexStoredBodies`), nil until read: the search may have missed
    /// them, and says so.
    private var unindexedAtSearch: Int?
    /// Of those, how many are still waiting.
    private var unindexedNow = 0
    /// End was pressed before every match was read: pages are read until the last one is, and
    /// the selection follows to it.
    private var seeksLastResult = false

    /// Starts the search: the first page is asked for at once and arrives through `onUpdate`.
    public convenience init(query: SearchQuery, storeView: StoreView, preferences: ReaderPreferences = ReaderPreferences()) {
        self.init(query: query, storeView: storeView, loader: StoreSearchPageLoader(storeView: storeView), preferences: preferences)
    }

    init(query: SearchQuery, storeView: StoreView, loader: any SearchPageLoader,
         pageSize: Int = SearchResultSource.pageSize, preferences: ReaderPreferences = ReaderPreferences()) {
        self.storeView = storeView
        self.preferences = preferences
        source = SearchResultSource(query: query, loader: loader, pageSize: pageSize)
        renderer = SearchResultRowRenderer(preferences: preferences)
        ListCommand.follow(preferences.lists, in: &state)
        // Counted before the search runs (reads are answered in order): a count of 0 means
        // the search saw every article's text.
        readUnindexed()
        source.loadMore()
    }

    private func readUnindexed() {
        storeView.read(.articlesAwaitingIndex) { [weak self] answer in
            guard let self, case .count(let count)? = answer else { return }
            if self.unindexedAtSearch == nil { self.unindexedAtSearch = count }
            self.unindexedNow = count
        }
    }

    var keyContext: KeyMap.Context { .searchResults }

    /// The rows stay as found; their read and starred marks are read again as they are drawn.
    func takePreferences(_ preferences: ReaderPreferences) {
        self.preferences = preferences
        renderer = SearchResultRowRenderer(preferences: preferences)
    }

    public func refresh() {
        source.markStale()
        if unindexedNow > 0 { readUnindexed() }
    }

    /// Every match of the search, in the results' order (those not read into the list yet too).
    var everyArticle: StoreQuery { .search(query, ItemPageRequest(limit: Int(Int32.max))) }

    func shownState(ofItem id: ItemID) -> ItemState? {
        source.rows.first { $0.id == id }.map { ItemState(storeView.pendingMarks.apply(to: $0)) }
    }

    /// `searchresult-title-format`'s title, when the config sets one.
    private var formattedTitle: TitleFormats.Title? {
        let rows = source.rows.map { storeView.pendingMarks.apply(to: $0) }
        return preferences.formattedTitle(.searchResultTitle, [
            "s": query.text, "u": String(rows.count { !$0.isRead }), "t": String(rows.count),
        ])
    }

    public var title: String { formattedTitle?.left ?? "Search: \(query.text)" }

    public var titleFill: Character? { formattedTitle?.fill }

    public var titleDetail: String {
        if let formattedTitle { return formattedTitle.right }
        let count = source.rows.count
        let found = count == 0 ? (source.isComplete ? "nothing found" : "")
            : "\(count)\(source.isComplete ? "" : "+") article\(count == 1 && source.isComplete ? "" : "s")"
        guard let unindexedAtSearch, unindexedAtSearch > 0 else { return found }
        let note = unindexedNow > 0
            ? "still indexing the text of \(unindexedNow) new article\(unindexedNow == 1 ? "" : "s")"
            : "new articles indexed since: / Enter searches them too"
        return found.isEmpty ? note : "\(found) — \(note)"
    }

    /// The articles read so far.
    public var rows: [ItemRow] { source.rows }

    /// True once every match has been read.
    public var isComplete: Bool { source.isComplete }

    /// The selected article, if the selection is on one (not on the loading row).
    public var selectedItem: ItemRow? {
        source.rows.indices.contains(state.selection) ? storeView.pendingMarks.apply(to: source.rows[state.selection]) : nil
    }

    /// The results this search replaced (a search typed on them), for `prevsearchresults`.
    var previous: SearchResultsScreen?

    func article(besides id: ItemID, forward: Bool) -> ItemID? {
        let rows = source.rows
        return ArticleCommand.article(besides: rows.firstIndex { $0.id == id }, forward: forward) { rows.indices.contains($0) ? rows[$0] : nil }
    }

    /// Selects the article with `id` when it is among the results read.
    func select(item id: ItemID) {
        if let index = source.rows.firstIndex(where: { $0.id == id }) { state.select(index, count: source.list.count) }
    }

    /// Results of every feed: a jump to one feed's article opens that feed's list over them.
    func listsArticles(ofFeed feed: FeedID) -> Bool { false }

    /// The unread result after (or before) the article `id` (nil: the selected row), going round
    /// as newsboat does, among the results read so far.
    func unreadScan(from id: ItemID?, forward: Bool) -> UnreadListScan {
        let rows = source.rows.map { storeView.pendingMarks.apply(to: $0) }
        let index = id.flatMap { id in rows.firstIndex { $0.id == id } } ?? min(state.selection, rows.count - 1)
        let order = forward
            ? Array(rows.indices.dropFirst(index + 1)) + Array(rows.indices.prefix(index + 1))
            : Array(rows.indices.prefix(max(0, index)).reversed()) + Array(rows.indices.dropFirst(max(0, index)).reversed())
        let found = order.first { !rows[$0].isRead }.map { rows[$0] }
        return UnreadListScan(place: found.map { .found($0) } ?? .none)
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        if seeksLastResult {
            state.select(source.list.count - 1, count: source.list.count)
            if source.phase != .idle && source.phase != .loading { seeksLastResult = false }
        }
        state.layout(count: source.list.count, visibleRows: area.height)
        source.loadMoreIfNeeded(showing: state.offset..<(state.offset + area.height))
        source.refreshMarks(showing: state.offset..<min(source.rows.count, state.offset + area.height), through: storeView)
        var list = source.list
        list.marks = storeView.pendingMarks
        state.layout(count: list.count, visibleRows: area.height)
        if list.tail != nil && state.selection >= list.rows.count - 1 {
            // At the last article: show the row saying more are coming, or why they are not.
            state.offset = max(state.offset, list.count - area.height)
        }
        ListView(source: list, renderer: renderer, emptyText: emptyText)
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<SearchResultList, SearchResultRowRenderer>.selectedRow(in: area, state: state)
    }

    private var emptyText: String {
        "No articles match “\(query.text)”. Press / to change the search."
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        guard let command = preferences.keyMap.command(for: key, in: .searchResults) else { return nil }
        // The loading row can be selected: when its page arrives the selection is on the first new row.
        let count = source.list.count
        if ListCommand.apply(command, to: &state, count: count) {
            seeksLastResult = command == .end && !source.isComplete
            source.loadMoreIfNeeded(showing: state.offset..<(state.offset + max(1, state.visibleRows)))
            return ArticleCommand.hoverIntent(onto: selectedItem, lists: preferences.lists)
        }
        switch command {
        case .open:
            if selectedItem == nil { source.retry() }
            return selectedItem.map { .openItem($0.id) }
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .search: return .openSearch(text: query.text)
        case .reload: return selectedItem.map { .reloadFeed($0.feedID) }
        case .reloadAll: return .reloadAll
        case .help: return .showHelp
        case .sort, .reverseSort: return .status("Search results stay in their order: best matches first, then newest")
        case .markAllAboveRead:
            let rows = source.rows
            return ArticleCommand.markAboveRead(min(state.selection, rows.count)) { rows[$0] }
        case .markFeedRead: return .status("A marks a feed, a query feed or Starred read; search results are marked one by one (N)")
        default:
            let intent = ArticleCommand.intent(for: command, selected: selectedItem)
            let rows = source.rows
            if intent != nil, let next = ArticleCommand.selection(
                after: command, from: state.selection, count: rows.count, lists: preferences.lists,
                row: { self.storeView.pendingMarks.apply(to: rows[$0]) }) {
                state.select(next, count: source.list.count)
            }
            return intent
        }
    }
}
