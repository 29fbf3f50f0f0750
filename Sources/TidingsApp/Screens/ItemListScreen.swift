import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// The items of one feed, newest first unless `article-sort-order` (or `sort`) says otherwise,
/// paged from the store.
///
/// Space expands the selected item in place into a preview of its first lines and collapses it
/// again; `F` filters the list by title as you type (in SQL, page by page, so a feed of 100 000
/// items filters as fast as a short one). Which items are expanded is remembered while the list
/// is open. Everything is read off the main thread (see `StoreView`).
@MainActor
public final class ItemListScreen: ReaderScreen, TypingScreen, CacheScreen, MarksScreen, FeedRowsScreen, RowsScreen, FilteredScreen, ArticleListing, JumpClosedScreen, SavableArticleList {
    public private(set) var feed: FeedListRow
    public private(set) var state = ListState()
    /// The quick filter: typed, kept or none.
    private(set) var quickFilter = QuickFilter()
    /// The filter expression in force (`set-filter`, `select-filter`); never with a quick filter.
    public private(set) var filter: ListFilter?
    /// Items shown with their preview.
    public private(set) var expanded: Set<ItemID> = []
    private let storeView: StoreView
    private var source: PagedItemSource
    private var renderer: ItemEntryRenderer
    private let previews: ItemPreviews
    private var parkRow = 0
    /// Size of the list at the last frame, which sizes previews.
    private var listHeight = 0
    private var listWidth = 0
    /// The item selected when the filter was started, to come back to.
    private var filterAnchor: ItemRow?
    private var preferences: ReaderPreferences {
        didSet { ListCommand.follow(preferences.lists, in: &state) }
    }
    private var unreadOnly: Bool { preferences.hidesReadArticles }
    private var order: ItemOrder { preferences.articleSortOrder }
    /// False until the first answer from the store.
    public private(set) var isLoaded = false
    /// Counts questions to the store; an answer overtaken by a newer question is dropped.
    private var requestNumber = 0
    /// The store generation the feed's counts were read at (see `PendingMarks`).
    private var dataGeneration: Int64?

    public init(storeView: StoreView, feed: FeedListRow, preferences: ReaderPreferences = ReaderPreferences()) {
        self.storeView = storeView
        self.feed = feed
        self.preferences = preferences
        source = .empty()
        renderer = ItemEntryRenderer(line: ItemRowRenderer(preferences: preferences))
        previews = ItemPreviews(storeView: storeView, textWidth: preferences.textWidth)
        ListCommand.follow(preferences.lists, in: &state)
        refresh()
    }

    /// `articlelist-title-format`'s title, when the config sets one.
    private var formattedTitle: TitleFormats.Title? {
        let feed = shownFeed
        return preferences.formattedTitle(.articleListTitle, [
            "T": feed.name.text, "U": feed.url, "u": String(feed.unreadCount), "t": String(feed.totalCount),
            "F": filter?.label ?? "",
        ])
    }

    public var title: String { formattedTitle?.left ?? shownFeed.name.text }

    public var titleFill: Character? { formattedTitle?.fill }

    var keyContext: KeyMap.Context { .itemList }

    /// The feed's counts with the marks not yet written.
    private var shownFeed: FeedListRow { storeView.pendingMarks.apply(to: feed, readAt: dataGeneration) }

    public var titleDetail: String {
        if let formattedTitle { return formattedTitle.right }
        if !isLoaded { return "loading…" }
        let feed = shownFeed
        if quickFilter.isActive {
            return quickFilter.detail(matching: source.count, of: unreadOnly ? feed.unreadCount : feed.totalCount)
        }
        if let filter {
            return "filter: \(Excerpt(filter.label)) (\(source.count) of \(unreadOnly ? feed.unreadCount : feed.totalCount))"
        }
        return "\(feed.unreadCount) unread, \(feed.totalCount) total"
    }

    /// The selected item, if any, with the marks not yet written.
    public var selectedItem: ItemRow? {
        state.selection < source.count ? source.row(at: state.selection).map { storeView.pendingMarks.apply(to: $0) } : nil
    }

    /// What the list reads on a refresh: the feed's counts and the pages around the selection.
    struct Request: Equatable, Sendable {
        var feedID: FeedID
        var titleFilter: String
        var unreadOnly: Bool
        var order: ItemOrder
        /// The selected item when the order has changed: the store says where it went.
        var movedItem: ItemCursor?
        var selection: Int
        var visibleRows: Int
        var pages: ItemPages
        /// Select the first unread article in the order (`goto-first-unread`, when the list opens).
        var selectsFirstUnread = false
    }

