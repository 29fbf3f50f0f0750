import Configuration
import TerminalUI

/// Draws one row of the URL view: the number in the link style, what it is, the address.
///
/// ```
///  [2] image              https://example.org/photo.jpg
/// ```
struct URLRowRenderer: RowRenderer {
    /// Columns for the widest number, so that the addresses line up.
    var numberWidth: Int
    /// Columns for the widest label.
    var labelWidth: Int
    var theme: Theme

    func render(_ row: ArticleURL, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        let number = "[\(row.number)]"
        let padding = String(repeating: " ", count: max(0, numberWidth - number.count))
        var column = grid.put(padding, row: area.row, column: area.column, limit: area.right)
        column = grid.put(StyledText(number, style: theme.articleLink), row: area.row, column: column, limit: area.right) + 1
        // The label and the address come from the feed: `put` shows control characters as
        // placeholders, never raw.
        let label = DisplayWidth.truncate(row.label, toWidth: max(0, min(labelWidth, area.right - column)))
        column = max(grid.put(label, row: area.row, column: column, style: .dim, limit: area.right), column + labelWidth) + 2
        grid.put(DisplayWidth.truncate(row.url, toWidth: max(0, area.right - column)), row: area.row, column: column, limit: area.right)
    }
}
