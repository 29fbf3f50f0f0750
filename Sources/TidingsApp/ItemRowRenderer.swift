import FeedStore
import Foundation
import TerminalUI

/// Draws one item-list row: unread marker, date, title, and the author when there is room.
///
/// ```
/// N 2026-11-20  Release notes for 2.0  — Ann Author
/// ```
struct ItemRowRenderer: RowRenderer {
    let dateFormatter: DateFormatter
    let theme: Theme

    init(timeZone: TimeZone, theme: Theme) {
        self.theme = theme
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        dateFormatter = formatter
    }

    func render(_ row: ItemRow?, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        guard let row else { return }
        var column = grid.put(row.isRead ? " " : "N", row: area.row, column: area.column, style: .bold, limit: area.right)
        column = grid.put(" " + dateFormatter.string(from: row.date) + "  ", row: area.row, column: column, style: .dim, limit: area.right)
        let titleStyle = row.isRead ? theme.listNormal : theme.listUnread
        let title = row.title.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)"
        var text = StyledText(title, style: titleStyle)
        let room = area.right - column
        if let author = row.author, !author.isEmpty,
           DisplayWidth.of(title, limit: room) + 4 + DisplayWidth.of(author, limit: room) <= room {
            text.append("  — " + author, style: .dim)
        }
        grid.put(text.truncated(toWidth: room), row: area.row, column: column, limit: area.right)
    }
}
