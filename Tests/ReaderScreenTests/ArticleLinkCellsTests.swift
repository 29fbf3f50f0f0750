import TerminalUI
import Testing
@testable import TidingsApp

/// An article's links carry their addresses into the cells (issue 43), for `hyperlinks` to write
/// them as OSC 8: the link's words, the space between them and its `[n]` marker, wrapped over
/// lines; the text around it carries none.
@Suite struct ArticleLinkCellsTests {
    @Test func aLinksWordsAndNumberCarryItsAddressIntoTheCells() throws {
        let body = HTMLTextRenderer.render(
            "<p>Read <a href=\"/story\">the whole long story here</a> today.</p>", baseURL: "https://news.example/index.html")
        let address = "https://news.example/story"
        #expect(body.links == [address])
        // The paragraph, wrapped as the article view wraps it (the list of links follows it).
        let lines = try #require(body.lines(width: 20).first).text.wrapped(width: 20)
        var grid = CellGrid(rows: lines.count, columns: 20)
        for (row, line) in lines.enumerated() { _ = grid.put(line, row: row, column: 0) }
        let text = lines.map(\.plainText)
        #expect(text == ["Read the whole long", "story here[1] today."], "\(text)")
        func links(_ row: Int) -> [String?] { (0..<20).map { grid.link(row: row, column: $0) } }
        #expect(links(0) == Array(repeating: nil, count: 5) + Array(repeating: address, count: 14) + [nil])
        #expect(links(1) == Array(repeating: address, count: 13) + Array(repeating: nil, count: 7))
    }
}
