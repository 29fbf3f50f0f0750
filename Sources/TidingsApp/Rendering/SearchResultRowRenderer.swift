import Configuration
import FeedFetcher
import FeedStore
import Foundation
import TerminalUI

/// Draws one row of search results: unread and star markers, date, the feed's name in a column, title.
///
/// ```
/// N 2026-11-20  LWN.net             Kernel release notes  — Ann Author
///   2025-03-02  Swift on Linux      Async all the way down
///   loading more…
/// ```
///
/// With `articlelist-format` set, an article's row is laid out by it as in an item list, `%T`
/// being the article's feed (as in newsboat's search results).
struct SearchResultRowRenderer: RowRenderer {
    let dateFormatter: StrftimeFormatter
    let theme: Theme
    /// The `articlelist-format` rows; nil for the layout above.
    let formatted: ItemRowRenderer?

    init(_ context: ScreenContext) {
        dateFormatter = StrftimeFormatter(context.config[\.datetimeFormat], timeZone: context.timeZone)
        theme = context.theme
        formatted = context.articleListFormat == nil ? nil : ItemRowRenderer(context, showsFeedTitle: true)
    }

    /// The feed column's width in a row `width` columns wide: a fifth of it, 8 to 24 columns.
    static func feedColumnWidth(for width: Int) -> Int {
        min(24, max(8, width / 5))
    }

    func render(_ row: SearchResultRow, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        switch row {
        case .loading(let isFirstPage):
            grid.put(isFirstPage ? "  Searching…" : "  loading more…", row: area.row, column: area.column, style: .dim, limit: area.right)
        case .failed(let message):
            grid.put("  Cannot read more results: \(message) (Enter tries again)", row: area.row, column: area.column,
                     style: theme.listFailed, limit: area.right)
        case .item(let item, let index):
            if let formatted {
                formatted.render(item, index: index, into: &grid, in: area)
            } else {
                render(item, into: &grid, in: area)
            }
        }
    }

    func selectionStyle(for row: SearchResultRow) -> Style? {
        if case .item(let item, _) = row, !item.isRead { return theme.listFocusUnread }
        return theme.listFocus
    }

    private func render(_ item: ItemRow, into grid: inout CellGrid, in area: Rect) {
        var column = grid.put(item.isRead ? " " : "N", row: area.row, column: area.column, style: .bold, limit: area.right)
        column = grid.put(item.isStarred ? "*" : " ", row: area.row, column: column, style: .bold, limit: area.right)
        column = grid.put(formatted(item.date) + "  ", row: area.row, column: column, style: .dim, limit: area.right)
        let feedWidth = Self.feedColumnWidth(for: area.width)
        let feed = DisplayWidth.truncate(item.feedName.text, toWidth: feedWidth)
        grid.put(feed, row: area.row, column: column, limit: min(area.right, column + feedWidth))
        column = min(area.right, column + feedWidth + 2)
        let titleStyle = item.isRead ? theme.listNormal : theme.listUnread
        let title = item.title.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)"
        var text = StyledText(title, style: titleStyle)
        let room = area.right - column
        guard room > 0 else { return }
        if let author = item.author, !author.isEmpty,
           DisplayWidth.of(title, limit: room) + 4 + DisplayWidth.of(author, limit: room) <= room {
            text.append("  — " + author, style: .dim)
        }
        grid.put(text.truncated(toWidth: room), row: area.row, column: column, limit: area.right)
    }

    /// `date` in the configured `datetime-format` (strftime), in the configured time zone.
    func formatted(_ date: Date) -> String {
        dateFormatter.string(from: date)
    }
}
