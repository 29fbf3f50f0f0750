import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// Articles of every feed, newest first unless `article-sort-order` (or `sort`) says otherwise,
/// paged from the store, each row with its feed: the starred ones (the feed list's "Starred"
/// entry) or a query feed's. Behaves as an item list, with the search results' keys.
@MainActor
public final class CrossFeedListScreen: ReaderScreen, CacheScreen, MarksScreen, MarksFollowing, RowsScreen, UnreadScanning, SavableArticleList {
    let articles: CrossFeedArticles
    public private(set) var counts: ItemCounts = .zero
    public private(set) var state = ListState()
    private let storeView: StoreView
    private var preferences: ReaderPreferences {
        didSet { ListCommand.follow(preferences.lists, in: &state) }
    }
    private var source: PagedItemSource
    private var parkRow = 0
    /// False until the first answer from the store.
    public private(set) var isLoaded = false
    private var refreshNumber = 0
    /// The store generation the counts were read at (see `PendingMarks`).
    private var dataGeneration: Int64?
    /// The counts the feed list showed, used by the first read instead of counting again: a
    /// query feed's count scans every article, and the first screen need not wait for it.
    private var knownCounts: ItemCounts?
    /// Whether the rows follow the store: true until an article of the list is marked, after
    /// which the rows stay where they are, with their new marks, until the list is read again
    /// (`r`, `R`, or leaving and coming back) — so that `s` in Starred or `N` in a query feed of
    /// unread articles does not take the row from under the cursor, and a second key undoes the
    /// first (as in newsboat).
    private var rowsFollowStore = true

    /// - Parameter counts: the counts as the feed list shows them, if read.
    init(_ articles: CrossFeedArticles, storeView: StoreView, counts: ItemCounts? = nil,
         preferences: ReaderPreferences = ReaderPreferences()) {
        self.storeView = storeView
        self.articles = articles
        self.preferences = preferences
        knownCounts = counts
        source = .empty()
        ListCommand.follow(preferences.lists, in: &state)
        readRows()
    }

    /// `articlelist-title-format`'s title, when the config sets one.
    private var formattedTitle: TitleFormats.Title? {
        let counts = storeView.pendingMarks.apply(to: counts, readAt: dataGeneration)
        let url: String = if case .query(let feed) = articles { "query:\(feed.title):\(feed.source)" } else { "" }
        return preferences.formattedTitle(.articleListTitle, [
            "T": articles.title, "U": url, "u": String(counts.unread), "t": String(counts.total),
        ])
    }

    public var title: String { formattedTitle?.left ?? articles.title }

    public var titleFill: Character? { formattedTitle?.fill }

    public var titleDetail: String {
        if let formattedTitle { return formattedTitle.right }
        guard isLoaded else { return "loading…" }
        let counts = storeView.pendingMarks.apply(to: counts, readAt: dataGeneration)
        return "\(counts.unread) unread, \(counts.total) \(articles.totalName)"
    }

    var keyContext: KeyMap.Context { .searchResults }

    /// The selected article, if any, with the marks not yet written.
    public var selectedItem: ItemRow? {
        state.selection < source.count ? source.row(at: state.selection).map { storeView.pendingMarks.apply(to: $0) } : nil
    }

    func shownState(ofItem id: ItemID) -> ItemState? {
        source.loadedRow(id).map { ItemState(storeView.pendingMarks.apply(to: $0)) }
    }

    var everyArticle: StoreQuery { source.everyRow }

    /// What the list reads on a refresh: its counts (unless known) and the pages around the
    /// selection.
    struct Request: Equatable, Sendable {
        var articles: CrossFeedArticles
        var knownCounts: ItemCounts?
        var pages: ItemPages
        var order: ItemOrder
        var window: Range<Int>
        /// One moment for `age` for the whole list, so that counts and pages agree.
        var now: Date
    }

    /// The list as read, at the store's `generation`.
    struct Snapshot: Sendable {
        var generation: Int64
        var counts: ItemCounts
        var pages: [Int: [ItemRow]]
    }

    nonisolated static func read(_ request: Request, from store: FeedStore) throws -> Snapshot {
        let generation = try store.generation()
        let counts = try request.knownCounts ?? request.articles.counts(in: store, now: request.now)
        let pages = try PagedItemSource.readPages(
            covering: request.window, count: counts.total, unreadOnly: false, order: request.order, pages: request.pages, from: store)
        return Snapshot(generation: generation, counts: counts, pages: pages)
    }

    /// The store has changed: the rows are read again while they follow the store; once an
    /// article was marked here, only their marks and the counts are.
    public func refresh() {
        guard rowsFollowStore else {
            source.refreshMarks()
            refreshCounts()
            return
        }
        readRows()
    }

    /// A mark made here (or on an article opened from here) keeps the rows where they are.
    func noteMark(_ mark: ItemMark) {
        switch mark {
        case .read(let id, _, _, _), .starred(let id, _, _), .flags(let id, _, _, _):
            if source.loadedRow(id) != nil { rowsFollowStore = false }
        case .queryRead(_, _, _, _, let shown):
            if !shown.isDisjoint(with: source.loadedIDs) { rowsFollowStore = false }
        case .feedRead:
            break
        }
    }

