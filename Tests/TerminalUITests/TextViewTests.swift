import Testing
@testable import TerminalUI

@Suite struct TextViewTests {
    private func article() -> TextView {
        TextView(lines: [
            TextView.Line(StyledText("Heading", style: .bold)),
            TextView.Line(""),
            TextView.Line("The quick brown fox jumps over the lazy dog."),
            TextView.Line("• 日本語の箇条書きです", continuationIndent: 2),
        ])
    }

    @Test func wrapsAndScrolls() {
        var view = article()
        var grid = CellGrid(rows: 4, columns: 12)
        view.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["Heading", "", "The quick", "brown fox"])
        #expect(view.rowCount == 9)
        let movedDown = view.handleNavigationKey(.down)
        #expect(movedDown)
        view.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["", "The quick", "brown fox", "jumps over"])
        let movedToEnd = view.handleNavigationKey(.end)
        #expect(movedToEnd)
        view.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["the lazy", "dog.", "• 日本語の箇", "  条書きです"])
        #expect(view.isAtEnd)
        _ = view.handleNavigationKey(.home)
        view.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.first == "Heading")
    }

    @Test func resizeKeepsTheFirstVisibleLine() {
        var view = article()
        var grid = CellGrid(rows: 3, columns: 12)
        view.render(into: &grid, in: grid.bounds)
        view.scroll(by: 6)
        view.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["dog.", "• 日本語の箇", "  条書きです"])
        var wide = CellGrid(rows: 3, columns: 40)
        view.render(into: &wide, in: wide.bounds)
        #expect(wide.lines.first == "The quick brown fox jumps over the lazy")
    }

    @Test func keepsStylesAndDoesNotCrashWhenTiny() {
        var view = article()
        var grid = CellGrid(rows: 2, columns: 20)
        view.render(into: &grid, in: grid.bounds)
        #expect(grid[0, 0].style == .bold)
        for (rows, columns) in [(0, 0), (1, 1), (5, 1), (1, 0)] {
            var tiny = CellGrid(rows: rows, columns: columns)
            view.render(into: &tiny, in: tiny.bounds)
            _ = view.handleNavigationKey(.pageDown)
        }
    }
}
