/// The top line of the screen: where the user is (left) and a short summary (right).
public struct TitleBar: Sendable {
    public var title: String
    public var detail: String
    public var style: Style

    public init(title: String, detail: String = "", style: Style = Style(attributes: [.reverse, .bold])) {
        self.title = title
        self.detail = detail
        self.style = style
    }

    /// Draws into the first row of `area`: the detail right-aligned when there is room for it
    /// next to the title, the title cut with `…` when it is too long.
    public func render(into grid: inout CellGrid, in area: Rect) {
        BarLayout.render(left: title, right: detail, style: style, into: &grid, in: area)
    }
}
