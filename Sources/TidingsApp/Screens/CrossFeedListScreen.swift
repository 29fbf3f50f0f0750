import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// Articles of every feed, newest first unless `article-sort-order` (or `sort`) says otherwise,
/// paged from the cache, each row with its feed: the starred ones (the feed list's "Starred"
/// entry) or a query feed's. Behaves as an item list, with the search results' keys.
struct CrossFeedListScreen: ReaderScreen, MarksScreen, MarksFollowing, RowsScreen, UnreadScanning, SavableArticleList {
    let id: ScreenID
    let articles: CrossFeedArticles
    private(set) var counts: ItemCounts = .zero
    private(set) var state = ListState()
    private(set) var source = PagedItems.empty
    /// False until the first answer from the cache.
    private(set) var isLoaded = false
    /// Counts reads of the list; an answer overtaken by a newer read is dropped.
    private var refreshNumber = 0
    /// The read that asked for the counts alone (the rows staying), if the last one did.
    private var countsOnlyRequest: Int?
    /// Counts the rows read whole: a page or marks read for rows since replaced is dropped.
    private var rowsNumber = 0
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
    /// The article selected when the rows were asked for again, selected again in the answer.
    private var selectedBeforeRead: ItemID?
    /// Rows of the list at the last layout.
    private var listHeight = 1

    /// - Parameter counts: the counts as the feed list shows them, if read.
    init(id: ScreenID, _ articles: CrossFeedArticles, counts: ItemCounts? = nil) {
        self.id = id
        self.articles = articles
        knownCounts = counts
    }

    var keyContext: KeyMap.Context { .searchResults }

    func title(_ context: ScreenContext) -> ScreenTitle {
        let counts = context.marks.apply(to: counts, readAt: dataGeneration)
        let url: String = if case .query(let feed) = articles { "query:\(feed.title):\(feed.source)" } else { "" }
        if let formatted = context.formattedTitle(.articleListTitle, [
            "T": articles.title, "U": url, "u": String(counts.unread), "t": String(counts.total),
        ]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        return ScreenTitle(left: articles.title, right: isLoaded ? "\(counts.unread) unread, \(counts.total) \(articles.totalName)" : "loading…")
    }

    /// The selected article, if any, with the marks not yet written.
    func selectedItem(_ marks: PendingMarks) -> ItemRow? {
        source.row(at: state.selection).map { marks.apply(to: $0) }
    }

    func shownState(ofItem id: ItemID, _ marks: PendingMarks) -> ItemState? {
        source.loadedRow(id).map { ItemState(marks.apply(to: $0)) }
    }

    var everyArticle: ArticlesToSave { source.everyRow }

    // MARK: - Reading

    /// The store has changed: the rows are read again while they follow the store; once an
    /// article was marked here, only their marks and the counts are.
    mutating func refresh(_ context: ScreenContext) -> [ReaderEffect] {
        guard rowsFollowStore else { return source.marksReads(ticket: rowsTicket) + refreshCounts(context) }
        return readRows(context)
    }

    /// A mark made here (or on an article opened from here) keeps the rows where they are.
    mutating func noteMark(_ mark: ItemMark) {
        switch mark {
        case .read(let id, _, _, _), .starred(let id, _, _), .flags(let id, _, _, _):
            if source.loadedRow(id) != nil { rowsFollowStore = false }
        case .queryRead(_, _, _, _, let shown):
            if !shown.isDisjoint(with: source.loadedIDs) { rowsFollowStore = false }
        case .itemsRead(let items, _):
            if !source.loadedIDs.isDisjoint(with: items.keys) { rowsFollowStore = false }
        case .feedRead:
            break
        }
    }

    /// Reads the counts again (and the store generation they were read at, which tells the
    /// marks not yet written whether these counts hold them already), the rows staying.
    private mutating func refreshCounts(_ context: ScreenContext) -> [ReaderEffect] {
        refreshNumber += 1
        countsOnlyRequest = refreshNumber
        let query = CrossFeedListQuery(articles: articles, knownCounts: nil, pages: articles.pages(now: context.now, folds: context.config[\.foldDuplicates]),
                                       order: context.config[\.articleSortOrder], window: 0..<0, now: context.now)
        return [.read(query, route: ScreenTicket(screen: id, request: refreshNumber))]
    }

    /// Where the pages and marks of the rows in memory go.
    private var rowsTicket: ScreenTicket { ScreenTicket(screen: id, request: rowsNumber) }

    /// Reads the counts and rows again, keeping the selected article selected while it is still
    /// listed.
    private mutating func readRows(_ context: ScreenContext) -> [ReaderEffect] {
        refreshNumber += 1
        countsOnlyRequest = nil
        selectedBeforeRead = selectedBeforeRead ?? source.row(at: state.selection)?.id
        let selection = state.selection
        let query = CrossFeedListQuery(
            articles: articles, knownCounts: knownCounts, pages: articles.pages(now: context.now, folds: context.config[\.foldDuplicates]), order: context.config[\.articleSortOrder],
            window: max(0, selection - PagedItems.pageSize)..<(selection + PagedItems.pageSize + max(1, listHeight)), now: context.now)
        return [.read(query, route: ScreenTicket(screen: id, request: refreshNumber))]
    }

    /// Takes the list as read.
    mutating func take(_ result: StoreResult<CrossFeedListQuery.Answer>, _ ticket: ScreenTicket, _ context: ScreenContext) -> [ReaderEffect] {
        guard ticket.request == refreshNumber, case .success(let answer) = result else { return [] }
        dataGeneration = answer.generation
        counts = answer.counts
        guard ticket.request != countsOnlyRequest else { return [] }
        isLoaded = true
        rowsNumber += 1
        var items = PagedItems(count: answer.counts.total, order: context.config[\.articleSortOrder], pages: articles.pages(now: context.now, folds: context.config[\.foldDuplicates]))
        items.preload(answer.pages)
        source = items
        var index = state.selection
        if let selected = selectedBeforeRead, let found = source.index(of: selected) { index = found }
        selectedBeforeRead = nil
        state.select(index, count: answer.counts.total)
        // The feed list's counts may be a moment old: count again, now that rows show.
        guard knownCounts != nil else { return [] }
        knownCounts = nil
        return readRows(context)
    }

    mutating func takePage(_ result: StoreResult<[ItemRow]>, _ page: Int, _ ticket: ScreenTicket) {
        guard ticket == rowsTicket else { return }
        source.take(page: page, result)
    }

    mutating func takeMarks(_ result: StoreResult<[ItemRow]>, page: Int, _ ticket: ScreenTicket) {
        guard ticket == rowsTicket else { return }
        source.takeMarks(page: page, result)
    }

    // MARK: - Layout and drawing

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        ListCommand.follow(context.config, in: &state)
        listHeight = max(1, area.height)
        state.layout(count: source.count, visibleRows: area.height)
        return source.neededPages(for: state.offset..<(state.offset + listHeight), ticket: rowsTicket)
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        let emptyText = !isLoaded ? "Loading…" : articles.emptyText(keyMap: context.keyMap)
        let renderer = CrossFeedRowRenderer(items: ItemRowRenderer(context, showsFeedTitle: true))
        let row = ListView(source: MarkedItems(items: source, marks: context.marks), renderer: renderer, emptyText: emptyText)
            .draw(into: &grid, in: area, state: state)
        return Position(row: row, column: 0)
    }

