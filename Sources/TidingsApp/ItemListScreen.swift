import FeedFetcher
import FeedStore
import Foundation
import TerminalUI

/// The items of one feed, newest first, paged from the store.
@MainActor
public final class ItemListScreen: Screen {
    public private(set) var feed: FeedListRow
    public private(set) var state = ListState()
    private let store: FeedStore
    private var source: PagedItemSource
    private let renderer: ItemRowRenderer
    private var parkRow = 0
    private let preferences: ReaderPreferences
    private var unreadOnly: Bool { preferences.hidesReadArticles }

    public init(store: FeedStore, feed: FeedListRow, preferences: ReaderPreferences = ReaderPreferences()) {
        self.store = store
        self.feed = feed
        self.preferences = preferences
        let unreadOnly = preferences.hidesReadArticles
        source = PagedItemSource(store: store, feedID: feed.id, count: unreadOnly ? feed.unreadCount : feed.totalCount, unreadOnly: unreadOnly)
        renderer = ItemRowRenderer(timeZone: preferences.timeZone, theme: preferences.theme)
    }

    public var title: String { CredentialRedaction.redact(feed.displayTitle) }
    public var titleDetail: String { "\(feed.unreadCount) unread, \(feed.totalCount) total" }

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
        source = PagedItemSource(store: store, feedID: feed.id, count: unreadOnly ? feed.unreadCount : feed.totalCount, unreadOnly: unreadOnly)
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

    /// Selects the item with `id` when it is among the loaded rows (after `n`/`p`).
    public func select(item id: ItemID) {
        if let index = source.index(of: id) { state.select(index, count: source.count) }
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        ListView(source: source, renderer: renderer, emptyText: unreadOnly ? "No unread articles in this feed." : "No articles in this feed yet. Press r to reload it.")
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<PagedItemSource, ItemRowRenderer>.selectedRow(in: area, state: state)
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        guard let command = preferences.keyMap.command(for: key, in: .itemList) else { return nil }
        if ListCommand.apply(command, to: &state, count: source.count) { return nil }
        switch command {
        case .open: return selectedItem.map { .openItem($0.id) }
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .reload: return .reloadFeed(feed.id)
        case .reloadAll: return .reloadAll
        case .toggleRead: return selectedItem.map { .toggleRead($0.id) }
        case .toggleStarred: return selectedItem.map { .toggleStarred($0.id) }
        case .markFeedRead: return .markFeedRead(feed.id)
        case .openInBrowser:
            guard let item = selectedItem else { return nil }
            guard let link = item.link else { return .status("This article has no link") }
            return .openInBrowser(link)
        case .nextUnread: return .nextUnread(from: selectedItem?.id)
        case .previousUnread: return .previousUnread(from: selectedItem?.id)
        case .help: return .showHelp
        case .search: return .openSearch(text: "")
        default: return nil
        }
    }
}
