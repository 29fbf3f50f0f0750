import FeedFetcher
import FeedStore
import Foundation
import TerminalUI

/// The items of one feed, newest first, paged from the store.
///
/// Space expands the selected item in place into a preview of its first lines and collapses it
/// again; `F` filters the list by title as you type (in SQL, page by page, so a feed of 100 000
/// items filters as fast as a short one). Which items are expanded is remembered while the list
/// is open.
@MainActor
public final class ItemListScreen: Screen {
    public private(set) var feed: FeedListRow
    public private(set) var state = ListState()
    /// The quick filter: typed, kept or none.
    private(set) var quickFilter = QuickFilter()
    /// Items shown with their preview.
    public private(set) var expanded: Set<ItemID> = []
    private let store: FeedStore
    private var source: PagedItemSource
    private let renderer: ItemEntryRenderer
    private let previews: ItemPreviews
    private var parkRow = 0
    /// Size of the list at the last frame, which sizes previews.
    private var listHeight = 0
    private var listWidth = 0
    /// The item selected when the filter was started, to come back to.
    private var filterAnchor: ItemRow?
    private let preferences: ReaderPreferences
    private var unreadOnly: Bool { preferences.hidesReadArticles }

    public init(store: FeedStore, feed: FeedListRow, preferences: ReaderPreferences = ReaderPreferences()) {
        self.store = store
        self.feed = feed
        self.preferences = preferences
        let unreadOnly = preferences.hidesReadArticles
        source = PagedItemSource(store: store, feedID: feed.id, count: unreadOnly ? feed.unreadCount : feed.totalCount, unreadOnly: unreadOnly)
        renderer = ItemEntryRenderer(line: ItemRowRenderer(preferences: preferences))
        previews = ItemPreviews(store: store, textWidth: preferences.textWidth)
    }

    public var title: String { CredentialRedaction.redact(feed.displayTitle) }

    public var titleDetail: String {
        if quickFilter.isActive {
            return quickFilter.detail(matching: source.count, of: unreadOnly ? feed.unreadCount : feed.totalCount)
        }
        return "\(feed.unreadCount) unread, \(feed.totalCount) total"
    }

    /// The selected item, if any.
    public var selectedItem: ItemRow? {
        state.selection < source.count ? source.row(at: state.selection) : nil
    }

    /// Reads the feed's counts and rows again (after a reload or a change of read state),
    /// keeping the selected item selected when it is among the rows in memory.
    public func refresh() throws {
        let selectedID = selectedItem?.id
        let oldSelection = state.selection
        if let updated = try store.feedList().first(where: { $0.id == feed.id }) {
            feed = updated
        }
        source = try makeSource()
        // The text of expanded items may have changed with a reload.
        previews.removeAll()
        // New items arrive at the top: look for the selected item near where it was.
        var newIndex = oldSelection
        if let selectedID {
            let window = max(0, oldSelection - PagedItemSource.pageSize)...(oldSelection + PagedItemSource.pageSize)
            for index in window where index < source.count {
                if source.row(at: index)?.id == selectedID {
                    newIndex = index
                    break
                }
            }
        }
        state.select(newIndex, count: source.count)
    }

    /// The rows for the feed, the read-state setting and the quick filter in force.
    private func makeSource() throws -> PagedItemSource {
        let filter = quickFilter.text
        let count = filter.isEmpty
            ? (unreadOnly ? feed.unreadCount : feed.totalCount)
            : try store.itemCount(inFeed: feed.id, titleContaining: filter, unreadOnly: unreadOnly)
        return PagedItemSource(store: store, feedID: feed.id, count: count, unreadOnly: unreadOnly, titleFilter: filter)
    }

    /// Selects the item with `id` when it is among the loaded rows (after `n`/`p`).
    public func select(item id: ItemID) {
        if let index = source.index(of: id) { state.select(index, count: source.count) }
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
        let emptyText = quickFilter.isActive
            ? "No article title contains \u{201C}\(quickFilter.text)\u{201D}. Esc clears the filter."
            : unreadOnly ? "No unread articles in this feed." : "No articles in this feed yet. Press r to reload it."
        let list = ListView(source: rows, renderer: renderer, emptyText: emptyText, rowHeight: rows.height(at:))
        parkRow = list.render(into: &grid, in: listArea, state: &state)
    }

    private func rows() -> ItemListRows {
        ItemListRows(
            items: source, previews: previews, expanded: expanded, showsExcerpts: preferences.showsExcerpts,
            width: listWidth, previewLimit: previewLimit)
    }

    /// About a third of the list's height, and never less than three lines.
    private var previewLimit: Int { max(3, listHeight / 3) }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        if quickFilter.isEditing { return handleFilterKey(key) }
        if key == .escape && quickFilter.isActive {
            clearFilter()
            return nil
        }
        guard let command = preferences.keyMap.command(for: key, in: .itemList) else { return nil }
        if moveSelection(command) { return nil }
        switch command {
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .reload: return .reloadFeed(feed.id)
        case .reloadAll: return .reloadAll
        case .markFeedRead: return .markFeedRead(feed.id)
        case .help: return .showHelp
        case .search: return .openSearch(text: "")
        case .togglePreview:
            togglePreview()
            return nil
        case .quickFilter:
            filterAnchor = selectedItem
            quickFilter.begin()
            return nil
        default: return ArticleCommand.intent(for: command, selected: selectedItem)
        }
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

    /// Reads the rows for the filter in force and selects `anchor`, or where it would be.
    private func applyFilter(anchor: ItemRow?) {
        do {
            source = try makeSource()
            var index = 0
            if let anchor {
                index = try store.itemIndex(of: anchor.cursor, inFeed: feed.id, titleContaining: quickFilter.text, unreadOnly: unreadOnly)
            }
            state.select(min(index, max(0, source.count - 1)), count: source.count)
        } catch {
            // The cache cannot be read: show no rows rather than stale ones; the next refresh retries.
            source = PagedItemSource(store: store, feedID: feed.id, count: 0, unreadOnly: unreadOnly, titleFilter: quickFilter.text)
            state.select(0, count: 0)
        }
    }
}