    // MARK: - Keys

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        if ListCommand.apply(command, to: &state, count: source.count) {
            return .intent(ArticleCommand.hoverIntent(onto: selectedItem(context.marks), context.config))
        }
        switch command {
        case .back: return .intent(.back)
        case .quit, .quitAll: return .intent(.quit)
        case .reload, .reloadAll:
            // Reloading reads the list again: from now on it follows the store.
            rowsFollowStore = true
            let reads = readRows(context)
            let intent: ReaderIntent? = command == .reload ? selectedItem(context.marks).map { .reloadFeed($0.feedID) } : .reloadAll
            return ScreenResponse(intent: intent, effects: reads)
        case .search: return .intent(.openSearch(text: ""))
        case .help: return .intent(.showHelp)
        case .sort: return .intent(.chooseSortOrder(SortQuestion(subject: .articles, isReversed: false)))
        case .reverseSort: return .intent(.chooseSortOrder(SortQuestion(subject: .articles, isReversed: true)))
        case .markAllAboveRead: return .intent(ArticleCommand.markAboveRead(state.selection) { source.row(at: $0) })
        case .markFeedRead:
            // newsboat's mark-feed-read in a query feed: every article the list holds.
            let unread = context.marks.apply(to: counts, readAt: dataGeneration).unread
            guard let (expression, text) = articles.filter(starFlag: context.config.starFlag) else { return .none }
            return .intent(.markArticlesRead(expression, source: text, shown: source.loadedIDs, unread: unread))
        default:
            let marks = context.marks, source = source
            return .intent(ArticleCommand.perform(
                command, selected: selectedItem(marks), state: &state, count: source.count, context.config,
                row: { source.row(at: $0).map { marks.apply(to: $0) } }))
        }
    }

    // MARK: - What the reader asks

    mutating func selectRow(_ index: Int) -> Bool {
        state.selectRow(index, count: source.count)
    }

    func row(atLine line: Int, _ context: ScreenContext) -> Int? {
        state.row(atLine: line, count: source.count)
    }

    var selectedRow: Int { state.selection }

    /// Selects the article with `id` when it is among the loaded rows.
    mutating func select(item id: ItemID) {
        if let index = source.index(of: id) { state.select(index, count: source.count) }
    }

    func article(besides id: ItemID, forward: Bool) -> ItemID? {
        ArticleCommand.article(besides: source.index(of: id), forward: forward) { source.row(at: $0) }
    }

    /// Articles of every feed: a jump to one feed's article opens that feed's list over this one.
    func listsArticles(ofFeed feed: FeedID) -> Bool { false }

    /// The rows after (or before) the article `id` where the list holds it, the selected row
    /// otherwise: the pages are read from the store, not only those in memory.
    ///
    /// The rows are walked as they are shown: an article read stays in its row (see `takeMarks`)
    /// even when the list's query no longer matches it (`unread = "yes"`), so that the walk
    /// neither skips the row after it nor jumps back. Only past the pages in memory are rows read
    /// from the cache, as it lists them now.
    func unreadScan(from id: ItemID?, forward: Bool, _ context: ScreenContext) -> UnreadListScan {
        let count = source.count
        let index = min(id.flatMap { source.index(of: $0) } ?? state.selection, max(0, count - 1))
        let after = forward ? Array((index + 1)..<max(index + 1, count)) : Array((0..<index).reversed())
        let round = forward ? Array(0...index).filter { $0 < count } : Array((index..<count).reversed())
        for position in after + round {
            guard let row = source.row(at: position) else {
                return UnreadListScan(place: .pages(articles.pages(now: context.now, folds: context.config[\.foldDuplicates]), order: context.config[\.articleSortOrder],
                                                    index: index, count: count))
            }
            if !context.marks.apply(to: row).isRead { return UnreadListScan(place: .found(row)) }
        }
        return UnreadListScan(place: .none)
    }
}
