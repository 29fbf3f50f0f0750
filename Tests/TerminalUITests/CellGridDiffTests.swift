import Testing
@testable import TerminalUI

@Suite struct CellGridDiffTests {
    private func positions(_ diff: CellGridDiff) -> [String] {
        diff.changes.map { "\($0.row),\($0.column)=\($0.cell.grapheme)" }
    }

    @Test func firstFrameSendsEveryCellOnce() {
        let grid = CellGrid(lines: ["ab", "日"], columns: 2)
        let diff = CellGridDiff(from: nil, to: grid, rows: 2, columns: 2)
        #expect(diff.isFullRedraw)
        // The wide character's continuation cell is covered by its own cell.
        #expect(positions(diff) == ["0,0=a", "0,1=b", "1,0=日"])
    }

    @Test func sameFrameSendsNothing() {
        let grid = CellGrid(lines: ["hello"])
        let diff = CellGridDiff(from: grid, to: grid, rows: 1, columns: 5)
        #expect(!diff.isFullRedraw)
        #expect(diff.changes.isEmpty)
    }

    @Test func onlyChangedCellsAreSent() {
        let before = CellGrid(lines: ["hello", "world"])
        let after = CellGrid(lines: ["hallo", "world"])
        #expect(positions(CellGridDiff(from: before, to: after, rows: 2, columns: 5)) == ["0,1=a"])
    }

    @Test func aStyleChangeIsAChange() {
        let before = CellGrid(lines: ["ab"])
        var after = before
        after.restyle(Rect(row: 0, column: 1, height: 1, width: 1)) { $0.attributes.insert(.reverse) }
        let diff = CellGridDiff(from: before, to: after, rows: 1, columns: 2)
        #expect(positions(diff) == ["0,1=b"])
        #expect(diff.changes[0].cell.style.attributes.contains(.reverse))
    }

    @Test func aNewSizeRedrawsEverything() {
        let before = CellGrid(lines: ["ab"])
        let after = CellGrid(lines: ["ab", "cd"])
        let diff = CellGridDiff(from: before, to: after, rows: 2, columns: 2)
        #expect(diff.isFullRedraw)
        #expect(diff.changes.count == 4)
    }

    @Test func aWideCharacterReplacingTwoNarrowOnesIsOneChange() {
        let before = CellGrid(lines: ["abc"])
        let after = CellGrid(lines: ["日c"])
        #expect(positions(CellGridDiff(from: before, to: after, rows: 1, columns: 3)) == ["0,0=日"])
    }

    @Test func nothingOutsideTheScreenIsSent() {
        // A frame laid out before a shrink arrives: rows and columns past the screen are dropped,
        // and a wide character cut by the screen's edge is not sent at all.
        let grid = CellGrid(lines: ["a日", "bc"])
        #expect(positions(CellGridDiff(from: nil, to: grid, rows: 1, columns: 2)) == ["0,0=a"])
        #expect(CellGridDiff(from: nil, to: grid, rows: 0, columns: 0).changes.isEmpty)
    }

    @Test func zeroSizedGrids() {
        let empty = CellGrid(rows: 0, columns: 0)
        #expect(CellGridDiff(from: nil, to: empty, rows: 10, columns: 10).changes.isEmpty)
        #expect(CellGridDiff(from: empty, to: empty, rows: 10, columns: 10).changes.isEmpty)
    }
}
