import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// The items of one feed, newest first unless `article-sort-order` (or `sort`) says otherwise,
/// paged from the cache.
///
/// Space expands the selected item in place into a preview of its first lines and collapses it
/// again; `F` filters the list by title as you type (in SQL, page by page, so a feed of 100 000
/// items filters as fast as a short one). Which items are expanded is remembered while the list
/// is open. Everything is read off the main thread: the screen asks, its answers come back as
/// messages.
struct ItemListScreen: ReaderScreen, TypingScreen, MarksScreen, FeedRowsScreen, RowsScreen, FilteredScreen, ArticleListing, JumpClosedScreen,
    SavableArticleList {
    let id: ScreenID
    private(set) var feed: FeedListRow
    private(set) var state = ListState()
    /// The quick filter: typed, kept or none.
    private(set) var quickFilter = QuickFilter()
    /// The filter expression in force (`set-filter`, `select-filter`); never with a quick filter.
    private(set) var filter: ListFilter?
    /// Items shown with their preview.
    private(set) var expanded: Set<ItemID> = []
    private(set) var source = PagedItems.empty
    private var previews = ItemPreviews()
    /// Size of the list at the last layout, which sizes previews.
    private var listArea = Rect(row: 0, column: 0, height: 0, width: 0)
    /// The item selected when the filter was started, to come back to.
    private var filterAnchor: ItemRow?
    /// The item to select once the list is read (`article-feed`, `n`), or the one selected when it
    /// was asked for.
    private var awaitedItem: ItemID?
    /// The row selected when the list was last asked for: a key that moves the selection before
    /// the answer comes wins over what was remembered then.
    private var selectionAsked = 0
    /// False until the first answer from the cache.
    private(set) var isLoaded = false
    /// Counts questions to the cache; an answer overtaken by a newer question is dropped.
    private var requestNumber = 0
    /// Counts the rows read whole: a page read for rows since replaced is dropped.
    private var rowsNumber = 0
    /// Where the pages of the rows in memory go.
    private var rowsTicket: ScreenTicket { ScreenTicket(screen: id, request: rowsNumber) }
    /// The store generation the feed's counts were read at (see `PendingMarks`).
    private var dataGeneration: Int64?

    init(id: ScreenID, feed: FeedListRow, selecting item: ItemID? = nil) {
        self.id = id
        self.feed = feed
        awaitedItem = item
    }

    var keyContext: KeyMap.Context { .itemList }

    private func unreadOnly(_ context: ScreenContext) -> Bool { !context.config[\.showReadArticles] }

    /// The feed's counts with the marks not yet written.
    private func shownFeed(_ marks: PendingMarks) -> FeedListRow { marks.apply(to: feed, readAt: dataGeneration) }

    func title(_ context: ScreenContext) -> ScreenTitle {
        let feed = shownFeed(context.marks)
        if let formatted = context.formattedTitle(.articleListTitle, [
            "T": feed.name.text, "U": feed.url, "u": String(feed.unreadCount), "t": String(feed.totalCount), "F": filter?.label ?? "",
        ]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        let all = unreadOnly(context) ? feed.unreadCount : feed.totalCount
        let detail: String
        if !isLoaded {
            detail = "loading…"
        } else if quickFilter.isActive {
            detail = quickFilter.detail(matching: source.count, of: all)
        } else if let filter {
            detail = "filter: \(Excerpt(filter.label)) (\(source.count) of \(all))"
        } else {
            detail = "\(feed.unreadCount) unread, \(feed.totalCount) total"
        }
        return ScreenTitle(left: feed.name.text, right: detail)
    }

    /// The selected item, if any, with the marks not yet written.
    func selectedItem(_ marks: PendingMarks) -> ItemRow? {
        source.row(at: state.selection).map { marks.apply(to: $0) }
    }

    // MARK: - Reading

    /// Reads the feed's counts and the rows on screen again (after a reload or a change of read
    /// state), keeping the selected item selected when it is still near where it was, and
    /// wherever it went when the order changed.
    mutating func refresh(_ context: ScreenContext) -> [ReaderEffect] {
        requestNumber += 1
        let order = context.config[\.articleSortOrder]
        awaitedItem = awaitedItem ?? selectedItem(context.marks)?.id
        selectionAsked = state.selection
        let expression = filter?.expression
        // Re-sorted, the selected item can be anywhere: the store says where (a filter
        // expression has no such question; its list keeps the selection's row).
        let movedItem = isLoaded && order != source.order && expression == nil ? source.row(at: state.selection) : nil
        let pages: ItemPages = expression.map { .filtered(feed.id, $0, now: context.now) } ?? .feed(feed.id, titleFilter: quickFilter.text)
        let query = ItemListQuery(
            feedID: feed.id, titleFilter: quickFilter.text, unreadOnly: unreadOnly(context), order: order,
            movedItem: movedItem?.cursor, selection: state.selection, visibleRows: max(1, state.visibleRows), pages: pages,
            selectsFirstUnread: !isLoaded && awaitedItem == nil && context.config[\.gotoFirstUnread],
            restoresPlaceSavedBefore: !isLoaded && awaitedItem == nil ? context.sessionStart : nil, now: context.now)
        return [.read(query, route: ScreenTicket(screen: id, request: requestNumber))]
    }

    /// Takes the list as read.
    mutating func take(_ result: StoreResult<ItemListQuery.Answer>, _ ticket: ScreenTicket, _ context: ScreenContext) {
        guard ticket.request == requestNumber, case .success(let answer) = result else { return }
        if isLoaded, state.selection != selectionAsked, let moved = source.row(at: state.selection)?.id { awaitedItem = moved }
        dataGeneration = answer.generation
        if let feed = answer.feed { self.feed = feed }
        isLoaded = true
        var items = PagedItems(count: answer.count, unreadOnly: unreadOnly(context), order: context.config[\.articleSortOrder],
                               pages: filter.map { .filtered(feed.id, $0.expression, now: context.now) } ?? .feed(feed.id, titleFilter: quickFilter.text))
        items.preload(answer.pages)
        source = items
        rowsNumber += 1
        // The text of expanded items may have changed with a reload.
        previews.markStale()
        var index = answer.selection
        if let awaited = awaitedItem, let found = source.index(of: awaited) { index = found }
        awaitedItem = nil
        state.select(index, count: answer.count)
    }

    /// Takes a page of rows read as the list scrolled.
    mutating func takePage(_ result: StoreResult<[ItemRow]>, _ page: Int, _ ticket: ScreenTicket) {
        guard ticket == rowsTicket else { return }
        source.take(page: page, result)
    }

    /// Takes the marks of a page of rows read again.
    mutating func takeMarks(_ result: StoreResult<[ItemRow]>, page: Int, _ ticket: ScreenTicket) {
        guard ticket == rowsTicket else { return }
        source.takeMarks(page: page, result)
    }

    /// Takes an item's text for its preview.
    mutating func takePreview(_ result: StoreResult<ArticleBody>, of item: ItemID) {
        previews.take(result, of: item)
    }

    /// Takes the list narrowed by the title typed.
    mutating func take(_ result: StoreResult<TitleFilterQuery.Answer>, _ ticket: ScreenTicket) {
        guard ticket.request == requestNumber else { return }
        // The cache cannot be read: show no rows rather than stale ones; the next refresh retries.
        let answer = (try? result.get()) ?? TitleFilterQuery.Answer(count: 0, selection: 0, pages: [:])
        var items = PagedItems(count: answer.count, unreadOnly: source.unreadOnly, order: source.order,
                               pages: .feed(feed.id, titleFilter: quickFilter.text))
        items.preload(answer.pages)
        source = items
        rowsNumber += 1
        state.select(answer.selection, count: answer.count)
    }

    /// Every article of the list as listed: filtered, read ones hidden or not, in its order.
    var everyArticle: ArticlesToSave { source.everyRow }

    // MARK: - Layout and drawing

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        ListCommand.follow(context.config, in: &state)
        listArea = quickFilter.isEditing && area.height > 1 ? area.inset(top: 0, bottom: 1) : area
        quickFilter.layout(in: area.bottomRows(1))
        let limit = max(3, listArea.height / 3)
        let shown = Array(expanded)
        var effects = previews.prepare(shown, width: listArea.width, limit: limit, textWidth: context.config[\.textWidth], screen: id)
        list(context).layout(&state, in: listArea)
        effects += source.neededPages(for: state.offset..<(state.offset + max(1, listArea.height)), ticket: rowsTicket)
        return effects
    }

    private func rows(_ context: ScreenContext) -> ItemListRows {
        ItemListRows(items: source, marks: context.marks, previews: previews, expanded: expanded, showsExcerpts: context.config[\.showExcerpts])
    }

    private func list(_ context: ScreenContext) -> ListView<ItemListRows, ItemEntryRenderer> {
        let rows = rows(context)
        let filterText: String? = filter.map { "No article matches the filter \(Excerpt($0.label)). \(clearKeyHint(context))" }
        let emptyText = !isLoaded ? "Loading…"
            : filterText ?? (quickFilter.isActive
            ? "No article title contains \u{201C}\(quickFilter.text)\u{201D}. Esc clears the filter."
            : unreadOnly(context) ? "No unread articles in this feed." : "No articles in this feed yet. Press r to reload it.")
        return ListView(source: rows, renderer: ItemEntryRenderer(line: ItemRowRenderer(context)), emptyText: emptyText,
                        rowHeight: rows.height(at:))
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        if quickFilter.isEditing && area.height > 1 { quickFilter.render(into: &grid, in: area.bottomRows(1)) }
        let listArea = quickFilter.isEditing && area.height > 1 ? area.inset(top: 0, bottom: 1) : area
        return Position(row: list(context).draw(into: &grid, in: listArea, state: state), column: 0)
    }

    /// What clears a filter, for the empty list's text.
    private func clearKeyHint(_ context: ScreenContext) -> String {
        context.key(for: .clearFilter, in: .itemList).map { "\($0) clears it." } ?? ""
    }

    // MARK: - Keys

    /// Typed into the quick filter; Esc clears it.
    func takesTyped(_ key: Key, _ context: ScreenContext) -> Bool {
        quickFilter.isEditing || (key == .escape && quickFilter.isActive)
    }

    mutating func handleTyped(_ key: Key, _ context: ScreenContext) -> ScreenResponse {
        if !quickFilter.isEditing {
            return .reads(clearFilter(context))
        }
        switch key {
        case .up, .down, .pageUp, .pageDown:
            _ = state.handleNavigationKey(key, count: source.count)
            return .none
        default:
            break
        }
        switch quickFilter.handle(key) {
        case .none, .kept: return .none
        case .text: return .reads(readFiltered(anchor: filterAnchor, context))
        case .cleared: return .reads(clearFilter(context))
        }
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        if ListCommand.apply(command, to: &state, count: source.count) {
            if !expanded.isEmpty || context.config[\.showExcerpts], listArea.height > 0 {
                state.layout(count: source.count, lines: listArea.height, rowHeight: rows(context).height(at:))
            }
            return .intent(ArticleCommand.hoverIntent(onto: selectedItem(context.marks), context.config))
        }
        switch command {
        case .back: return .intent(.back)
        case .quit, .quitAll: return .intent(.quit)
        case .reload: return .intent(.reloadFeed(feed.id))
        case .reloadAll: return .intent(.reloadAll)
        case .markFeedRead: return .intent(.markFeedRead(feed.id))
        case .deleteAllArticles: return .intent(.deleteAllArticles(feed.id))
        case .toggleShowRead, .toggleShowReadArticles: return .intent(.toggleShowRead(articles: true))
        case .nextFeed: return .intent(.switchFeed(from: feed.id, forward: true))
        case .previousFeed: return .intent(.switchFeed(from: feed.id, forward: false))
        case .nextUnreadFeed: return .intent(.switchFeed(from: feed.id, forward: true, unreadOnly: true))
        case .previousUnreadFeed: return .intent(.switchFeed(from: feed.id, forward: false, unreadOnly: true))
        case .help: return .intent(.showHelp)
        case .search: return .intent(.searchFeed(feed))
        case .togglePreview:
            guard let item = selectedItem(context.marks) else { return .none }
            if expanded.remove(item.id) == nil { expanded.insert(item.id) }
            return .none
        case .quickFilter:
            var effects: [ReaderEffect] = []
            if filter != nil { effects = applyFilter(nil, context) }
            filterAnchor = selectedItem(context.marks)
            quickFilter.begin()
            return .reads(effects)
        case .sort: return .intent(.chooseSortOrder(SortQuestion(subject: .articles, isReversed: false)))
        case .reverseSort: return .intent(.chooseSortOrder(SortQuestion(subject: .articles, isReversed: true)))
        case .setFilter: return .intent(.askForFilter)
        case .selectFilter: return .intent(.chooseFilter)
        case .markAllAboveRead: return .intent(ArticleCommand.markAboveRead(state.selection) { source.row(at: $0) })
        case .clearFilter:
            return .reads(filter != nil ? applyFilter(nil, context) : [])
        default:
            let marks = context.marks, source = source
            return .intent(ArticleCommand.perform(
                command, selected: selectedItem(marks), state: &state, count: source.count, context.config,
                row: { source.row(at: $0).map { marks.apply(to: $0) } }))
        }
    }

    /// Filters the list by `filter` (nil: the whole feed again), the quick filter cleared.
    mutating func applyFilter(_ filter: ListFilter?, _ context: ScreenContext) -> [ReaderEffect] {
        if quickFilter.isActive || quickFilter.isEditing { quickFilter.clear() }
        self.filter = filter
        state.select(0, count: 0)
        isLoaded = false
        return refresh(context)
    }

    /// Removes the quick filter, keeping the item selected in the filtered list selected (or the
    /// one selected before filtering, when nothing matched).
    private mutating func clearFilter(_ context: ScreenContext) -> [ReaderEffect] {
        let keep = selectedItem(context.marks) ?? filterAnchor
        quickFilter.clear()
        filterAnchor = nil
        return readFiltered(anchor: keep, context)
    }

    /// Reads the rows for the quick filter in force and selects `anchor`, or where it would be.
    private mutating func readFiltered(anchor: ItemRow?, _ context: ScreenContext) -> [ReaderEffect] {
        requestNumber += 1
        let unreadOnly = unreadOnly(context)
        let query = TitleFilterQuery(
            feedID: feed.id, titleFilter: quickFilter.text, unreadOnly: unreadOnly, order: context.config[\.articleSortOrder],
            unfilteredCount: unreadOnly ? feed.unreadCount : feed.totalCount, anchor: anchor?.cursor, visibleRows: max(1, state.visibleRows))
        return [.read(query, route: ScreenTicket(screen: id, request: requestNumber))]
    }

    // MARK: - What the reader asks

    mutating func selectRow(_ index: Int) -> Bool {
        state.selectRow(index, count: source.count)
    }

    func row(atLine line: Int, _ context: ScreenContext) -> Int? {
        state.row(atLine: line, count: source.count, rowHeight: rows(context).height(at:))
    }

    var selectedRow: Int { state.selection }

    /// Selects the item with `id` when it is among the loaded rows (after `n`/`p`), or once the
    /// list is read.
    mutating func select(item id: ItemID) {
        if let index = source.index(of: id) {
            state.select(index, count: source.count)
        } else if !isLoaded {
            awaitedItem = id
        }
    }

    func shownState(ofItem id: ItemID, _ marks: PendingMarks) -> ItemState? {
        source.loadedRow(id).map { ItemState(marks.apply(to: $0)) }
    }

    func listedFeed(_ id: FeedID, _ marks: PendingMarks) -> FeedListRow? {
        id == feed.id ? shownFeed(marks) : nil
    }

    func closesWhenJumping(toFeed feed: FeedID) -> Bool {
        feed != self.feed.id
    }

    func listsArticles(ofFeed feed: FeedID) -> Bool {
        feed == self.feed.id
    }

    func article(besides id: ItemID, forward: Bool) -> ItemID? {
        ArticleCommand.article(besides: source.index(of: id), forward: forward) { source.row(at: $0) }
    }

    /// Where `n` and `p` look when they stay in this feed (`goto-next-feed no`): the list's own
    /// rows after (or before) the article `id`, or the selected row.
    func unreadScan(from id: ItemID?, forward: Bool, _ context: ScreenContext) -> UnreadListScan {
        let index = id.flatMap { source.index(of: $0) } ?? state.selection
        return UnreadListScan(place: .pages(source.pages, order: source.order, index: index, count: source.count))
    }
}
