/// The top line of the screen: where the user is (left) and a short summary (right).
public struct TitleBar: Sendable {
    public var title: String
    public var detail: String
    public var style: Style
    /// newsboat's `%>C` in a title format: the title starts at the left edge, the detail ends at
    /// the right edge, and this character fills the row between them.
    public var fill: Character?

    public init(title: String, detail: String = "", style: Style = Style(attributes: [.reverse, .bold]), fill: Character? = nil) {
        self.title = title
        self.detail = detail
        self.style = style
        self.fill = fill
    }

    /// Draws into the first row of `area`: the detail right-aligned when there is room for it
    /// next to the title, the title cut with `…` when it is too long.
    public func render(into grid: inout CellGrid, in area: Rect) {
        guard let fill else {
            BarLayout.render(left: title, right: detail, style: style, into: &grid, in: area)
            return
        }
        let row = area.topRows(1)
        guard !row.isEmpty else { return }
        let text = StyledText(title, style: style).filled(with: fill, style: style, before: StyledText(detail, style: style), toWidth: row.width)
        grid.fill(row, style: style)
        grid.put(text, row: row.row, column: row.column, limit: row.right)
    }
}
