import Testing
@testable import TerminalUI

/// Renders rows of text, the first word in bold, and asks for a coloured highlight on rows that
/// start with "*".
private struct MarkingRenderer: RowRenderer {
    func render(_ row: String, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        grid.put(row, row: area.row, column: area.column, style: .bold, limit: area.right)
    }

    func selectionStyle(for row: String) -> Style? {
        row.hasPrefix("*") ? Style(foreground: .black, background: .indexed(214)) : nil
    }
}

@Suite struct SelectionStyleTests {
    @Test func overlayTakesTheTopColoursWhereSetAndBothAttributes() {
        let base = Style(foreground: .red, background: .green, attributes: .bold)
        #expect(base.overlaid(with: .reverse) == Style(foreground: .red, background: .green, attributes: [.bold, .reverse]))
        #expect(base.overlaid(with: Style(background: .blue)) == Style(foreground: .red, background: .blue, attributes: .bold))
        #expect(base.overlaid(with: Style(foreground: .indexed(200), attributes: .underline))
            == Style(foreground: .indexed(200), background: .green, attributes: [.bold, .underline]))
        #expect(Style.plain.overlaid(with: .plain) == .plain)
    }

    @Test func aRendererCanColourItsSelectedRow() {
        var state = ListState()
        let list = ListView(source: ArrayDataSource(["*marked", "plain"]), renderer: MarkingRenderer())
        var grid = CellGrid(rows: 2, columns: 10)
        list.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid[0, 1].style == Style(foreground: .black, background: .indexed(214), attributes: .bold))
        // The highlight covers the whole row, past the text.
        #expect(grid[0, 9].style == Style(foreground: .black, background: .indexed(214)))
        #expect(grid[1, 0].style == .bold)

        // A row the renderer leaves alone gets the list's own highlight.
        state.move(by: 1, count: 2)
        list.render(into: &grid, in: grid.bounds, state: &state)
        #expect(grid[0, 1].style == .bold)
        #expect(grid[1, 0].style == Style(attributes: [.bold, .reverse]))
        #expect(grid[1, 9].style == .reverse)
    }
}
