/// A scrolling list: asks its data source for the visible rows only and draws each with its
/// renderer, highlighting the selected one.
///
/// ```swift
/// var state = ListState()
/// let list = ListView(source: ArrayDataSource(["one", "two"]), renderer: PlainRowRenderer())
/// list.render(into: &grid, in: area, state: &state)
/// ```
///
/// Rows are one line high unless ``rowHeight`` says otherwise (a row with a preview under it):
/// the renderer then gets an area as high as its row (cut at the bottom of the list), the
/// selection highlight covers the row's first line, and the list scrolls so that the whole
/// selected row is visible when it fits. Selection and paging still move by rows, not lines.
public struct ListView<Source: ListDataSource, Renderer: RowRenderer> where Source.Row == Renderer.Row {
    public var source: Source
    public var renderer: Renderer
    /// Added to the selected row after it is drawn, unless the renderer gives the row its own
    /// ``RowRenderer/selectionStyle(for:)``.
    public var selectionAttributes: Style.Attributes
    /// Shown on the first row when the list is empty.
    public var emptyText: String
    /// The number of lines the row at an index takes (at least 1); nil: every row takes one.
    /// Called only for rows near the visible ones, so it may look rows up.
    public var rowHeight: ((Int) -> Int)?

    public init(
        source: Source, renderer: Renderer, selectionAttributes: Style.Attributes = .reverse, emptyText: String = "",
        rowHeight: ((Int) -> Int)? = nil
    ) {
        self.source = source
        self.renderer = renderer
        self.selectionAttributes = selectionAttributes
        self.emptyText = emptyText
        self.rowHeight = rowHeight
    }

    /// Lays `state` out for this list and area, then draws the visible rows into `area`;
    /// returns the screen row of the selection's first line (where to park the cursor).
    @discardableResult
    public func render(into grid: inout CellGrid, in area: Rect, state: inout ListState) -> Int {
        layout(&state, in: area)
        return draw(into: &grid, in: area, state: state)
    }

    /// Lays `state` out for this list in `area`: the selection clamped to the rows and kept in
    /// view (whole, for rows of several lines).
    public func layout(_ state: inout ListState, in area: Rect) {
        let count = source.count
        if let rowHeight {
            state.layout(count: count, lines: area.height) { max(1, rowHeight($0)) }
        } else {
            state.layout(count: count, visibleRows: area.height)
        }
    }

    /// Draws the visible rows of `state`, laid out already (see ``layout(_:in:)``), into `area`;
    /// returns the screen row of the selection's first line (where to park the cursor).
    @discardableResult
    public func draw(into grid: inout CellGrid, in area: Rect, state: ListState) -> Int {
        let count = source.count
        let height = rowHeight.map { rowHeight in { (index: Int) in max(1, rowHeight(index)) } }
        grid.fill(area)
        guard !area.isEmpty else { return area.row }
        if count == 0 {
            grid.put(DisplayWidth.truncate(emptyText, toWidth: area.width), row: area.row, column: area.column, style: .dim, limit: area.right)
            return area.row
        }
        var line = 0
        var selectedLine = 0
        var index = state.offset
        while line < area.height && index < count {
            let rowLines = min(height?(index) ?? 1, area.height - line)
            let rowArea = Rect(row: area.row + line, column: area.column, height: rowLines, width: area.width)
            let isSelected = index == state.selection
            let row = source.row(at: index)
            renderer.render(row, isSelected: isSelected, into: &grid, in: rowArea)
            if isSelected {
                selectedLine = line
                let highlight = renderer.selectionStyle(for: row) ?? Style(attributes: selectionAttributes)
                grid.restyle(rowArea.topRows(1)) { $0 = $0.overlaid(with: highlight) }
            }
            line += rowLines
            index += 1
        }
        return area.row + selectedLine
    }

    /// The screen row of the selection after the last layout (where to park the cursor).
    public static func selectedRow(in area: Rect, state: ListState) -> Int {
        area.row + max(0, state.selection - state.offset)
    }
}

extension ListState {
    /// Lays the state out for rows of varying height in `lines` lines: the selection clamped to
    /// `count`, scrolled the least needed to show the whole selected row (its first lines when
    /// it is taller than the list), with no blank lines at the end while rows above are hidden
    /// unless the selected row needs them. `visibleRows` becomes the number of rows wholly
    /// shown, so that paging moves by what is on screen.
    ///
    /// Only rows within `lines` of the selection and of the end are measured.
    public mutating func layout(count: Int, lines: Int, rowHeight: (Int) -> Int) {
        guard count > 0, lines > 0 else {
            layout(count: count, visibleRows: lines)
            return
        }
        selection = min(max(0, selection), count - 1)
        offset = min(max(0, offset), selection)
        // The first row from which the whole selected row still fits.
        var used = rowHeight(selection)
        var fitStart = selection
        while fitStart > 0 {
            let above = rowHeight(fitStart - 1)
            guard used + above <= lines else { break }
            used += above
            fitStart -= 1
        }
        offset = max(offset, fitStart)
        // Near the end, the last first row that still fills the list to its end. (Further up,
        // the rows below the offset fill it anyway, each taking a line at least.)
        if count - offset < lines {
            var tail = 0
            var fillStart = count
            while fillStart > 0 && tail < lines {
                fillStart -= 1
                tail += rowHeight(fillStart)
            }
            if offset > fillStart { offset = max(fillStart, fitStart) }
        }
        var whole = 0
        var shown = 0
        while offset + whole < count {
            shown += rowHeight(offset + whole)
            guard shown <= lines else { break }
            whole += 1
        }
        // With the offset settled as above, the plain layout for this many rows leaves it alone.
        layout(count: count, visibleRows: max(1, whole))
    }
}
