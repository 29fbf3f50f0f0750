import FeedFetcher
import FeedStore
import TerminalUI

/// Draws one feed-list row: reload status, unread marker, `(unread/total)`, title.
///
/// ```
/// ⠋N (3/120)  Example feed
/// ! ( 0/12)   Broken feed — HTTP 404
/// ```
/// The first column is a spinner frame while the feed reloads and `!` when its last reload failed;
/// the counts are padded to the widest count of the list so titles line up.
struct FeedRowRenderer: RowRenderer {
    /// Feeds being reloaded now, by URL.
    var reloading: Set<String>
    /// The spinner frame to draw for reloading feeds.
    var spinnerFrame: Character
    /// Width of the `(unread/total)` column.
    var countWidth: Int
    var theme: Theme

    func render(_ row: FeedListRow, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        let mark: String
        var markStyle = theme.listNormal
        if reloading.contains(row.url) {
            mark = String(spinnerFrame)
        } else if row.hasFailed {
            mark = "!"
            markStyle = theme.listFailed
        } else {
            mark = " "
        }
        var column = grid.put(mark, row: area.row, column: area.column, style: markStyle, limit: area.right)
        column = grid.put(row.unreadCount > 0 ? "N" : " ", row: area.row, column: column, style: .bold, limit: area.right)
        let counts = "(\(row.unreadCount)/\(row.totalCount))"
        let padded = counts + String(repeating: " ", count: max(0, countWidth - counts.count))
        column = grid.put(" " + padded + " ", row: area.row, column: column, limit: area.right)
        let style = row.unreadCount > 0 ? theme.listUnread : theme.listNormal
        // A feed without a title is named by its URL, which may hold `user:password@`.
        var title = StyledText(CredentialRedaction.redact(row.displayTitle), style: style)
        if let error = row.lastError, row.hasFailed {
            title.append("  — \(error)", style: .dim)
        }
        grid.put(title.truncated(toWidth: area.right - column), row: area.row, column: column, limit: area.right)
    }

    /// The count column width for `rows`.
    static func countWidth(for rows: [FeedListRow]) -> Int {
        rows.map { "(\($0.unreadCount)/\($0.totalCount))".count }.max() ?? 0
    }
}
