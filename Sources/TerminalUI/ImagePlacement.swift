import ImageRendering

/// A picture where the text reserved rows for it: its box's top-left cell, and the part of the
/// screen it may cover (the article's text, never a bar).
///
/// When the text is scrolled the box may start above the visible area or end below it; only
/// ``visible`` is ever drawn.
public struct ImagePlacement: Equatable, Sendable {
    public var image: RenderedImage
    /// The top-left cell of the whole box (`image.fit` cells), possibly outside `clip`.
    public var origin: Position
    /// Where the picture may be drawn.
    public var clip: Rect

    public init(image: RenderedImage, origin: Position, clip: Rect) {
        self.image = image
        self.origin = origin
        self.clip = clip
    }

    /// The cells of the whole picture.
    public var box: Rect {
        Rect(row: origin.row, column: origin.column, height: image.fit.rows, width: image.fit.columns)
    }

    /// The cells of the picture that are shown.
    public var visible: Rect { box.intersection(clip) }

    /// Whether every row and column of the picture is shown.
    public var isWhole: Bool { visible == box }

    /// The picture's pixel rows that fall in ``visible`` (kitty shows only those), nil when it is
    /// whole or not shown at all.
    public var visiblePixelRows: Range<Int>? {
        guard !isWhole, !visible.isEmpty else { return nil }
        let cellHeight = image.cell.height
        let top = (visible.row - box.row) * cellHeight
        return top..<(top + visible.height * cellHeight)
    }
}
