import Configuration
import FeedStore
import TerminalUI

/// Draws one tag row: unread marker, the tag padded to `tagWidth`, its counts; or the row
/// `selecttag-format` lays out (`%i` its position, `%T` the tag, `%u` its feeds, `%f` those with
/// unread articles, `%n` their unread articles).
struct TagRowRenderer: RowRenderer {
    var tagWidth: Int
    var theme: Theme
    var format: ListFormat?
    /// Each tag's position in the list, for `%i`.
    var positions: [String: Int] = [:]

    func render(_ row: TagSummary, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        if let format {
            let style = row.unreadCount > 0 ? theme.listUnread : theme.listNormal
            let text = format.render(width: area.width, style: style) { letter in
                switch letter {
                case "i": (positions[row.tag].map { String($0 + 1) } ?? "", nil)
                case "T": (row.tag, nil)
                case "u": (String(row.feedCount), nil)
                case "f": (String(row.unreadFeedCount), nil)
                case "n": (String(row.unreadCount), nil)
                default: ("", nil)
                }
            }
            grid.put(text, row: area.row, column: area.column, limit: area.right)
            return
        }
        var column = grid.put(row.unreadCount > 0 ? "N " : "  ", row: area.row, column: area.column, style: .bold, limit: area.right)
        let style = row.unreadCount > 0 ? theme.listUnread : theme.listNormal
        let tag = StyledText(row.tag, style: style).truncated(toWidth: min(tagWidth, area.right - column))
        let end = grid.put(tag, row: area.row, column: column, limit: area.right)
        column = max(end, column + tagWidth) + 2
        var counts = row.feedCount == 1 ? "1 feed" : "\(row.feedCount) feeds"
        if row.unreadCount > 0 { counts += ", \(row.unreadCount) unread" }
        grid.put(DisplayWidth.truncate(counts, toWidth: max(0, area.right - column)), row: area.row, column: column, style: .dim, limit: area.right)
    }

    func selectionStyle(for row: TagSummary) -> Style? {
        row.unreadCount > 0 ? theme.listFocusUnread : theme.listFocus
    }
}
