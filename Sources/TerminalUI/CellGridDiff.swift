/// The cells to send to a screen showing `previous` so that it shows `next`: a pure function, so
/// that what the terminal is told is tested without a terminal.
///
/// Everything is sent when there is no previous frame or its size differs; a cell whose link
/// changed is sent as a changed cell (the terminal writes it again with its new link).
/// Continuation cells (the right half of a wide character) are never sent on their own: the
/// character's own cell covers them. A wide character that would stick out past `columns` is not
/// sent.
public struct CellGridDiff: Equatable, Sendable {
    /// One cell to write at a position.
    public struct Change: Equatable, Sendable {
        public var row: Int
        public var column: Int
        public var cell: Cell
    }

    public let changes: [Change]
    /// True when the whole frame is sent (no previous frame, or a new size).
    public let isFullRedraw: Bool

    /// - Parameters:
    ///   - rows: rows of the screen (the grid may be larger than the screen after a resize).
    ///   - columns: columns of the screen.
    public init(from previous: CellGrid?, to next: CellGrid, rows: Int, columns: Int) {
        let fullRedraw = previous.map { $0.rows != next.rows || $0.columns != next.columns } ?? true
        let rowCount = min(next.rows, max(0, rows)), columnCount = min(next.columns, max(0, columns))
        // Unwrapped once: `previous!` in the loop would copy the grid at every cell.
        let old = previous ?? next
        let comparesLinks = !fullRedraw && !(old.hasNoLinks && next.hasNoLinks)
        var changes: [Change] = []
        for row in 0..<rowCount {
            var column = 0
            while column < columnCount {
                let cell = next[row, column]
                let span = max(1, Int(cell.width))
                if cell.isContinuation || (!fullRedraw && old[row, column] == cell
                    && (!comparesLinks || old.link(row: row, column: column) == next.link(row: row, column: column))) {
                    column += 1
                    continue
                }
                if column + span <= columnCount {
                    changes.append(Change(row: row, column: column, cell: cell))
                }
                column += span
            }
        }
        self.changes = changes
        isFullRedraw = fullRedraw
    }
}
