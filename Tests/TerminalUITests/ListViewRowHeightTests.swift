import Testing
@testable import TerminalUI

/// Draws a string row over as many lines as it is given: the row on the first, `·` below.
private struct TallRowRenderer: RowRenderer {
    func render(_ row: String, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        grid.put(row, row: area.row, column: area.column, limit: area.right)
        for line in 1..<max(1, area.height) {
            grid.put("  · \(row)", row: area.row + line, column: area.column, limit: area.right)
        }
    }
}

/// Lists whose rows take more than one line (an expanded preview, an excerpt line).
@Suite struct ListViewRowHeightTests {
    private func list(_ count: Int, heights: [Int: Int]) -> ListView<ArrayDataSource<String>, TallRowRenderer> {
        ListView(source: ArrayDataSource((0..<count).map { "r\($0)" }), renderer: TallRowRenderer(), rowHeight: { heights[$0] ?? 1 })
    }

    @Test func tallRowsAreDrawnInPlaceAndOnlyTheirFirstLineIsHighlighted() {
        var state = ListState(selection: 1)
        var grid = CellGrid(rows: 6, columns: 10)
        let parked = list(10, heights: [1: 3]).render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["r0", "r1", "  · r1", "  · r1", "r2", "r3"])
        #expect(parked == 1)
        #expect(grid[1, 0].style.attributes.contains(.reverse))
        #expect(!grid[2, 2].style.attributes.contains(.reverse))
        // Paging moves by the rows wholly shown.
        #expect(state.visibleRows == 4)
    }

    @Test func movingDownScrollsSoTheWholeSelectedRowShows() {
        var state = ListState()
        var grid = CellGrid(rows: 5, columns: 10)
        let view = list(10, heights: [3: 3])
        view.render(into: &grid, in: grid.bounds, state: &state)
        for _ in 0..<3 { state.move(by: 1, count: 10) }
        view.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["r1", "r2", "r3", "  · r3", "  · r3"])
        #expect(state.selection == 3 && state.offset == 1)
        // Moving back up scrolls back only when the selection leaves the top.
        state.move(by: -2, count: 10)
        view.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines.first == "r1" && state.offset == 1)
        state.move(by: -1, count: 10)
        view.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["r0", "r1", "r2", "r3", "  · r3"])
    }

    @Test func aRowTallerThanTheListShowsItsFirstLines() {
        var state = ListState(selection: 2)
        var grid = CellGrid(rows: 3, columns: 10)
        list(5, heights: [2: 8]).render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["r2", "  · r2", "  · r2"])
        #expect(state.offset == 2 && state.visibleRows == 1)
    }

    @Test func noBlankLinesAtTheEndWhileRowsAboveAreHidden() {
        var state = ListState(selection: 9, offset: 9)
        var grid = CellGrid(rows: 5, columns: 10)
        list(10, heights: [8: 2]).render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["r6", "r7", "r8", "  · r8", "r9"])
        // …unless the selected row needs them to show whole.
        var tall = ListState(selection: 9, offset: 0)
        list(10, heights: [8: 3, 9: 4]).render(into: &grid, in: grid.bounds, state: &tall)
        #expect(grid.lines == ["r9", "  · r9", "  · r9", "  · r9", ""])
    }

    @Test func endOnAHugeListMeasuresOnlyRowsNearTheEnd() {
        final class Measured {
            var asked: Set<Int> = []
        }
        let measured = Measured()
        let view = ListView(
            source: ArrayDataSource((0..<100_000).map(String.init)), renderer: TallRowRenderer(),
            rowHeight: { index in
                measured.asked.insert(index)
                return index % 2 == 0 ? 2 : 1
            })
        var state = ListState()
        var grid = CellGrid(rows: 30, columns: 10)
        view.render(into: &grid, in: grid.bounds, state: &state)
        state.select(99_999, count: 100_000)
        view.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines.last == "99999")
        #expect(measured.asked.count < 200)
    }

    @Test func withoutHeightsTheListIsUnchanged() {
        var plain = ListState(selection: 7)
        var measured = ListState(selection: 7)
        var first = CellGrid(rows: 5, columns: 10)
        var second = CellGrid(rows: 5, columns: 10)
        ListView(source: ArrayDataSource((0..<20).map { "r\($0)" }), renderer: TallRowRenderer()).render(into: &first, in: first.bounds, state: &plain)
        list(20, heights: [:]).render(into: &second, in: second.bounds, state: &measured)
        #expect(first == second && plain == measured)
    }
}
