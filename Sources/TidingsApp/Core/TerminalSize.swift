import ImageRendering

/// The terminal's size as the reader lays its screens out for it: cells, and the pixels of one
/// (pictures are sized in them).
struct TerminalSize: Hashable, Sendable {
    var rows: Int
    var columns: Int
    var cell: CellSize

    init(rows: Int, columns: Int, cell: CellSize = .typical) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        self.cell = cell
    }
}
