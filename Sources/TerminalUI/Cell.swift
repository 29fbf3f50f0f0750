/// One column of the screen.
///
/// A cell holds a whole grapheme cluster. A two-column character lives in its left cell (width 2)
/// and the cell to its right is a continuation (width 0, empty grapheme) that is never drawn on
/// its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn here, already made safe for the terminal; empty in a
    /// continuation cell.
    public var grapheme: String
    /// Columns the grapheme takes: 1 or 2, or 0 for the right half of a wide character.
    public var width: UInt8
    public var style: Style

    public init(grapheme: String, width: UInt8, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A blank cell in `style`.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
