/// A position on the screen: row and column, both counted from zero at the top left.
public struct Position: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A rectangle of cells. Sizes are never negative.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var height: Int
    public var width: Int

    public init(row: Int = 0, column: Int = 0, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = max(0, height)
        self.width = max(0, width)
    }

    public var isEmpty: Bool { height == 0 || width == 0 }
    /// One past the last row.
    public var bottom: Int { row + height }
    /// One past the last column.
    public var right: Int { column + width }

    /// The part of this rectangle that is also inside `other`.
    /// Whether the cell at `row`, `column` is inside (a click's cell).
    public func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < bottom && column >= self.column && column < right
    }

    public func intersection(_ other: Rect) -> Rect {
        let top = max(row, other.row), left = max(column, other.column)
        return Rect(
            row: top, column: left,
            height: min(bottom, other.bottom) - top, width: min(right, other.right) - left
        )
    }

    /// The `count` rows at the top (fewer when the rectangle is shorter).
    public func topRows(_ count: Int) -> Rect {
        Rect(row: row, column: column, height: min(height, max(0, count)), width: width)
    }

    /// The `count` rows at the bottom (fewer when the rectangle is shorter).
    public func bottomRows(_ count: Int) -> Rect {
        let taken = min(height, max(0, count))
        return Rect(row: bottom - taken, column: column, height: taken, width: width)
    }

    /// This rectangle without `top` rows above and `bottomCount` rows below.
    public func inset(top: Int = 0, bottom bottomCount: Int = 0, left: Int = 0, right rightCount: Int = 0) -> Rect {
        let top = min(max(0, top), height)
        let left = min(max(0, left), width)
        return Rect(
            row: row + top, column: column + left,
            height: height - top - max(0, bottomCount), width: width - left - max(0, rightCount)
        )
    }
}
