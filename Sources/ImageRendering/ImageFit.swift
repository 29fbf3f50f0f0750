/// How many cells a picture takes: as wide as the text, at most `maxRows` tall, its aspect kept,
/// never larger than its own pixels (a 16-pixel icon stays small).
public struct ImageFit: Sendable, Equatable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// nil when the space has no room for a single cell.
    public init?(imageWidth: Int, imageHeight: Int, cell: CellSize, maxColumns: Int, maxRows: Int) {
        guard imageWidth > 0, imageHeight > 0, maxColumns > 0, maxRows > 0 else { return nil }
        // Pixel width the picture may take, then the height that keeps its aspect.
        var pixelWidth = min(imageWidth, maxColumns * cell.width)
        var pixelHeight = Self.dividingRoundingUp(pixelWidth * imageHeight, imageWidth)
        if pixelHeight > maxRows * cell.height {
            pixelHeight = maxRows * cell.height
            pixelWidth = max(1, pixelHeight * imageWidth / imageHeight)
        }
        columns = min(maxColumns, max(1, Self.dividingRoundingUp(pixelWidth, cell.width)))
        rows = min(maxRows, max(1, Self.dividingRoundingUp(pixelHeight, cell.height)))
    }

    /// The pixel size of the picture drawn in these cells with its aspect kept (it may leave a
    /// strip of the last column or row empty).
    public func pixelSize(imageWidth: Int, imageHeight: Int, cell: CellSize) -> (width: Int, height: Int) {
        let boxWidth = columns * cell.width, boxHeight = rows * cell.height
        if boxWidth * imageHeight <= boxHeight * imageWidth {
            return (boxWidth, max(1, boxWidth * imageHeight / imageWidth))
        }
        return (max(1, boxHeight * imageWidth / imageHeight), boxHeight)
    }

    private static func dividingRoundingUp(_ value: Int, _ divisor: Int) -> Int {
        (value + divisor - 1) / divisor
    }
}
