/// Draws a string row as plain text cut to the width with `…`.
public struct PlainRowRenderer: RowRenderer {
    public init() {}

    public func render(_ row: String, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        grid.put(DisplayWidth.truncate(row, toWidth: area.width), row: area.row, column: area.column, limit: area.right)
    }
}
