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

    /// The columns a long title keeps beside the detail; in a narrower row the title is drawn alone.
    static let shortestTitle = 10

    /// Draws into the first row of `area`: the title on the left, the detail right-aligned. A
    /// title too long for both is cut with `…`, and the detail stays, since it says where the
    /// reader stands (the article's `Top`, `Bottom`, `42%`: issue 45 §16) — as long as the title
    /// keeps `shortestTitle` columns; in a narrower row the title is drawn alone, never a
    /// fragment of the detail (`…0 rows` would misread `1000 rows`).
    public func render(into grid: inout CellGrid, in area: Rect) {
        guard let fill else {
            let row = area.topRows(1)
            // A space at each end of the row, and one between the two.
            let room = row.width - 3
            let detailWidth = DisplayWidth.of(detail, limit: row.width)
            let title = detail.isEmpty || room - detailWidth < Self.shortestTitle ? title : DisplayWidth.truncate(title, toWidth: room - detailWidth)
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
