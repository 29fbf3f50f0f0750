import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import TerminalUI

/// Draws one feed-list row: reload status, unread marker, `(unread/total)`, title.
///
/// ```
/// ⠋N (3/120)  Example feed
/// ! ( 0/12)   Broken feed — HTTP 404
/// ```
/// The first column is a spinner frame while the feed reloads and `!` when its last reload failed;
/// beside a feed server (`sync-local-feeds`), a dim `·` marks the urls file's feeds otherwise.
/// The counts are padded to the widest count of the list so titles line up.
///
/// With `feedlist-format` set, the row is laid out by that ``ListFormat`` instead: `%i` index,
/// `%n` unread mark, `%u` `(unread/total)` padded as above, `%U` unread count, `%c` total count,
/// `%t` title, `%T` tags, `%l` link, `%L` the feed's URL as the urls file has it (credentials
/// hidden, as newsboat does), `%d` its description, `%S` status (spinner, `!`).
struct FeedRowRenderer: RowRenderer {
    /// Feeds being reloaded now, by URL.
    var reloading: Set<String>
    /// The spinner frame to draw for reloading feeds.
    var spinnerFrame: Character
    /// Width of the `(unread/total)` column.
    var countWidth: Int
    var theme: Theme
    /// The `feedlist-format` layout; nil for Tidings' own.
    var format: ListFormat? = nil
    /// Each listed feed's 1-based position, for `%i`.
    var positions: [FeedID: Int] = [:]
    /// `highlight feedlist|all` lines.
    var highlights = Highlights()
    /// `sync-local-feeds`: the feeds not from the feed server are marked.
    var marksLocalFeeds = false

    func render(_ row: FeedListRow, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        if let format {
            renderFormatted(row, format, into: &grid, in: area)
            return
        }
        let mark: String
        var markStyle = theme.listNormal
        if reloading.contains(row.url) {
            mark = String(spinnerFrame)
        } else if row.hasFailed {
            mark = "!"
            markStyle = theme.listFailed
        } else if marksLocalFeeds && !row.isFromServer {
            mark = "·"
            markStyle = .dim
        } else {
            mark = " "
        }
        // A `highlight-feed` rule colours the whole row.
        let rowStyle = highlights.rowStyle(for: row)
        var column = grid.put(mark, row: area.row, column: area.column, style: rowStyle ?? markStyle, limit: area.right)
        column = grid.put(row.unreadCount > 0 ? "N" : " ", row: area.row, column: column, style: rowStyle ?? .bold, limit: area.right)
        let counts = "(\(row.unreadCount)/\(row.totalCount))"
        let padded = counts + String(repeating: " ", count: max(0, countWidth - counts.count))
        column = grid.put(" " + padded + " ", row: area.row, column: column, style: rowStyle ?? .plain, limit: area.right)
        let style = rowStyle ?? (row.unreadCount > 0 ? theme.listUnread : theme.listNormal)
        var title = StyledText(row.name.text, style: style)
        if let error = row.lastError, row.hasFailed {
            title.append("  — \(error)", style: .dim)
        }
        grid.put(highlights.styled(title, in: .feedList).truncated(toWidth: area.right - column), row: area.row, column: column, limit: area.right)
    }

    private func renderFormatted(_ row: FeedListRow, _ format: ListFormat, into grid: inout CellGrid, in area: Rect) {
        let rowStyle = highlights.rowStyle(for: row)
        let style = rowStyle ?? (row.unreadCount > 0 ? theme.listUnread : theme.listNormal)
        let text = format.render(width: area.width, style: style) { letter in
            switch letter {
            case "i": return (positions[row.id].map(String.init) ?? "", nil)
            case "n": return (row.unreadCount > 0 ? "N" : " ", nil)
            case "u":
                let counts = "(\(row.unreadCount)/\(row.totalCount))"
                return (counts + String(repeating: " ", count: max(0, countWidth - counts.count)), nil)
            case "U": return (String(row.unreadCount), nil)
            case "c": return (String(row.totalCount), nil)
            case "t": return (row.name.text, nil)
            case "T": return (row.tags.joined(separator: " "), nil)
            case "l": return (row.link ?? "", nil)
            case "L": return (CredentialRedaction.redact(row.url), nil)
            case "d": return (row.description ?? "", nil)
            case "S":
                if reloading.contains(row.url) { return (String(spinnerFrame), nil) }
                if row.hasFailed { return ("!", theme.listFailed) }
                return marksLocalFeeds && !row.isFromServer ? ("·", .dim) : (" ", nil)
            default: return ("", nil)
            }
        }
        grid.put(highlights.styled(text, in: .feedList), row: area.row, column: area.column, limit: area.right)
    }

    /// The count column width for `rows`.
    static func countWidth(for rows: [FeedListRow]) -> Int {
        rows.map { "(\($0.unreadCount)/\($0.totalCount))".count }.max() ?? 0
    }
}
