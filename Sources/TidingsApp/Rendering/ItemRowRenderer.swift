import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// Draws the first line of an item-list row: unread and star markers, date, title, and the
/// author when there is room.
///
/// ```
/// N 2026-11-20  Release notes for 2.0  — Ann Author
///  *2026-11-19  A starred, read article
/// ```
/// With `articlelist-format` set, the line is laid out by that ``ListFormat`` instead: `%i`
/// index, `%f` marks (`N` unread, `*` starred, `+` has an attachment), `%F` the article's flags
/// (newsboat's, the star's letter among them), `%D` date, `%t` title,
/// `%a` author, `%L` the size of the article's text (newsboat's `812 `, `1.2K`, `3.4M`), `%T`
/// the article's feed — only in lists of several feeds (`showsFeedTitle`), empty in a feed's own
/// list, so that newsboat's `%?T?|%-17T|  ?` shows it only there. Dates follow
/// `datetime-format` (strftime) in the reader's time zone.
struct ItemRowRenderer: RowRenderer {
    let dateFormatter: StrftimeFormatter
    let theme: Theme
    /// The `articlelist-format` layout; nil for Tidings' own.
    let format: ListFormat?
    /// `highlight` and `highlight-article` lines.
    let highlights: Highlights
    /// Whether `%T` shows the article's feed: in lists of several feeds' articles.
    let showsFeedTitle: Bool
    /// The letter `%F` shows for the star.
    var starFlag: Character = ArticleFlags.defaultStar

    init(
        timeZone: TimeZone, theme: Theme, dateTimeFormat: String = OptionTable.shared.datetimeFormat.defaultValue, format: ListFormat? = nil,
        highlights: Highlights = Highlights(), showsFeedTitle: Bool = false
    ) {
        self.theme = theme
        self.format = format
        self.highlights = highlights
        self.showsFeedTitle = showsFeedTitle
        dateFormatter = StrftimeFormatter(dateTimeFormat, timeZone: timeZone)
    }

    /// The renderer the options in force ask for.
    init(_ context: ScreenContext, showsFeedTitle: Bool = false) {
        let config = context.config
        self.init(
            timeZone: context.timeZone, theme: context.theme, dateTimeFormat: config[\.datetimeFormat],
            format: context.articleListFormat, highlights: config.highlights, showsFeedTitle: showsFeedTitle)
        starFlag = config.starFlag
    }

    /// An article's size as newsboat's `%L` writes it: bytes up to 999 (with a space where the
    /// others have their unit), then KiB and MiB to one decimal; empty without text.
    static func length(_ bytes: Int?) -> String {
        guard let bytes, bytes > 0 else { return "" }
        if bytes < 1000 { return "\(bytes) " }
        if bytes < 1024 * 1000 { return String(format: "%.1fK", Double(bytes) / 1024) }
        return String(format: "%.1fM", Double(bytes) / 1024 / 1024)
    }

    func render(_ row: ItemRow?, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        guard let row else { return }
        render(row, index: nil, into: &grid, in: area.topRows(1))
    }

    /// Draws `row` into the first line of `area`; `index` (0-based) is its place in the list,
    /// for `%i`.
    func render(_ row: ItemRow, index: Int?, into grid: inout CellGrid, in area: Rect) {
        // A `highlight-article` rule colours the whole row; `highlight` rules then the text they match.
        let rowStyle = highlights.rowStyle(for: row, starFlag: starFlag)
        let titleStyle = rowStyle ?? (row.isRead ? theme.listNormal : theme.listUnread)
        let title = row.title.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)"
        // A folded story (`fold-duplicates`) says how many other feeds' copies it stands for.
        let copies = row.storyCopies > 0 ? " +\(row.storyCopies)" : ""
        if let format {
            let line = format.render(width: area.width, style: titleStyle) { letter in
                switch letter {
                case "i": return (index.map { String($0 + 1) } ?? "", nil)
                case "f": return ((row.isRead ? " " : "N") + (row.isStarred ? "*" : " ") + (row.hasEnclosures ? "+" : " "), nil)
                case "F": return (row.allFlags(star: starFlag).letters, nil)
                // newsboat's unread and deleted fields (a deleted article is never listed).
                case "n": return (row.isRead ? " " : "N", nil)
                case "d": return (" ", nil)
                case "D": return (dateFormatter.string(from: row.date), nil)
                case "t": return (title + copies, nil)
                case "a": return (row.author ?? "", nil)
                case "T": return (showsFeedTitle ? row.feedName.text : "", nil)
                case "L": return (Self.length(row.contentLength), nil)
                default: return ("", nil)
                }
            }
            let styled = highlights.styled(rowStyle.map(line.restyled) ?? line, in: .articleList)
            grid.put(styled, row: area.row, column: area.column, limit: area.right)
            return
        }
        var column = grid.put(row.isRead ? " " : "N", row: area.row, column: area.column, style: rowStyle ?? .bold, limit: area.right)
        column = grid.put(row.isStarred ? "*" : " ", row: area.row, column: column, style: rowStyle ?? .bold, limit: area.right)
        column = grid.put(dateFormatter.string(from: row.date) + "  ", row: area.row, column: column, style: rowStyle ?? .dim, limit: area.right)
        var text = StyledText(title, style: titleStyle)
        if !copies.isEmpty { text.append(copies, style: rowStyle ?? .bold) }
        let room = area.right - column
        if let author = row.author, !author.isEmpty,
           DisplayWidth.of(title + copies, limit: room) + 4 + DisplayWidth.of(author, limit: room) <= room {
            text.append("  — " + author, style: rowStyle ?? .dim)
        }
        grid.put(highlights.styled(text, in: .articleList).truncated(toWidth: room), row: area.row, column: column, limit: area.right)
    }
}