    /// The list as read, at the store's `generation`.
    struct Snapshot: Sendable {
        var generation: Int64
        var feed: FeedListRow?
        var count: Int
        var pages: [Int: [ItemRow]]
        var selection: Int
    }

    nonisolated static func read(_ request: Request, from store: FeedStore) throws -> Snapshot {
        let generation = try store.generation()
        let feed = try store.feed(request.feedID)
        let count: Int
        if case .filtered(_, let expression, let now) = request.pages {
            count = try store.itemCount(matching: expression, inFeed: request.feedID, unreadOnly: request.unreadOnly, now: now)
        } else if request.titleFilter.isEmpty {
            count = request.unreadOnly ? feed?.unreadCount ?? 0 : feed?.totalCount ?? 0
        } else {
            count = try store.itemCount(inFeed: request.feedID, titleContaining: request.titleFilter, unreadOnly: request.unreadOnly)
        }
        var selection = try request.movedItem.map {
            try store.itemIndex(of: $0, inFeed: request.feedID, titleContaining: request.titleFilter, unreadOnly: request.unreadOnly, order: request.order)
        } ?? request.selection
        if request.selectsFirstUnread, case .feed(let feedID, let titleFilter) = request.pages, titleFilter.isEmpty,
           let first = try store.items(inFeed: feedID, ItemPageRequest(unreadOnly: true, limit: 1, order: request.order)).first {
            selection = try store.itemIndex(of: first.cursor, inFeed: feedID, titleContaining: "", unreadOnly: request.unreadOnly, order: request.order)
        }
        // New items arrive at the top: read a page either side of the selection, to find it.
        let window = max(0, selection - PagedItemSource.pageSize)..<(selection + PagedItemSource.pageSize + request.visibleRows)
        let pages = try PagedItemSource.readPages(
            covering: window, count: count, unreadOnly: request.unreadOnly, order: request.order, pages: request.pages, from: store)
        return Snapshot(generation: generation, feed: feed, count: count, pages: pages, selection: selection)
    }

    /// Reads the feed's counts and the rows on screen again (after a reload or a change of read
    /// state), keeping the selected item selected when it is still near where it was, and
    /// wherever it went when the order changed.
    public func refresh() {
        requestNumber += 1
        let number = requestNumber
        let unreadOnly = unreadOnly, order = order
        let selectedID = selectedItem?.id
        let expression = self.filter?.expression
        // Re-sorted, the selected item can be anywhere: the store says where (a filter
        // expression has no such question; its list keeps the selection's row).
        let movedItem = order != source.order && expression == nil ? selectedItem : nil
        let pages: ItemPages = expression.map { .filtered(feed.id, $0, now: storeView.now) } ?? .feed(feed.id, titleFilter: quickFilter.text)
        let request = Request(
            feedID: feed.id, titleFilter: quickFilter.text, unreadOnly: unreadOnly, order: order,
            movedItem: movedItem?.cursor, selection: state.selection, visibleRows: max(1, state.visibleRows), pages: pages,
            selectsFirstUnread: !isLoaded && preferences.goesToFirstUnread)
        storeView.read(.itemList(request)) { [weak self] answer in
            guard let self, case .itemList(let snapshot)? = answer, number == self.requestNumber else { return }
            // The row selected now (moved since the question, by `next`/`prev` or a key), else the
            // one selected when it was asked.
            let selectedID = self.selectedItem?.id ?? selectedID
            self.dataGeneration = snapshot.generation
            if let feed = snapshot.feed { self.feed = feed }
            self.isLoaded = true
            self.source = PagedItemSource(count: snapshot.count, unreadOnly: unreadOnly, order: order, storeView: self.storeView, pages: pages)
            self.source.preload(snapshot.pages)
            // The text of expanded items may have changed with a reload.
            self.previews.markStale()
            var newIndex = snapshot.selection
            if let selectedID, let index = self.source.index(of: selectedID) { newIndex = index }
            self.state.select(newIndex, count: snapshot.count)
        }
    }

    /// Takes a new order (`sort`, `:set`), `show-read-articles` and the rest; the list is read
    /// again with them.
    func takePreferences(_ preferences: ReaderPreferences) {
        self.preferences = preferences
        renderer = ItemEntryRenderer(line: ItemRowRenderer(preferences: preferences))
        refresh()
    }

    func selectRow(_ index: Int) -> Bool {
        state.selectRow(index, count: source.count)
    }

    /// The feed's articles as listed: filtered, read ones hidden or not, in the list's order.
    var everyArticle: StoreQuery { source.everyRow }

