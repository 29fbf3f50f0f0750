import TerminalUI

/// The cost of a frame's cells: a 200 × 50 screen of wrapped article text drawn into a grid and
/// diffed against the frame before (scrolled by one row), with no links and with a link every
/// eighth word, as an article with links has them (issue 43: the grid keeps each cell's link).
enum CellBenchmark {
    static func run() {
        print("== cells: a 200 × 50 frame of article text, drawn and diffed (processor time, least of 5 runs)")
        let words = (0..<40_000).map { "word\($0 % 977)" }
        let plain = frames(words, linkEvery: nil)
        let linked = frames(words, linkEvery: 8)
        print("cells: \(MemoryLayout<Cell>.stride) bytes per cell")
        print(String(format: "cells: %8.2f µs  per frame without links", plain * 1e6))
        print(String(format: "cells: %8.2f µs  per frame with a link every eighth word (%.2f× the frame without)", linked * 1e6, linked / plain))
    }

    /// Processor time per frame of scrolling through `words` wrapped at 200 columns.
    private static func frames(_ words: [String], linkEvery: Int?) -> Double {
        var text = StyledText()
        for (index, word) in words.enumerated() {
            let link = linkEvery.flatMap { index % $0 == 0 ? "https://bench.example/\(index)" : nil }
            text.append(word, link: link)
            text.append(" ")
        }
        let lines = text.wrapped(width: 200)
        let frameCount = 200
        var changes = 0
        let time = TextBenchmark.leastProcessorTime {
            var previous: CellGrid?
            for top in 0..<frameCount {
                var grid = CellGrid(rows: 50, columns: 200)
                for row in 0..<50 { grid.put(lines[top + row], row: row, column: 0) }
                changes &+= CellGridDiff(from: previous, to: grid, rows: 50, columns: 200).changes.count
                previous = grid
            }
        }
        precondition(changes > 0)
        return time / Double(frameCount)
    }
}
