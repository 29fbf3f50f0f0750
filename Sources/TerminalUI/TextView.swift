/// A scrolling view of styled text, wrapped to the width it is drawn at.
///
/// Lines are wrapped once per width and the result kept, so scrolling a long article costs only
/// the rows drawn. The scroll position survives a resize as the first visible source line.
public struct TextView: Sendable {
    /// One logical line: wrapped when wider than the view; lines after the first of the wrap
    /// start `continuationIndent` columns in (list items, quotes).
    public struct Line: Hashable, Sendable {
        public var text: StyledText
        public var continuationIndent: Int

        public init(_ text: StyledText, continuationIndent: Int = 0) {
            self.text = text
            self.continuationIndent = continuationIndent
        }
    }

    public private(set) var lines: [Line]
    /// Index of the first visible wrapped row.
    public private(set) var offset = 0
    private var wrapped: [StyledText] = []
    /// For each wrapped row, the logical line it came from.
    private var sourceLine: [Int] = []
    private var wrappedWidth = -1
    /// Rows shown at the last layout.
    public private(set) var visibleRows = 0
    /// The logical line to show at the top after the next wrap (`setLines(_:showingLine:)`).
    private var anchorLine: Int?

    public init(lines: [Line] = []) {
        self.lines = lines
    }

    /// Replaces the text, keeping the scroll position when possible.
    public mutating func setLines(_ lines: [Line]) {
        self.lines = lines
        wrappedWidth = -1
    }

    /// Replaces the text, scrolled so that logical line `line` is at the top (as far as the end
    /// allows): for a caller that knows where the line shown at the top went.
    public mutating func setLines(_ lines: [Line], showingLine line: Int) {
        setLines(lines)
        anchorLine = max(0, line)
    }

    /// The logical line of the first visible row at the last layout.
    public var firstVisibleLine: Int { offset < sourceLine.count ? sourceLine[offset] : 0 }

    /// Number of wrapped rows at the last layout.
    public var rowCount: Int { wrapped.count }

    /// True when the last row is visible.
    public var isAtEnd: Bool { offset + visibleRows >= wrapped.count }

    /// Wraps for `area` if needed, then draws the visible rows.
    public mutating func render(into grid: inout CellGrid, in area: Rect) {
        layout(width: area.width, height: area.height)
        draw(into: &grid, in: area)
    }

    /// Draws the visible rows as laid out (see ``layout(width:height:)``) into `area`.
    public func draw(into grid: inout CellGrid, in area: Rect) {
        grid.fill(area)
        for line in 0..<area.height {
            let index = offset + line
            guard index < wrapped.count else { break }
            grid.put(wrapped[index], row: area.row + line, column: area.column, limit: area.right)
        }
    }

    /// Wraps the text to `width` (once per width) and clamps the scroll position for `height`.
    public mutating func layout(width: Int, height: Int) {
        visibleRows = max(0, height)
        if width != wrappedWidth {
            let firstSourceLine = anchorLine ?? (offset < sourceLine.count ? sourceLine[offset] : 0)
            anchorLine = nil
            wrapped = []
            sourceLine = []
            for (index, line) in lines.enumerated() {
                let rows = line.text.isEmpty
                    ? [StyledText()]
                    : line.text.wrapped(width: width, continuationIndent: line.continuationIndent)
                wrapped += rows
                sourceLine += Array(repeating: index, count: rows.count)
            }
            wrappedWidth = width
            offset = sourceLine.firstIndex(where: { $0 >= firstSourceLine }) ?? 0
        }
        offset = min(max(0, offset), max(0, wrapped.count - max(1, visibleRows)))
    }

    /// The first wrapped row of logical line `line` at the last layout, nil past the end.
    public func firstRow(ofLine line: Int) -> Int? {
        // `sourceLine` ascends: the first row whose line is at least `line`.
        var low = 0, high = sourceLine.count
        while low < high {
            let middle = (low + high) / 2
            if sourceLine[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low < sourceLine.count && sourceLine[low] == line ? low : nil
    }

    /// Scrolls by `rows` (negative is up).
    public mutating func scroll(by rows: Int) {
        offset = min(max(0, offset + rows), max(0, wrapped.count - max(1, visibleRows)))
    }

    /// Scrolls so that wrapped row `row` is at the top (as far as the end allows).
    public mutating func scroll(toRow row: Int) {
        offset = 0
        scroll(by: row)
    }

    /// Handles Up, Down, PgUp, PgDn, Space, Home and End; reports whether `key` was one of them.
    public mutating func handleNavigationKey(_ key: Key) -> Bool {
        let page = max(1, visibleRows - 1)
        switch key {
        case .up: scroll(by: -1)
        case .down: scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown, .character(" "): scroll(by: page)
        case .home: offset = 0
        case .end: scroll(by: wrapped.count)
        default: return false
        }
        return true
    }
}
