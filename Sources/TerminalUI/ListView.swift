/// A scrolling list: asks its data source for the visible rows only and draws each with its
/// renderer, highlighting the selected one.
///
/// ```swift
/// var state = ListState()
/// let list = ListView(source: ArrayDataSource(["one", "two"]), renderer: PlainRowRenderer())
/// list.render(into: &grid, in: area, state: &state)
/// ```
public struct ListView<Source: ListDataSource, Renderer: RowRenderer> where Source.Row == Renderer.Row {
    public var source: Source
    public var renderer: Renderer
    /// Added to the selected row after it is drawn, unless the renderer gives the row its own
    /// ``RowRenderer/selectionStyle(for:)``.
    public var selectionAttributes: Style.Attributes
    /// Shown on the first row when the list is empty.
    public var emptyText: String

    public init(source: Source, renderer: Renderer, selectionAttributes: Style.Attributes = .reverse, emptyText: String = "") {
        self.source = source
        self.renderer = renderer
        self.selectionAttributes = selectionAttributes
        self.emptyText = emptyText
    }

    /// Lays `state` out for this list and area, then draws the visible rows into `area`.
    public func render(into grid: inout CellGrid, in area: Rect, state: inout ListState) {
        let count = source.count
        state.layout(count: count, visibleRows: area.height)
        grid.fill(area)
        guard !area.isEmpty else { return }
        if count == 0 {
            grid.put(DisplayWidth.truncate(emptyText, toWidth: area.width), row: area.row, column: area.column, style: .dim, limit: area.right)
            return
        }
        for line in 0..<area.height {
            let index = state.offset + line
            guard index < count else { break }
            let rowArea = Rect(row: area.row + line, column: area.column, height: 1, width: area.width)
            let isSelected = index == state.selection
            let row = source.row(at: index)
            renderer.render(row, isSelected: isSelected, into: &grid, in: rowArea)
            if isSelected {
                let highlight = renderer.selectionStyle(for: row) ?? Style(attributes: selectionAttributes)
                grid.restyle(rowArea) { $0 = $0.overlaid(with: highlight) }
            }
        }
    }

    /// The screen row of the selection after the last layout (where to park the cursor).
    public static func selectedRow(in area: Rect, state: ListState) -> Int {
        area.row + max(0, state.selection - state.offset)
    }
}