    /// Reads the counts again (and the store generation they were read at, which tells the
    /// marks not yet written whether these counts hold them already).
    private func refreshCounts() {
        refreshNumber += 1
        let number = refreshNumber, now = storeView.now
        let request = Request(articles: articles, knownCounts: nil, pages: articles.pages(now: now), order: preferences.articleSortOrder,
                              window: 0..<0, now: now)
        storeView.read(.crossFeedList(request)) { [weak self] answer in
            guard let self, case .crossFeedList(let snapshot)? = answer, number == self.refreshNumber else { return }
            self.dataGeneration = snapshot.generation
            self.counts = snapshot.counts
        }
    }

    /// Reads the counts and rows again, keeping the selected article selected while it is still
    /// listed.
    private func readRows() {
        refreshNumber += 1
        let number = refreshNumber
        let selectedID = selectedItem?.id
        let oldSelection = state.selection
        let now = storeView.now, order = preferences.articleSortOrder
        let request = Request(
            articles: articles, knownCounts: knownCounts, pages: articles.pages(now: now), order: order,
            window: max(0, oldSelection - PagedItemSource.pageSize)..<(oldSelection + PagedItemSource.pageSize + max(1, state.visibleRows)),
            now: now)
        knownCounts = nil
        storeView.read(.crossFeedList(request)) { [weak self] answer in
            guard let self, case .crossFeedList(let snapshot)? = answer, number == self.refreshNumber else { return }
            self.dataGeneration = snapshot.generation
            self.counts = snapshot.counts
            self.isLoaded = true
            self.source = PagedItemSource(count: snapshot.counts.total, order: order, storeView: self.storeView, pages: request.pages)
            self.source.preload(snapshot.pages)
            var newIndex = oldSelection
            if let selectedID, let index = self.source.index(of: selectedID) { newIndex = index }
            self.state.select(newIndex, count: snapshot.counts.total)
            // The feed list's counts may be a moment old: count again, now that rows show.
            if request.knownCounts != nil { self.readRows() }
        }
    }

    /// Takes a new order (`sort`, `:set`) and the rest; the list is read again in it.
    func takePreferences(_ preferences: ReaderPreferences) {
        self.preferences = preferences
        readRows()
    }

    func selectRow(_ index: Int) -> Bool {
        state.selectRow(index, count: source.count)
    }

    /// Selects the article with `id` when it is among the loaded rows.
    public func select(item id: ItemID) {
        if let index = source.index(of: id) { state.select(index, count: source.count) }
    }

    func article(besides id: ItemID, forward: Bool) -> ItemID? {
        ArticleCommand.article(besides: source.index(of: id), forward: forward) { source.row(at: $0) }
    }

    /// Articles of every feed: a jump to one feed's article opens that feed's list over this one.
    func listsArticles(ofFeed feed: FeedID) -> Bool { false }

    /// The rows after (or before) the article `id` where the list holds it, the selected row
    /// otherwise: the pages are read from the store, not only those in memory.
    func unreadScan(from id: ItemID?, forward: Bool) -> UnreadListScan {
        let index = id.flatMap { source.index(of: $0) } ?? state.selection
        return UnreadListScan(
            place: .pages(articles.pages(now: storeView.now), order: preferences.articleSortOrder, index: index, count: source.count))
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        let emptyText = !isLoaded ? "Loading…" : articles.emptyText(keyMap: preferences.keyMap)
        let renderer = StarredRowRenderer(items: ItemRowRenderer(preferences: preferences, showsFeedTitle: true))
        ListView(source: MarkedItemSource(items: source, marks: storeView.pendingMarks), renderer: renderer, emptyText: emptyText)
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<MarkedItemSource, StarredRowRenderer>.selectedRow(in: area, state: state)
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        guard let command = preferences.keyMap.command(for: key, in: .searchResults) else { return nil }
        if ListCommand.apply(command, to: &state, count: source.count) { return ArticleCommand.hoverIntent(onto: selectedItem, lists: preferences.lists) }
        switch command {
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .reload, .reloadAll:
            // Reloading reads the list again: from now on it follows the store.
            rowsFollowStore = true
            readRows()
            return command == .reload ? selectedItem.map { .reloadFeed($0.feedID) } : .reloadAll
        case .search: return .openSearch(text: "")
        case .help: return .showHelp
        case .sort: return .chooseSortOrder(SortQuestion(subject: .articles, isReversed: false))
        case .reverseSort: return .chooseSortOrder(SortQuestion(subject: .articles, isReversed: true))
        case .markAllAboveRead: return ArticleCommand.markAboveRead(state.selection) { source.row(at: $0) }
        case .markFeedRead:
            // newsboat's mark-feed-read in a query feed: every article the list holds.
            let unread = storeView.pendingMarks.apply(to: counts, readAt: dataGeneration).unread
            guard let (expression, source) = articles.filter(starFlag: preferences.starFlag) else { return nil }
            return .markArticlesRead(expression, source: source, shown: self.source.loadedIDs, unread: unread)
        default:
            return ArticleCommand.perform(
                command, selected: selectedItem, state: &state, count: source.count, lists: preferences.lists,
                row: { self.source.row(at: $0).map { self.storeView.pendingMarks.apply(to: $0) } })
        }
    }
}
