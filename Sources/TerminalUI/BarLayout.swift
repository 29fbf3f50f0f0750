/// The shared layout of ``TitleBar`` and ``StatusBar``: one full-width row, text on the left,
/// optional text on the right when both fit with a space between them.
enum BarLayout {
    static func render(left: String, right: String, style: Style, into grid: inout CellGrid, in area: Rect) {
        let row = area.topRows(1)
        guard !row.isEmpty else { return }
        grid.fill(row, style: style)
        let leftWidth = DisplayWidth.of(left, limit: row.width)
        let rightWidth = DisplayWidth.of(right, limit: row.width)
        var leftLimit = row.width
        if !right.isEmpty && leftWidth + 1 + rightWidth + 1 <= row.width {
            grid.put(right, row: row.row, column: row.right - rightWidth - 1, style: style, limit: row.right)
            leftLimit = row.width - rightWidth - 1
        }
        guard row.width > 1 else {
            grid.put(DisplayWidth.truncate(left, toWidth: row.width), row: row.row, column: row.column, style: style, limit: row.right)
            return
        }
        grid.put(DisplayWidth.truncate(left, toWidth: leftLimit - 1), row: row.row, column: row.column + 1, style: style, limit: row.column + leftLimit)
    }
}
