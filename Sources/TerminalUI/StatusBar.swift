/// The bottom line of the screen: a message (progress, errors) on the left and a key hint on the
/// right.
public struct StatusBar: Sendable {
    public var message: String
    public var hint: String
    public var style: Style

    public init(message: String = "", hint: String = "", style: Style = Style(attributes: .reverse)) {
        self.message = message
        self.hint = hint
        self.style = style
    }

    /// Draws into the first row of `area`; the message wins over the hint when space is short,
    /// and a message longer than the row is cut at a word with `…`.
    public func render(into grid: inout CellGrid, in area: Rect) {
        BarLayout.render(left: message, right: hint, keeping: .left, style: style, into: &grid, in: area)
    }
}
