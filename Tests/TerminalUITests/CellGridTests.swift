import Testing
@testable import TerminalUI

@Suite struct CellGridTests {
    @Test func linesRoundTrip() {
        let grid = CellGrid(lines: ["hello", "日本語", ""])
        #expect(grid.rows == 3)
        #expect(grid.columns == 6)
        #expect(grid.lines == ["hello", "日本語", ""])
    }

    @Test func wideCharactersTakeTwoCells() {
        var grid = CellGrid(rows: 1, columns: 6)
        let end = grid.put("日本", row: 0, column: 1)
        #expect(end == 5)
        #expect(grid[0, 1].grapheme == "日" && grid[0, 1].width == 2)
        #expect(grid[0, 2].isContinuation)
        #expect(grid.rowText(0) == " 日本 ")
    }

    @Test func wideCharacterAtTheLastColumnBecomesABlank() {
        var grid = CellGrid(rows: 1, columns: 5)
        grid.put("日本語", row: 0, column: 0)
        #expect(grid.rowText(0) == "日本 ")
        #expect(!grid[0, 4].isContinuation)
        #expect(grid[0, 4].width == 1)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = CellGrid(rows: 1, columns: 4)
        grid.put("日本", row: 0, column: 0)
        grid.put("x", row: 0, column: 1)
        #expect(grid.rowText(0) == " x本")
        grid.put("y", row: 0, column: 2)
        #expect(grid.rowText(0) == " xy ")
        for cell in grid.cells { #expect(!cell.isContinuation) }
    }

    @Test func limitClipsText() {
        var grid = CellGrid(rows: 1, columns: 10)
        grid.put("abcdef", row: 0, column: 2, limit: 5)
        #expect(grid.lines == ["  abc"])
    }

    @Test func drawingOutsideTheGridIsIgnored() {
        var grid = CellGrid(rows: 2, columns: 3)
        grid.put("abc", row: -1, column: 0)
        grid.put("abc", row: 2, column: 0)
        grid.put("abcdef", row: 0, column: -2)
        grid.fill(Rect(row: 1, column: 2, height: 5, width: 5), style: .reverse)
        #expect(grid.lines == ["cde", ""])
        #expect(grid[1, 2].style == .reverse)
    }

    @Test func emptyGridsAcceptEverything() {
        var grid = CellGrid(rows: 0, columns: 0)
        grid.put("日本語", row: 0, column: 0)
        grid.fill(grid.bounds)
        #expect(grid.lines.isEmpty)
        var negative = CellGrid(rows: -3, columns: -1)
        negative.put("x", row: 0, column: 0)
        #expect(negative.rows == 0 && negative.columns == 0)
    }

    @Test func restyleKeepsText() {
        var grid = CellGrid(lines: ["ab"])
        grid.restyle(grid.bounds) { $0.attributes.insert(.bold) }
        #expect(grid.lines == ["ab"])
        #expect(grid[0, 0].style.attributes == .bold)
    }

    @Test func styledTextKeepsRunsAndTruncates() {
        var text = StyledText("日本", style: .bold)
        text.append("語のタイトル")
        #expect(text.width == 16)
        let cut = text.truncated(toWidth: 7)
        #expect(cut.plainText == "日本語…")
        #expect(cut.runs.first == StyledText.Run("日本", style: .bold))
        var grid = CellGrid(rows: 1, columns: 8)
        grid.put(cut, row: 0, column: 0)
        #expect(grid[0, 0].style == .bold && grid[0, 4].style == .plain)
    }

    @Test func colorApproximation() {
        #expect(Color.indexed(9).approximated(paletteSize: 8) == .red)
        #expect(Color.indexed(196).approximated(paletteSize: 8) == .red)
        #expect(Color.indexed(196).approximated(paletteSize: 256) == .indexed(196))
        #expect(Color.indexed(231).approximated(paletteSize: 8) == .white)
        #expect(Color.indexed(3).approximated(paletteSize: 0) == .default)
    }
}
