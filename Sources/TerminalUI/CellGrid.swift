/// A screenful of cells in memory: what views draw into and what ``Terminal`` copies to the screen.
///
/// Drawing never goes outside the grid or the area it is given, and every grapheme passes through
/// ``TerminalGrapheme`` on the way in, so whatever a feed contains, a grid only ever holds text that
/// is safe to send to a terminal. Wide characters occupy two cells; a wide character that would
/// be cut by the edge is replaced by blanks.
///
/// A cell may link to an address (``link(row:column:)``), which terminals that write hyperlinks
/// make clickable; the links are kept beside the cells (``CellLinks``), so that a grid without
/// links pays nothing for them.
///
/// Tests build the expected screen with ``init(lines:columns:)`` and compare ``lines``:
/// ```swift
/// var grid = CellGrid(rows: 2, columns: 6)
/// grid.put("日本語です", row: 0, column: 0)
/// #expect(grid.lines == ["日本語", ""])
/// ```
public struct CellGrid: Hashable, Sendable {
    public let rows: Int
    public let columns: Int
    public private(set) var cells: [Cell]
    private var links = CellLinks()

    /// A grid of blank cells in `style`. Negative sizes count as zero.
    public init(rows: Int, columns: Int, style: Style = .plain) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        cells = Array(repeating: .blank(style), count: self.rows * self.columns)
    }

    /// A grid holding `lines` in the default style, one per row: as wide as the widest line, or
    /// `columns` wide when given.
    public init(lines: [String], columns: Int? = nil) {
        let width = columns ?? lines.map { DisplayWidth.of($0) }.max() ?? 0
        self.init(rows: lines.count, columns: width)
        for (row, line) in lines.enumerated() { put(line, row: row, column: 0) }
    }

    /// The whole grid as a rectangle.
    public var bounds: Rect { Rect(height: rows, width: columns) }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * columns + column]
    }

    /// The address the cell at `row`, `column` links to, nil for none. Both halves of a wide
    /// character carry it.
    public func link(row: Int, column: Int) -> String? {
        links.link(at: row * columns + column)
    }

    /// Whether no cell of the grid was ever given a link.
    var hasNoLinks: Bool { !links.mayHaveLinks }

    /// Each row as text, continuation cells skipped and trailing spaces removed.
    public var lines: [String] {
        (0..<rows).map { row in
            var text = rowText(row)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The text of one row, all columns included.
    public func rowText(_ row: Int) -> String {
        var text = ""
        for column in 0..<columns {
            let cell = self[row, column]
            if !cell.isContinuation { text += cell.grapheme }
        }
        return text
    }

    /// Sets every cell of `area` (clipped to the grid) to a blank in `style`.
    public mutating func fill(_ area: Rect, style: Style = .plain) {
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.bottom {
            releaseWideCharacter(row: row, column: area.column)
            releaseWideCharacter(row: row, column: area.right - 1)
            for column in area.column..<area.right {
                cells[row * columns + column] = .blank(style)
                links.set(nil, at: row * columns + column, cellCount: cells.count)
            }
        }
    }

    /// Changes the style of every cell in `area`, keeping the text (a selection highlight).
    public mutating func restyle(_ area: Rect, _ change: (inout Style) -> Void) {
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.bottom {
            for column in area.column..<area.right {
                change(&cells[row * columns + column].style)
            }
        }
    }

    /// Makes every cell of `area` (clipped to the grid) link to `link`, or to nothing when nil,
    /// keeping its text and style; both halves of a wide character cut by the edge of `area` too.
    public mutating func setLink(_ link: String?, over area: Rect) {
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.bottom {
            let base = row * columns
            var first = area.column, last = area.right - 1
            while first > 0 && cells[base + first].isContinuation { first -= 1 }
            while last + 1 < columns && cells[base + last + 1].isContinuation { last += 1 }
            for column in first...last { links.set(link, at: base + column, cellCount: cells.count) }
        }
    }

    /// Draws `text` in one row from `column`, not beyond `limit` (the grid's right edge by
    /// default), and returns the column after the last one drawn. The cells drawn link to
    /// `link` (see ``link(row:column:)``); blanks left for a wide character that did not fit do
    /// not.
    ///
    /// The text is made safe grapheme by grapheme (see ``TerminalGrapheme``); tabs advance to the
    /// next tab stop counted from `column`. Nothing wraps: what does not fit is cut, and a wide
    /// character that does not fit entirely leaves blanks in its place.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil, link: String? = nil) -> Int {
        let right = min(limit ?? columns, columns)
        guard row >= 0, row < rows else { return column }
        var cursor = column
        for character in text {
            guard cursor < right else { break }
            switch TerminalGrapheme.form(of: character) {
            case .dropped:
                continue
            case .tab:
                let stop = cursor + TerminalGrapheme.tabWidth - (cursor - column) % TerminalGrapheme.tabWidth
                while cursor < min(stop, right) {
                    if cursor >= 0 { store(.blank(style), link: link, row: row, column: cursor) }
                    cursor += 1
                }
            case .text(let grapheme, let width):
                if cursor < 0 {
                    cursor += width
                    continue
                }
                if cursor + width > right {
                    while cursor < right {
                        store(.blank(style), link: nil, row: row, column: cursor)
                        cursor += 1
                    }
                    return cursor
                }
                store(Cell(grapheme: grapheme, width: UInt8(width), style: style), link: link, row: row, column: cursor)
                cursor += width
            }
        }
        return cursor
    }

    /// Draws styled text in one row, each run with its style and link; see
    /// ``put(_:row:column:style:limit:link:)``.
    @discardableResult
    public mutating func put(_ text: StyledText, row: Int, column: Int, limit: Int? = nil) -> Int {
        var cursor = column
        for run in text.runs {
            cursor = put(run.text, row: row, column: cursor, style: run.style, limit: limit, link: run.link)
        }
        return cursor
    }

    /// Stores a cell that is known to fit, linking to `link`, blanking any wide character it
    /// partly overwrites.
    private mutating func store(_ cell: Cell, link: String?, row: Int, column: Int) {
        let span = max(1, Int(cell.width))
        releaseWideCharacter(row: row, column: column)
        releaseWideCharacter(row: row, column: column + span - 1)
        let base = row * columns
        cells[base + column] = cell
        for extra in 1..<span {
            cells[base + column + extra] = Cell(grapheme: "", width: 0, style: cell.style)
        }
        if link != nil || links.mayHaveLinks {
            for index in (base + column)..<(base + column + span) { links.set(link, at: index, cellCount: cells.count) }
        }
    }

    /// If the cell at `column` is part of a character wider than one column, turns the whole
    /// character into blanks so that no half of it survives.
    private mutating func releaseWideCharacter(row: Int, column: Int) {
        guard column >= 0, column < columns else { return }
        let base = row * columns
        var lead = column
        while lead > 0 && cells[base + lead].isContinuation { lead -= 1 }
        let width = Int(cells[base + lead].width)
        guard width > 1 || cells[base + column].isContinuation else { return }
        let style = cells[base + lead].style
        for index in lead..<min(columns, lead + max(1, width)) {
            cells[base + index] = .blank(style)
            links.set(nil, at: base + index, cellCount: cells.count)
        }
    }
}

extension CellGrid {
    /// Grids are equal when their cells and their cells' links are.
    public static func == (lhs: CellGrid, rhs: CellGrid) -> Bool {
        guard lhs.rows == rhs.rows, lhs.columns == rhs.columns, lhs.cells == rhs.cells else { return false }
        if lhs.hasNoLinks && rhs.hasNoLinks { return true }
        return lhs.cells.indices.allSatisfy { lhs.links.link(at: $0) == rhs.links.link(at: $0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows)
        hasher.combine(columns)
        hasher.combine(cells)
    }
}
