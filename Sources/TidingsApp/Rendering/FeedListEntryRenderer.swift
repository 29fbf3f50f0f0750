import Configuration
import FeedStore
import TerminalUI

/// Draws the feed list's rows: feeds as `FeedRowRenderer` draws them, and the Starred entry in
/// the same columns, so that its counts line up with the feeds' counts.
///
/// ```
///  N (2/5)   Starred
///  N (3/120) Example feed
/// ```
struct FeedListEntryRenderer: RowRenderer {
    var feeds: FeedRowRenderer

    func render(_ entry: FeedListEntry, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        switch entry {
        case .feed(let row):
            feeds.render(row, isSelected: isSelected, into: &grid, in: area)
        case .starred(let counts):
            renderEntry("Starred", counts: counts, into: &grid, in: area)
        case .query(let feed, let counts):
            renderEntry(feed.title, counts: counts, into: &grid, in: area)
        }
    }

    /// A row that is not a feed: the unread mark, the counts (`(…)` until they are read) in
    /// the feeds' count column, the title.
    private func renderEntry(_ title: String, counts: ItemCounts?, into grid: inout CellGrid, in area: Rect) {
        let unread = counts?.unread ?? 0
        var column = grid.put(" ", row: area.row, column: area.column, limit: area.right)
        column = grid.put(unread > 0 ? "N" : " ", row: area.row, column: column, style: .bold, limit: area.right)
        let text = counts.map(Self.countText) ?? "(…)"
        let padded = text + String(repeating: " ", count: max(0, feeds.countWidth - text.count))
        column = grid.put(" " + padded + " ", row: area.row, column: column, limit: area.right)
        let style = unread > 0 ? feeds.theme.listUnread : feeds.theme.listNormal
        grid.put(StyledText(title, style: style).truncated(toWidth: area.right - column), row: area.row, column: column, limit: area.right)
    }

    func selectionStyle(for entry: FeedListEntry) -> Style? {
        switch entry {
        case .feed(let row): return feeds.selectionStyle(for: row)
        case .starred(let counts), .query(_, let counts?):
            return counts.unread > 0 ? feeds.theme.listFocusUnread : feeds.theme.listFocus
        case .query(_, nil): return feeds.theme.listFocus
        }
    }

    /// The `(unread/total)` text of the Starred entry.
    static func countText(_ counts: ItemCounts) -> String {
        "(\(counts.unread)/\(counts.total))"
    }
}
