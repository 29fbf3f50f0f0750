import Testing
@testable import TerminalUI

/// Links in cells: where text puts them, how wrapping keeps them, and the diff that sees them.
@Suite struct CellGridLinkTests {
    private func links(_ grid: CellGrid, row: Int) -> [String?] {
        (0..<grid.columns).map { grid.link(row: row, column: $0) }
    }

    @Test func putLinksTheCellsItDraws() {
        var grid = CellGrid(rows: 1, columns: 12)
        let end = grid.put("a日\tb", row: 0, column: 1, link: "https://a.example/")
        #expect(end == 10)
        // Both halves of the wide character, and the blanks of the tab.
        #expect(links(grid, row: 0) == [nil] + Array(repeating: "https://a.example/", count: 9) + [nil, nil])
        // Drawing over a link without one removes it.
        grid.put("xy", row: 0, column: 2)
        #expect(links(grid, row: 0)[1...4] == ["https://a.example/", nil, nil, "https://a.example/"])
    }

    @Test func styledTextPutsEachRunsLink() {
        var grid = CellGrid(rows: 1, columns: 10)
        grid.put(StyledText(runs: [.init("see "), .init("this", style: .underline, link: "https://b.example/")]), row: 0, column: 0)
        #expect(links(grid, row: 0) == [nil, nil, nil, nil, "https://b.example/", "https://b.example/", "https://b.example/", "https://b.example/", nil, nil])
    }

    @Test func setLinkCoversAnAreaAndWholeWideCharacters() {
        var grid = CellGrid(lines: ["日本語", "abcdef"])
        // Column 1 is the right half of 日, column 4 the left half of 語.
        grid.setLink("https://c.example/", over: Rect(row: 0, column: 1, height: 2, width: 4))
        #expect(links(grid, row: 0) == Array(repeating: "https://c.example/", count: 6))
        #expect(links(grid, row: 1) == [nil, "https://c.example/", "https://c.example/", "https://c.example/", "https://c.example/", nil])
        #expect(grid.lines == ["日本語", "abcdef"])
        grid.setLink(nil, over: grid.bounds)
        #expect((0..<2).allSatisfy { links(grid, row: $0).allSatisfy { $0 == nil } })
        #expect(grid == CellGrid(lines: ["日本語", "abcdef"]))
    }

    @Test func aLinkWrappedOverLinesIsOnEveryLine() {
        var text = StyledText("read ")
        text.append("the whole story here", style: .bold, link: "https://d.example/story")
        text.append(" now")
        let lines = text.wrapped(width: 12)
        #expect(lines.map(\.plainText) == ["read the", "whole story", "here now"])
        #expect(lines.map { $0.runs.map(\.link) } == [
            [nil, "https://d.example/story"], ["https://d.example/story"], ["https://d.example/story", nil],
        ])
    }

    @Test func appendKeepsRunsWithDifferentLinksApart() {
        var text = StyledText()
        text.append("a", link: "https://e.example/1")
        text.append("b", link: "https://e.example/1")
        text.append("c", link: "https://e.example/2")
        text.append("d")
        #expect(text.runs.map(\.text) == ["ab", "c", "d"])
        // Cut with an ellipsis, which belongs to the run it ends.
        #expect(text.truncated(toWidth: 3).runs.map(\.link) == ["https://e.example/1", "https://e.example/2"])
        #expect(text.droppingColumns(1).runs.first?.link == "https://e.example/1")
    }

    @Test func gridsWithDifferentLinksDiffer() {
        var linked = CellGrid(lines: ["ab"])
        linked.setLink("https://g.example/", over: Rect(row: 0, column: 0, height: 1, width: 1))
        #expect(linked != CellGrid(lines: ["ab"]))
        var other = CellGrid(lines: ["ab"])
        other.setLink("https://g.example/other", over: Rect(row: 0, column: 0, height: 1, width: 1))
        #expect(linked != other)
        // The same links set in another order: the same grid.
        var both = CellGrid(lines: ["ab"])
        both.setLink("https://g.example/2", over: Rect(row: 0, column: 1, height: 1, width: 1))
        both.setLink("https://g.example/", over: Rect(row: 0, column: 0, height: 1, width: 1))
        linked.setLink("https://g.example/2", over: Rect(row: 0, column: 1, height: 1, width: 1))
        #expect(linked == both)
    }

    @Test func fillAndOverwritingAWideCharacterRemoveTheirLinks() {
        var grid = CellGrid(rows: 2, columns: 4)
        grid.put("日本", row: 0, column: 0, link: "https://h.example/")
        grid.put("ab", row: 1, column: 0, link: "https://h.example/")
        grid.put("x", row: 0, column: 1)
        #expect(links(grid, row: 0) == [nil, nil, "https://h.example/", "https://h.example/"])
        grid.fill(Rect(row: 1, column: 1, height: 1, width: 3))
        #expect(links(grid, row: 1) == ["https://h.example/", nil, nil, nil])
    }

    @Test func aChangedLinkIsAChangedCell() {
        let before = CellGrid(lines: ["link"])
        var after = before
        after.setLink("https://f.example/", over: Rect(row: 0, column: 1, height: 1, width: 2))
        #expect(CellGridDiff(from: before, to: after, rows: 1, columns: 4).changes.map(\.column) == [1, 2])
        var moved = after
        moved.setLink("https://f.example/other", over: Rect(row: 0, column: 2, height: 1, width: 1))
        #expect(CellGridDiff(from: after, to: moved, rows: 1, columns: 4).changes.map(\.column) == [2])
    }
}
