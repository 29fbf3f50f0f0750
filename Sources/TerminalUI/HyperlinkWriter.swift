/// The bytes that make a frame's links clickable: the linked cells written again, after ncurses
/// has drawn the frame, inside OSC 8 hyperlinks (`ESC ] 8 ; id=N ; URL ESC \` … `ESC ] 8 ; ; ESC \`).
///
/// ncurses knows nothing of links, and a terminal links a cell only while it is written with a
/// link open. So after each frame, in every row the frame changed, the linked cells are written
/// once more with the look ncurses gave them (ncurses may have written any cell between a row's
/// first and last change), and cells that lost their link are written without one; the whole is
/// wrapped in a cursor save and restore (DECSC, DECRC) and ends in the normal look, where
/// ncurses leaves the terminal after each update, so that ncurses' idea of the screen stays true.
///
/// A link is one id for its whole life, so that its cells on several rows (a link wrapped over
/// lines) are one link to the terminal. Its address comes from a feed: control characters (C0,
/// DEL, C1) are removed and what is not printable ASCII is percent-encoded, so that nothing in it
/// can end the sequence; an address longer than terminals keep is written as plain text.
/// The bottom-right cell of the screen is never written (some terminals scroll after it).
struct HyperlinkWriter {
    /// The longest address written (VTE keeps up to 2083 bytes).
    static let maximumAddressLength = 2048
    /// Links remembered before the ids start again (a long session's worth of articles).
    static let maximumTargets = 10_000

    private struct Target {
        var id: Int
        /// The address as written, nil when it cannot be (empty, too long).
        var address: [UInt8]?
    }

    private var targets: [String: Target] = [:]
    private var nextID = 1

    /// The cells to write again after `diff` (from `previous` to `next`) was drawn on a screen of
    /// `rows` × `columns`, row by row, left to right: in each row the diff changed, the linked
    /// cells, and the cells whose link went away.
    static func cellsToWrite(after diff: CellGridDiff, from previous: CellGrid?, to next: CellGrid, rows: Int, columns: Int) -> [Position] {
        let previous = diff.isFullRedraw ? nil : previous
        guard !next.hasNoLinks || previous.map({ !$0.hasNoLinks }) == true else { return [] }
        var positions: [Position] = []
        var index = 0
        let changes = diff.changes
        while index < changes.count {
            let row = changes[index].row
            var unlinked: Set<Int> = []
            while index < changes.count && changes[index].row == row {
                let column = changes[index].column
                if let previous, Self.hadLink(previous, row: row, columns: column..<(column + max(1, Int(changes[index].cell.width)))) {
                    unlinked.insert(column)
                }
                index += 1
            }
            positions += cells(inRow: row, of: next, rows: rows, columns: columns) { next.link(row: row, column: $0) != nil || unlinked.contains($0) }
        }
        return positions
    }

    /// The linked cells of `rows` (a picture's area that ncurses has drawn again).
    static func linkedCells(inRows rowRange: Range<Int>, of grid: CellGrid, rows: Int, columns: Int) -> [Position] {
        rowRange.flatMap { row in cells(inRow: row, of: grid, rows: rows, columns: columns) { grid.link(row: row, column: $0) != nil } }
    }

    /// The bytes that write `positions` of `grid` (as ``cellsToWrite(after:from:to:rows:columns:)``
    /// gives them) with their links: `appearance` gives the bytes that set a style as ncurses sets
    /// it, `normal` those of the normal look (ncurses' after an update), `characters` the bytes
    /// of a cell's text as ncurses writes it.
    mutating func bytes(writing positions: [Position], of grid: CellGrid, appearance: (Style) -> [UInt8], normal: [UInt8],
                        characters: (String) -> [UInt8]) -> [UInt8] {
        guard !positions.isEmpty else { return [] }
        var bytes: [UInt8] = [0x1B, 0x37]
        var style: Style?
        var index = 0
        while index < positions.count {
            let start = positions[index]
            let link = grid.link(row: start.row, column: start.column)
            let target = link.map { self.target(for: $0) }
            bytes += Array("\u{1B}[\(start.row + 1);\(start.column + 1)H".utf8)
            if let target, let address = target.address {
                bytes += Array("\u{1B}]8;id=\(target.id);".utf8) + address + [0x1B, 0x5C]
            }
            var column = start.column
            while index < positions.count, positions[index].row == start.row, positions[index].column == column {
                let cell = grid[start.row, column]
                guard grid.link(row: start.row, column: column) == link else { break }
                if cell.style != style {
                    bytes += appearance(cell.style)
                    style = cell.style
                }
                bytes += characters(cell.grapheme)
                column += max(1, Int(cell.width))
                index += 1
            }
            if target?.address != nil { bytes += Array("\u{1B}]8;;\u{1B}\\".utf8) }
        }
        return bytes + normal + [0x1B, 0x38]
    }

    /// `address` as it may stand in an OSC 8 sequence, nil when it cannot.
    static func safeAddress(_ address: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in address.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x21...0x7E:
                bytes.append(UInt8(scalar.value))
            default:
                for byte in String(scalar).utf8 { bytes += Array("%\(hexDigits[Int(byte >> 4)])\(hexDigits[Int(byte & 0xF)])".utf8) }
            }
            if bytes.count > maximumAddressLength { return nil }
        }
        return bytes.isEmpty ? nil : bytes
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private mutating func target(for link: String) -> Target {
        if let known = targets[link] { return known }
        if targets.count >= Self.maximumTargets { targets = [:] }
        let target = Target(id: nextID, address: Self.safeAddress(link))
        nextID += 1
        targets[link] = target
        return target
    }

    /// Whether any cell of `columns` in `row` of `grid` had a link.
    private static func hadLink(_ grid: CellGrid, row: Int, columns: Range<Int>) -> Bool {
        guard row < grid.rows else { return false }
        return columns.clamped(to: 0..<grid.columns).contains { grid.link(row: row, column: $0) != nil }
    }

    /// The cells of `row` that are shown whole on the screen (not the bottom-right one) and whose
    /// column `isIncluded` picks.
    private static func cells(inRow row: Int, of grid: CellGrid, rows: Int, columns: Int, _ isIncluded: (Int) -> Bool) -> [Position] {
        guard row < min(rows, grid.rows) else { return [] }
        let width = min(columns, grid.columns)
        var positions: [Position] = []
        var column = 0
        while column < width {
            let cell = grid[row, column]
            let end = column + max(1, Int(cell.width))
            let isCorner = row == rows - 1 && end >= columns
            if !cell.isContinuation, end <= width, !isCorner, isIncluded(column) {
                positions.append(Position(row: row, column: column))
            }
            column = cell.isContinuation ? column + 1 : end
        }
        return positions
    }
}