    /// Selects the item with `id` when it is among the loaded rows (after `n`/`p`).
    public func select(item id: ItemID) {
        if let index = source.index(of: id) { state.select(index, count: source.count) }
    }

    func shownState(ofItem id: ItemID) -> ItemState? {
        source.loadedRow(id).map { ItemState(storeView.pendingMarks.apply(to: $0)) }
    }

    func listedFeed(_ id: FeedID) -> FeedListRow? {
        id == feed.id ? shownFeed : nil
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
    func unreadScan(from id: ItemID?, forward: Bool) -> UnreadListScan {
        let index = id.flatMap { source.index(of: $0) } ?? state.selection
        return UnreadListScan(place: .pages(source.pages, order: order, index: index, count: source.count))
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        var listArea = area
        if quickFilter.isEditing && area.height > 1 {
            listArea = area.inset(top: 0, bottom: 1)
            quickFilter.render(into: &grid, in: area.bottomRows(1))
        }
        listHeight = listArea.height
        listWidth = listArea.width
        let rows = rows()
        let filterText: String? = filter.map { "No article matches the filter \(Excerpt($0.label)). \(clearKeyHint)" }
        let emptyText = !isLoaded ? "Loading…"
            : filterText ?? (quickFilter.isActive
            ? "No article title contains \u{201C}\(quickFilter.text)\u{201D}. Esc clears the filter."
            : unreadOnly ? "No unread articles in this feed." : "No articles in this feed yet. Press r to reload it.")
        let list = ListView(source: rows, renderer: renderer, emptyText: emptyText, rowHeight: rows.height(at:))
        parkRow = list.render(into: &grid, in: listArea, state: &state)
    }

    private func rows() -> ItemListRows {
        ItemListRows(
            items: source, marks: storeView.pendingMarks, previews: previews, expanded: expanded,
            showsExcerpts: preferences.showsExcerpts, width: listWidth, previewLimit: previewLimit)
    }

    /// About a third of the list's height, and never less than three lines.
    private var previewLimit: Int { max(3, listHeight / 3) }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    /// Typed into the quick filter; Esc clears it.
    func takesUnboundKey(_ key: Key) -> Bool {
        quickFilter.isEditing || (key == .escape && quickFilter.isActive)
    }

    public func handle(_ key: Key) -> ReaderIntent? {
        if quickFilter.isEditing { return handleFilterKey(key) }
        if key == .escape && quickFilter.isActive {
            clearFilter()
            return nil
        }
        guard let command = preferences.keyMap.command(for: key, in: .itemList) else { return nil }
        if moveSelection(command) { return ArticleCommand.hoverIntent(onto: selectedItem, lists: preferences.lists) }
        switch command {
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .reload: return .reloadFeed(feed.id)
        case .reloadAll: return .reloadAll
        case .markFeedRead: return .markFeedRead(feed.id)
        case .deleteAllArticles: return .deleteAllArticles(feed.id)
        case .toggleShowRead, .toggleShowReadArticles: return .toggleShowRead(articles: true)
        case .nextFeed: return .switchFeed(from: feed.id, forward: true)
        case .previousFeed: return .switchFeed(from: feed.id, forward: false)
        case .nextUnreadFeed: return .switchFeed(from: feed.id, forward: true, unreadOnly: true)
        case .previousUnreadFeed: return .switchFeed(from: feed.id, forward: false, unreadOnly: true)
        case .help: return .showHelp
        case .search: return .openSearch(text: "")
        case .togglePreview:
            togglePreview()
            return nil
        case .quickFilter:
            if filter != nil { _ = applyFilter(nil) }
            filterAnchor = selectedItem
            quickFilter.begin()
            return nil
        case .sort: return .chooseSortOrder(SortQuestion(subject: .articles, isReversed: false))
        case .reverseSort: return .chooseSortOrder(SortQuestion(subject: .articles, isReversed: true))
        case .setFilter: return .askForFilter
        case .selectFilter: return .chooseFilter
        case .markAllAboveRead: return ArticleCommand.markAboveRead(state.selection) { source.row(at: $0) }
        case .clearFilter:
            if filter != nil { _ = applyFilter(nil) }
            return nil
        default:
            return ArticleCommand.perform(
                command, selected: selectedItem, state: &state, count: source.count, lists: preferences.lists,
                row: { self.source.row(at: $0).map { self.storeView.pendingMarks.apply(to: $0) } })
        }
    }

    /// Filters the list by `filter` (nil: the whole feed again), the quick filter cleared.
    func applyFilter(_ filter: ListFilter?) -> Bool {
        if quickFilter.isActive || quickFilter.isEditing { quickFilter.clear() }
        self.filter = filter
        state.select(0, count: 0)
        refresh()
        return true
    }

    /// What clears a filter, for the empty list's text.
    private var clearKeyHint: String {
        let key = preferences.keyMap.bindings(for: .itemList).first { $0.command == .clearFilter }?.keys.first
        return key.map { "\($0) clears it." } ?? ""
    }

    /// Moves the selection for a movement command, laid out for the rows' real heights so that
    /// an expanded preview scrolls into view; false when `command` is not a movement.
    private func moveSelection(_ command: KeyCommand) -> Bool {
        guard ListCommand.apply(command, to: &state, count: source.count) else { return false }
        if !expanded.isEmpty || preferences.showsExcerpts, listHeight > 0 {
            state.layout(count: source.count, lines: listHeight, rowHeight: rows().height(at:))
        }
        return true
    }

    /// Expands the selected item into its preview, or collapses it.
    private func togglePreview() {
        guard let item = selectedItem else { return }
        if expanded.remove(item.id) == nil { expanded.insert(item.id) }
    }

    /// Keys while the filter is typed: list movement keys move, the rest edit the filter.
    private func handleFilterKey(_ key: Key) -> ReaderIntent? {
        switch key {
        case .up, .down, .pageUp, .pageDown:
            _ = state.handleNavigationKey(key, count: source.count)
            return nil
        default:
            break
        }
        switch quickFilter.handle(key) {
        case .none, .kept:
            break
        case .text:
            applyFilter(anchor: filterAnchor)
        case .cleared:
            clearFilter()
        }
        return nil
    }

    /// Removes the filter, keeping the item selected in the filtered list selected (or the one
    /// selected before filtering, when nothing matched).
    private func clearFilter() {
        let keep = selectedItem ?? filterAnchor
        quickFilter.clear()
        applyFilter(anchor: keep)
        filterAnchor = nil
    }

    /// What the list reads when the typed title filter changes: the rows around `anchor`, or
    /// where it would be.
    struct FilterRequest: Equatable, Sendable {
        var feedID: FeedID
        var titleFilter: String
        var unreadOnly: Bool
        var order: ItemOrder
        var unfilteredCount: Int
        var anchor: ItemCursor?
        var visibleRows: Int
    }

    /// The filtered list as read.
    struct FilterSnapshot: Sendable {
        var count: Int
        var selection: Int
        var pages: [Int: [ItemRow]]
    }

    nonisolated static func read(_ request: FilterRequest, from store: FeedStore) throws -> FilterSnapshot {
        let (feedID, filter, unreadOnly) = (request.feedID, request.titleFilter, request.unreadOnly)
        let count = filter.isEmpty ? request.unfilteredCount : try store.itemCount(inFeed: feedID, titleContaining: filter, unreadOnly: unreadOnly)
        let index = try request.anchor.map {
            try store.itemIndex(of: $0, inFeed: feedID, titleContaining: filter, unreadOnly: unreadOnly, order: request.order)
        } ?? 0
        let selected = min(index, max(0, count - 1))
        let pages = try PagedItemSource.readPages(
            covering: max(0, selected - request.visibleRows)..<(selected + request.visibleRows), count: count, unreadOnly: unreadOnly,
            order: request.order, pages: .feed(feedID, titleFilter: filter), from: store)
        return FilterSnapshot(count: count, selection: selected, pages: pages)
    }

    /// Reads the rows for the filter in force and selects `anchor`, or where it would be.
    private func applyFilter(anchor: ItemRow?) {
        requestNumber += 1
        let number = requestNumber
        let unreadOnly = unreadOnly, order = order
        let request = FilterRequest(
            feedID: feed.id, titleFilter: quickFilter.text, unreadOnly: unreadOnly, order: order,
            unfilteredCount: unreadOnly ? feed.unreadCount : feed.totalCount, anchor: anchor?.cursor, visibleRows: max(1, state.visibleRows))
        storeView.read(.filteredItemList(request)) { [weak self] answer in
            guard let self, number == self.requestNumber else { return }
            // The cache cannot be read: show no rows rather than stale ones; the next refresh retries.
            var snapshot = FilterSnapshot(count: 0, selection: 0, pages: [:])
            if case .filteredItemList(let read)? = answer { snapshot = read }
            self.source = PagedItemSource(
                count: snapshot.count, unreadOnly: unreadOnly, order: order, storeView: answer == nil ? nil : self.storeView,
                pages: .feed(request.feedID, titleFilter: request.titleFilter))
            self.source.preload(snapshot.pages)
            self.state.select(snapshot.selection, count: snapshot.count)
        }
    }
}
