import Testing
@testable import TerminalUI

/// A data source that records which rows were asked for, standing in for a database.
final class CountingSource: ListDataSource {
    let count: Int
    private(set) var requested: Set<Int> = []

    init(count: Int) { self.count = count }

    func row(at index: Int) -> String {
        requested.insert(index)
        return "row \(index)"
    }
}

@Suite struct ListViewTests {
    @Test func selectionStaysVisibleWhileMovingDown() {
        var state = ListState()
        state.layout(count: 100, visibleRows: 5)
        for _ in 0..<7 { state.move(by: 1, count: 100) }
        #expect(state.selection == 7)
        #expect(state.offset == 3)
        for _ in 0..<5 { state.move(by: -1, count: 100) }
        #expect(state.selection == 2 && state.offset == 2)
    }

    @Test func pagingHomeAndEnd() {
        var state = ListState()
        state.layout(count: 23, visibleRows: 5)
        let pagedDown = state.handleNavigationKey(.pageDown, count: 23)
        #expect(pagedDown)
        #expect(state.selection == 5 && state.offset == 5)
        state.pageDown(count: 23)
        state.pageDown(count: 23)
        state.pageDown(count: 23)
        #expect(state.selection == 20 && state.offset == 18)
        state.pageDown(count: 23)
        #expect(state.selection == 22 && state.offset == 18)
        state.pageUp(count: 23)
        #expect(state.selection == 17 && state.offset == 13)
        _ = state.handleNavigationKey(.home, count: 23)
        #expect(state.selection == 0 && state.offset == 0)
        _ = state.handleNavigationKey(.end, count: 23)
        #expect(state.selection == 22 && state.offset == 18)
        let ignored = state.handleNavigationKey(.character("x"), count: 23)
        #expect(!ignored)
    }

    @Test func shrinkingListClampsSelection() {
        var state = ListState(selection: 50, offset: 48)
        state.layout(count: 10, visibleRows: 4)
        #expect(state.selection == 9 && state.offset == 6)
        state.layout(count: 0, visibleRows: 4)
        #expect(state.selection == 0 && state.offset == 0)
    }

    @Test func rendersOnlyVisibleRowsWithTheSelectionHighlighted() {
        let source = CountingSource(count: 100_000)
        let list = ListView(source: source, renderer: PlainRowRenderer())
        var state = ListState(selection: 50_000)
        var grid = CellGrid(rows: 4, columns: 12)
        list.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["row 49997", "row 49998", "row 49999", "row 50000"])
        #expect(source.requested == [49_997, 49_998, 49_999, 50_000])
        #expect(grid[3, 0].style.attributes.contains(.reverse))
        #expect(grid[3, 11].style.attributes.contains(.reverse))
        #expect(!grid[2, 0].style.attributes.contains(.reverse))
    }

    @Test func japaneseAndEmojiRowsAreCutWithEllipsis() {
        let list = ListView(
            source: ArrayDataSource(["日本語のニュース記事", "🎉 Release 2.0 is out", "\u{1B}[2Jevil title"]),
            renderer: PlainRowRenderer()
        )
        var state = ListState()
        var grid = CellGrid(rows: 3, columns: 9)
        list.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["日本語の…", "🎉 Relea…", "␛[2Jevil…"])
    }

    @Test func emptyListShowsItsMessage() {
        let list = ListView(source: ArrayDataSource([String]()), renderer: PlainRowRenderer(), emptyText: "No feeds")
        var state = ListState()
        var grid = CellGrid(rows: 2, columns: 20)
        list.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["No feeds", ""])
    }

    @Test func tinyAreasDoNotCrash() {
        let list = ListView(source: ArrayDataSource(["日本語", "b"]), renderer: PlainRowRenderer())
        for (rows, columns) in [(0, 0), (1, 1), (1, 0), (0, 1), (1, 2)] {
            var state = ListState(selection: 1)
            var grid = CellGrid(rows: rows, columns: columns)
            list.render(into: &grid, in: grid.bounds, state: &state)
            #expect(grid.rows == rows)
        }
        var state = ListState()
        var grid = CellGrid(rows: 1, columns: 1)
        list.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid.lines == ["…"])
    }
}
