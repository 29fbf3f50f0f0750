/// The shared layout of ``TitleBar`` and ``StatusBar``: one full-width row, text on the left,
/// optional text on the right.
enum BarLayout {
    /// Which side keeps its text when both do not fit.
    enum Priority {
        /// The left text is cut first: the right keeps its place while the left keeps a few
        /// columns (the title bar: the feed and `Top`/`Bottom` of a long article title).
        case right
        /// The right text goes first (the status bar: the message over the key hint).
        case left
    }

    /// Columns the left text keeps at least before the right one gives way.
    static let leastLeft = 10

    static func render(left: String, right: String, keeping priority: Priority, style: Style, into grid: inout CellGrid, in area: Rect) {
        let row = area.topRows(1)
        guard !row.isEmpty else { return }
        grid.fill(row, style: style)
        let leftWidth = DisplayWidth.of(left, limit: row.width)
        let rightWidth = DisplayWidth.of(right, limit: row.width)
        let leftNeeds = priority == .right ? min(leftWidth, leastLeft) : leftWidth
        var leftLimit = row.width
        if !right.isEmpty && leftNeeds + 1 + rightWidth + 1 <= row.width {
            grid.put(right, row: row.row, column: row.right - rightWidth - 1, style: style, limit: row.right)
            leftLimit = row.width - rightWidth - 1
        }
        guard row.width > 1 else {
            grid.put(DisplayWidth.truncate(left, toWidth: row.width), row: row.row, column: row.column, style: style, limit: row.right)
            return
        }
        grid.put(DisplayWidth.truncateAtWord(left, toWidth: leftLimit - 1), row: row.row, column: row.column + 1, style: style,
                 limit: row.column + leftLimit)
    }
}
