import FeedStore
import TerminalUI

/// The root screen: one row per subscribed, non-hidden feed, in urls-file order.
@MainActor
public final class FeedListScreen: Screen {
    public private(set) var rows: [FeedListRow] = []
    public private(set) var state = ListState()
    /// Feeds being reloaded now, by URL (drawn with a spinner).
    public var reloading: Set<String> = []
    public var spinnerFrame: Character = "*"
    private let store: FeedStore
    private let filter: FeedListFilter
    private let preferences: ReaderPreferences
    private var parkRow = 0

    public init(store: FeedStore, preferences: ReaderPreferences = ReaderPreferences()) {
        self.store = store
        self.preferences = preferences
        filter = FeedListFilter(hidesFeedsWithoutUnread: preferences.hidesFeedsWithoutUnread)
    }

    public var title: String { "Tidings — Feeds" }

    public var titleDetail: String {
        let unread = rows.reduce(0) { $0 + $1.unreadCount }
        return "\(unread) unread in \(rows.count) feed\(rows.count == 1 ? "" : "s")"
    }

    /// The selected feed, if the list is not empty.
    public var selectedFeed: FeedListRow? {
        rows.indices.contains(state.selection) ? rows[state.selection] : nil
    }

    /// Reads the feed list again, keeping the same feed selected when it is still listed.
    public func refresh() throws {
        let selectedID = selectedFeed?.id
        rows = try store.feedList(filter)
        if let selectedID, let index = rows.firstIndex(where: { $0.id == selectedID }) {
            state.select(index, count: rows.count)
        } else {
            state.layout(count: rows.count, visibleRows: state.visibleRows)
        }
    }

    /// Selects the feed with `id` if it is listed.
    public func select(feed id: FeedID) {
        if let index = rows.firstIndex(where: { $0.id == id }) { state.select(index, count: rows.count) }
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        let renderer = FeedRowRenderer(
            reloading: reloading, spinnerFrame: spinnerFrame, countWidth: FeedRowRenderer.countWidth(for: rows),
            theme: preferences.theme)
        let emptyText = filter.hidesFeedsWithoutUnread
            ? "No feed has unread articles (show-read-feeds is off). R reloads them all."
            : "The urls file lists no feeds yet: add one with `tidings add URL`, then run tidings again."
        ListView(source: ArrayDataSource(rows), renderer: renderer, emptyText: emptyText)
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<ArrayDataSource<FeedListRow>, FeedRowRenderer>.selectedRow(in: area, state: state)
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        guard let command = preferences.keyMap.command(for: key, in: .feedList) else { return nil }
        if ListCommand.apply(command, to: &state, count: rows.count) { return nil }
        switch command {
        case .open: return selectedFeed.map { .openFeed($0.id) }
        case .quit, .quitAll: return .quit
        case .reload: return selectedFeed.map { .reloadFeed($0.id) }
        case .reloadAll: return .reloadAll
        case .markFeedRead: return selectedFeed.map { .markFeedRead($0.id) }
        case .openInBrowser:
            guard let feed = selectedFeed else { return nil }
            guard let link = feed.link else { return .status("This feed has no website link") }
            return .openInBrowser(link)
        case .nextUnread: return .nextUnread(from: nil)
        case .previousUnread: return .previousUnread(from: nil)
        case .help: return .showHelp
        case .search: return .openSearch(text: "")
        default: return nil
        }
    }
}
