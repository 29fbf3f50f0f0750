import FeedStore
import TerminalUI

/// The starred articles of every feed, newest first, paged from the store, each row with its
/// feed. Opened from the "Starred" entry of the feed list; behaves as an item list.
@MainActor
public final class StarredListScreen: Screen {
    public private(set) var counts: ItemCounts = .zero
    public private(set) var state = ListState()
    private let store: FeedStore
    private let preferences: ReaderPreferences
    private var source: PagedItemSource
    private var parkRow = 0

    public init(store: FeedStore, preferences: ReaderPreferences = ReaderPreferences()) {
        self.store = store
        self.preferences = preferences
        source = PagedItemSource(count: 0) { _ in [] }
    }

    public var title: String { "Starred" }
    public var titleDetail: String { "\(counts.unread) unread, \(counts.total) starred" }

    /// The selected article, if any.
    public var selectedItem: ItemRow? {
        state.selection < source.count ? source.row(at: state.selection) : nil
    }

    /// Reads the counts and rows again, keeping the selected article selected while it is
    /// starred (an article unstarred here leaves the list and the next one is selected).
    public func refresh() throws {
        let selectedID = selectedItem?.id
        let oldSelection = state.selection
        counts = try store.starredCounts()
        source = PagedItemSource(count: counts.total) { [store] in try store.starredItems($0) }
        var newIndex = oldSelection
        if let selectedID {
            let window = max(0, oldSelection - PagedItemSource.pageSize)...(oldSelection + PagedItemSource.pageSize)
            for index in window where index < source.count && source.row(at: index)?.id == selectedID {
                newIndex = index
                break
            }
        }
        state.select(newIndex, count: source.count)
    }

    /// Selects the article with `id` when it is among the loaded rows.
    public func select(item id: ItemID) {
        if let index = source.index(of: id) { state.select(index, count: source.count) }
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        let starKey = preferences.keyMap.bindings(for: .itemList).first { $0.command == .toggleStarred }?.keys.first
        let emptyText = "No starred articles" + (starKey.map { ": press \($0) on an article to star it." } ?? ".")
        let renderer = StarredRowRenderer(items: ItemRowRenderer(preferences: preferences))
        ListView(source: source, renderer: renderer, emptyText: emptyText)
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<PagedItemSource, StarredRowRenderer>.selectedRow(in: area, state: state)
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
