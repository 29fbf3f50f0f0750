import FeedStore
import TerminalUI

/// The starred articles of every feed, newest first, paged from the store, each row with its
/// feed. Opened from the "Starred" entry of the feed list; behaves as an item list.
@MainActor
public final class StarredListScreen: ReaderScreen {
    public private(set) var counts: ItemCounts = .zero
    public private(set) var state = ListState()
    private let storeView: StoreView
    private let preferences: ReaderPreferences
    private var source: PagedItemSource
    private var parkRow = 0
    /// False until the first answer from the store.
    public private(set) var isLoaded = false
    private var refreshNumber = 0
    /// The store generation the counts were read at (see `PendingMarks`).
    private var dataGeneration: Int64?

    public init(storeView: StoreView, preferences: ReaderPreferences = ReaderPreferences()) {
        self.storeView = storeView
        self.preferences = preferences
        source = .empty()
        refresh()
    }

    public var title: String { "Starred" }
    public var titleDetail: String {
        guard isLoaded else { return "loading…" }
        let counts = storeView.pendingMarks.apply(to: counts, readAt: dataGeneration)
        return "\(counts.unread) unread, \(counts.total) starred"
    }

    var keyContext: KeyMap.Context { .searchResults }

    /// The selected article, if any, with the marks not yet written.
    public var selectedItem: ItemRow? {
        state.selection < source.count ? source.row(at: state.selection).map { storeView.pendingMarks.apply(to: $0) } : nil
    }

    func shownState(ofItem id: ItemID) -> ItemState? {
        source.loadedRow(id).map { ItemState(storeView.pendingMarks.apply(to: $0)) }
    }

    /// Reads the counts and rows again, keeping the selected article selected while it is
    /// starred (an article unstarred here leaves the list and the next one is selected).
    public func refresh() {
        refreshNumber += 1
        let number = refreshNumber
        let selectedID = selectedItem?.id
        let oldSelection = state.selection
        let window = max(0, oldSelection - PagedItemSource.pageSize)..<(oldSelection + PagedItemSource.pageSize + max(1, state.visibleRows))
        let query: PagedItemSource.PageQuery = { store, request in try store.starredItems(request) }
        storeView.read({ store -> (Int64, ItemCounts, [Int: [ItemRow]]) in
            let generation = try store.generation()
            let counts = try store.starredCounts()
            return (generation, counts, try PagedItemSource.readPages(covering: window, count: counts.total, unreadOnly: false, query: query, from: store))
        }, then: { [weak self] answer in
            guard let self, let (generation, counts, pages) = answer, number == self.refreshNumber else { return }
            self.dataGeneration = generation
            self.counts = counts
            self.isLoaded = true
            self.source = PagedItemSource(count: counts.total, storeView: self.storeView, query: query)
            self.source.preload(pages)
            var newIndex = oldSelection
            if let selectedID, let index = self.source.index(of: selectedID) { newIndex = index }
            self.state.select(newIndex, count: counts.total)
        })
    }

    /// Selects the article with `id` when it is among the loaded rows.
    public func select(item id: ItemID) {
        if let index = source.index(of: id) { state.select(index, count: source.count) }
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        let starKey = preferences.keyMap.bindings(for: .itemList).first { $0.command == .toggleStarred }?.keys.first
        let emptyText = !isLoaded ? "Loading…" : "No starred articles" + (starKey.map { ": press \($0) on an article to star it." } ?? ".")
        let renderer = StarredRowRenderer(items: ItemRowRenderer(preferences: preferences))
        ListView(source: MarkedItemSource(items: source, marks: storeView.pendingMarks), renderer: renderer, emptyText: emptyText)
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<MarkedItemSource, StarredRowRenderer>.selectedRow(in: area, state: state)
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        guard let command = preferences.keyMap.command(for: key, in: .searchResults) else { return nil }
        if ListCommand.apply(command, to: &state, count: source.count) { return nil }
        switch command {
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .reload: return selectedItem.map { .reloadFeed($0.feedID) }
        case .reloadAll: return .reloadAll
        case .search: return .openSearch(text: "")
        case .help: return .showHelp
        default: return ArticleCommand.intent(for: command, selected: selectedItem)
        }
    }
}
