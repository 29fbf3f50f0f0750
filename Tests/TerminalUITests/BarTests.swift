import Testing
@testable import TerminalUI

@Suite struct BarTests {
    @Test func titleWithDetailOnTheRight() {
        var grid = CellGrid(rows: 1, columns: 30)
        TitleBar(title: "Tidings — Feeds", detail: "3 unread").render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [" Tidings — Feeds     3 unread"])
        #expect(grid[0, 29].style.attributes.contains(.reverse))
    }

    @Test func detailGivesWayToALongTitle() {
        var grid = CellGrid(rows: 1, columns: 16)
        TitleBar(title: "日本語のとても長いフィードの名前", detail: "12 unread").render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [" 日本語のとても…"])
    }

    @Test func statusBarAtTinyWidths() {
        for width in 0...3 {
            var grid = CellGrid(rows: 1, columns: width)
            StatusBar(message: "Reloading 12/200 — 3 failed", hint: "?:Help").render(into: &grid, in: grid.bounds)
            #expect(grid.columns == width)
        }
        var grid = CellGrid(rows: 1, columns: 1)
        StatusBar(message: "Reloading", hint: "").render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["…"])
    }
}
