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
    /// The quick filter (`F`) and the rows it narrows.
    private(set) var quickFilter = QuickFilter()
    private var unfilteredRows: [FeedListRow] = []

    public init(store: FeedStore, preferences: ReaderPreferences = ReaderPreferences()) {
        self.store = store
        self.preferences = preferences
        filter = FeedListFilter(hidesFeedsWithoutUnread: preferences.hidesFeedsWithoutUnread)
    }

    public var title: String { "Tidings — Feeds" }

    public var titleDetail: String {
        if quickFilter.isActive { return quickFilter.detail(matching: rows.count, of: unfilteredRows.count) }
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
        unfilteredRows = try store.feedList(filter)
        rows = quickFilter.filter(unfilteredRows, title: \.displayTitle)
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
        var area = area
        if quickFilter.isEditing && area.height > 1 {
            quickFilter.render(into: &grid, in: area.bottomRows(1))
            area = area.inset(top: 0, bottom: 1)
        }
        let renderer = FeedRowRenderer(
            reloading: reloading, spinnerFrame: spinnerFrame, countWidth: FeedRowRenderer.countWidth(for: rows),
            theme: preferences.theme, format: preferences.feedListFormat.map { ListFormat($0, kind: .feedList) },
            positions: preferences.feedListFormat == nil
                ? [:] : Dictionary(rows.enumerated().map { ($0.element.id, $0.offset + 1) }, uniquingKeysWith: { first, _ in first }))
        let emptyText = quickFilter.isActive
            ? "No feed title contains \u{201C}\(quickFilter.text)\u{201D}. Esc clears the filter."
            : filter.hidesFeedsWithoutUnread
            ? "No feed has unread articles (show-read-feeds is off). R reloads them all."
            : "The urls file lists no feeds yet: add one with `tidings add URL`, then run tidings again."
        ListView(source: ArrayDataSource(rows), renderer: renderer, emptyText: emptyText)
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<ArrayDataSource<FeedListRow>, FeedRowRenderer>.selectedRow(in: area, state: state)
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        if handleQuickFilter(key) { return nil }
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
        case .quickFilter:
            quickFilter.begin()
            return nil
        default: return nil
        }
    }

    /// Keys for the quick filter: all of them while it is typed (list movement keys still
    /// move), Esc when one is kept. Returns whether the key was the filter's.
    private func handleQuickFilter(_ key: Key) -> Bool {
        if !quickFilter.isEditing {
            guard key == .escape, quickFilter.isActive else { return false }
            quickFilter.clear()
        } else if [.up, .down, .pageUp, .pageDown].contains(key) {
            return state.handleNavigationKey(key, count: rows.count)
        } else if quickFilter.handle(key) == .none {
            return true
        }
        // The selected feed stays selected when it is still listed; else the first one is.
        let selectedID = selectedFeed?.id
        rows = quickFilter.filter(unfilteredRows, title: \.displayTitle)
        state.select(selectedID.flatMap { id in rows.firstIndex { $0.id == id } } ?? 0, count: rows.count)
        return true
    }
}
