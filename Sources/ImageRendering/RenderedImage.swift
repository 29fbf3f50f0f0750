/// A picture ready for the terminal, for one protocol, in a box of `fit` cells.
public struct RenderedImage: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// Bytes to write with the cursor at the box's top-left cell (kitty, sixel, iTerm2).
        case sequence([UInt8])
        /// Cells to draw like text (blocks): `fit.rows` rows of `fit.columns` cells.
        case cells([[BlockCell]])
    }

    public var graphicsProtocol: GraphicsProtocol
    public var fit: ImageFit
    public var content: Content
    /// The id kitty knows the picture by (its placements are moved and deleted by it).
    public var id: UInt32
    /// The PNG sent (kitty only), so that a picture partly scrolled out can be sent again with
    /// only its visible rows shown.
    public var png: [UInt8]?
    /// The cell size it was drawn for: its box is `fit` cells of this many pixels.
    public var cell: CellSize

    public init(graphicsProtocol: GraphicsProtocol, fit: ImageFit, content: Content, id: UInt32 = 0, png: [UInt8]? = nil,
                cell: CellSize = .typical) {
        self.graphicsProtocol = graphicsProtocol
        self.fit = fit
        self.content = content
        self.id = id
        self.png = png
        self.cell = cell
    }
}

extension RenderedImage {
    /// Draws `image` for `graphicsProtocol` in `fit`'s cells; `id` names it for kitty's later
    /// placements and deletions. nil when the picture cannot be encoded.
    public static func render(_ image: DecodedImage, as graphicsProtocol: GraphicsProtocol, fit: ImageFit, cell: CellSize, id: UInt32) -> RenderedImage? {
        // Scaled with its aspect kept, then padded with transparency to exactly the box, so that
        // every protocol fills the box without stretching and the terminal gets no more pixels
        // than it can show.
        let size = fit.pixelSize(imageWidth: image.width, imageHeight: image.height, cell: cell)
        let boxed = image.scaled(width: size.width, height: size.height)
            .padded(width: fit.columns * cell.width, height: fit.rows * cell.height)
        let content: Content
        var kittyPNG: [UInt8]?
        switch graphicsProtocol {
        case .kitty, .iterm2:
            guard let png = boxed.pngBytes() else { return nil }
            if graphicsProtocol == .kitty { kittyPNG = png }
            content = .sequence(graphicsProtocol == .kitty
                ? KittyGraphics.transmitAndPlace(png: png, id: id, fit: fit)
                : ITermInlineImage.sequence(png: png, fit: fit))
        case .sixel:
            content = .sequence(ChafaRenderer.sixel(boxed, fit: fit, cell: cell))
        case .blocks:
            content = .cells(ChafaRenderer.blocks(boxed, fit: fit, cell: cell))
        }
        return RenderedImage(graphicsProtocol: graphicsProtocol, fit: fit, content: content, id: id, png: kittyPNG, cell: cell)
    }
}
