import Foundation
import Testing
@testable import TerminalUI

/// Which cells are written again with their links after a frame, and the bytes: OSC 8 around
/// each run of one link, the look set as given, the addresses made safe.
@Suite struct HyperlinkWriterTests {
    private let link = "https://a.example/"

    /// The bytes as text, the look of a style written `<s>` (`<b>` bold), the normal look `<n>`.
    private func written(_ positions: [Position], of grid: CellGrid, writer: inout HyperlinkWriter) -> String {
        let bytes = writer.bytes(writing: positions, of: grid,
                                 appearance: { Array(($0.attributes.contains(.bold) ? "<b>" : "<s>").utf8) },
                                 normal: Array("<n>".utf8), characters: { Array($0.utf8) })
        return String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "\u{1B}", with: "⎋")
    }

    private func cells(_ positions: [Position]) -> [String] { positions.map { "\($0.row),\($0.column)" } }

    @Test func aFirstFrameWritesItsLinkedCells() {
        var grid = CellGrid(rows: 3, columns: 6)
        grid.put("ab", row: 0, column: 0)
        grid.put("cd", row: 0, column: 2, link: link)
        grid.put("日e", row: 1, column: 0, link: link)
        let diff = CellGridDiff(from: nil, to: grid, rows: 3, columns: 6)
        #expect(cells(HyperlinkWriter.cellsToWrite(after: diff, from: nil, to: grid, rows: 3, columns: 6)) == ["0,2", "0,3", "1,0", "1,2"])
    }

    @Test func aChangedRowHasAllItsLinkedCellsWrittenAgain() {
        var before = CellGrid(rows: 2, columns: 8)
        before.put("xx", row: 0, column: 0, link: link)
        before.put("old", row: 0, column: 4)
        before.put("yy", row: 1, column: 0, link: link)
        var after = before
        after.put("new", row: 0, column: 4)
        let diff = CellGridDiff(from: before, to: after, rows: 2, columns: 8)
        // ncurses may write any cell between a row's changes: the row's links go again; the
        // row that did not change is left alone.
        #expect(cells(HyperlinkWriter.cellsToWrite(after: diff, from: before, to: after, rows: 2, columns: 8)) == ["0,0", "0,1"])
    }

    @Test func aCellThatLostItsLinkIsWrittenWithout() {
        var before = CellGrid(lines: ["abcd", "efgh"])
        before.setLink(link, over: Rect(row: 0, column: 1, height: 1, width: 2))
        var after = before
        after.setLink(nil, over: Rect(row: 0, column: 2, height: 1, width: 1))
        let diff = CellGridDiff(from: before, to: after, rows: 2, columns: 4)
        let positions = HyperlinkWriter.cellsToWrite(after: diff, from: before, to: after, rows: 2, columns: 4)
        #expect(cells(positions) == ["0,1", "0,2"])
        var writer = HyperlinkWriter()
        #expect(written(positions, of: after, writer: &writer)
            == "⎋7⎋[1;2H⎋]8;id=1;https://a.example/⎋\\<s>b⎋]8;;⎋\\⎋[1;3Hc<n>⎋8")
    }

    @Test func theBottomRightCellIsNeverWritten() {
        var grid = CellGrid(rows: 2, columns: 3)
        grid.put("abc", row: 1, column: 0, link: link)
        let diff = CellGridDiff(from: nil, to: grid, rows: 2, columns: 3)
        #expect(cells(HyperlinkWriter.cellsToWrite(after: diff, from: nil, to: grid, rows: 2, columns: 3)) == ["1,0", "1,1"])
        // Nor what the screen does not show.
        #expect(cells(HyperlinkWriter.cellsToWrite(after: diff, from: nil, to: grid, rows: 1, columns: 3)).isEmpty)
    }

    @Test func oneLinkOverTwoRowsIsOneIdAndEachRunOnePair() {
        var grid = CellGrid(rows: 3, columns: 10)
        grid.put("see ", row: 0, column: 0)
        grid.put("the", row: 0, column: 4, style: .bold, link: link)
        grid.put("link", row: 1, column: 0, style: .bold, link: link)
        grid.put("other", row: 1, column: 5, link: "https://b.example/")
        var writer = HyperlinkWriter()
        let positions = HyperlinkWriter.cellsToWrite(after: CellGridDiff(from: nil, to: grid, rows: 3, columns: 10),
                                                     from: nil, to: grid, rows: 3, columns: 10)
        #expect(written(positions, of: grid, writer: &writer) == "⎋7"
            + "⎋[1;5H⎋]8;id=1;https://a.example/⎋\\<b>the⎋]8;;⎋\\"
            + "⎋[2;1H⎋]8;id=1;https://a.example/⎋\\link⎋]8;;⎋\\"
            + "⎋[2;6H⎋]8;id=2;https://b.example/⎋\\<s>other⎋]8;;⎋\\"
            + "<n>⎋8")
        // The next frame gives a link the id it had.
        #expect(written([Position(row: 1, column: 5)], of: grid, writer: &writer).contains("id=2;https://b.example/"))
    }

    @Test func aWideCharacterIsWrittenOnceForItsTwoCells() {
        var grid = CellGrid(rows: 2, columns: 6)
        grid.put("日本", row: 0, column: 0, link: link)
        var writer = HyperlinkWriter()
        let positions = HyperlinkWriter.linkedCells(inRows: 0..<2, of: grid, rows: 2, columns: 6)
        #expect(cells(positions) == ["0,0", "0,2"])
        #expect(written(positions, of: grid, writer: &writer) == "⎋7⎋[1;1H⎋]8;id=1;https://a.example/⎋\\<s>日本⎋]8;;⎋\\<n>⎋8")
    }

    @Test func addressesAreMadeSafe() {
        func safe(_ address: String) -> String? { HyperlinkWriter.safeAddress(address).map { String(decoding: $0, as: UTF8.self) } }
        // C0 (ESC, BEL, NUL, newline), DEL and C1 (CSI, ST, NEL) go; printable ASCII stays.
        #expect(safe("https://x.example/\u{1B}]8;;\u{1B}\\\u{07}a\u{0}\n\u{7F}\u{9B}2J\u{9C}\u{85}b") == "https://x.example/]8;;\\a2Jb")
        // Spaces and what is not ASCII are percent-encoded (UTF-8).
        #expect(safe("https://例え.jp/a b/ü") == "https://%E4%BE%8B%E3%81%88.jp/a%20b/%C3%BC")
        #expect(safe("\u{1B}\u{07}") == nil)
        #expect(safe(String(repeating: "a", count: HyperlinkWriter.maximumAddressLength)) != nil)
        #expect(safe(String(repeating: "a", count: HyperlinkWriter.maximumAddressLength + 1)) == nil)
    }

    @Test func aLinkThatCannotBeWrittenLeavesItsTextPlain() {
        var grid = CellGrid(rows: 2, columns: 4)
        grid.put("ab", row: 0, column: 0, link: "\u{1B}\u{9D}")
        var writer = HyperlinkWriter()
        #expect(written([Position(row: 0, column: 0), Position(row: 0, column: 1)], of: grid, writer: &writer) == "⎋7⎋[1;1H<s>ab<n>⎋8")
    }

    @Test func nothingToWriteIsNoBytes() {
        var writer = HyperlinkWriter()
        #expect(written([], of: CellGrid(rows: 1, columns: 1), writer: &writer).isEmpty)
    }
}
