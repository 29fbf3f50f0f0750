import FeedServices
import TerminalUI

/// Draws one feed a web page announces: its title (the page's `title` attribute) in a column,
/// then its address.
///
/// ```
/// Posts              https://blog.example.org/feed.xml
/// Comments           https://blog.example.org/comments.xml
/// ```
struct FeedLinkRowRenderer: RowRenderer {
    /// Columns for the widest title.
    var titleWidth: Int

    func render(_ row: FeedLinkDiscovery.FeedLink, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        // Both come from the page: `put` shows control characters as placeholders, never raw.
        let title = DisplayWidth.truncate(row.title ?? "(no title)", toWidth: max(0, min(titleWidth, area.width)))
        let column = max(grid.put(title, row: area.row, column: area.column, style: row.title == nil ? .dim : .plain, limit: area.right),
                         area.column + titleWidth) + 2
        grid.put(DisplayWidth.truncate(row.url, toWidth: max(0, area.right - column)), row: area.row, column: column, limit: area.right)
    }
}
