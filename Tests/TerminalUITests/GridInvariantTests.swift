import Testing
@testable import TerminalUI

/// Random text from every corner of Unicode, drawn and wrapped at many widths: the grid's
/// invariants must hold and nothing may trap.
@Suite struct GridInvariantTests {
    /// A deterministic generator, so a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// Scalars biased towards the troublesome: controls, marks, joiners, CJK, emoji, bidi.
    static func randomText(_ generator: inout Generator, length: Int) -> String {
        let pools: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x80...0x9F, 0x300...0x36F, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069,
            0x1100...0x11FF, 0x3040...0x30FF, 0x4E00...0x4FFF, 0xAC00...0xACFF, 0xFE00...0xFE0F, 0xFF00...0xFF60,
            0x1F1E6...0x1F1FF, 0x1F300...0x1F64F, 0x1F3FB...0x1F3FF, 0x0900...0x097F, 0x0600...0x06FF, 0xE0020...0xE007F,
        ]
        var text = String.UnicodeScalarView()
        for _ in 0..<length {
            let pool = pools[Int(generator.next() % UInt64(pools.count))]
            let value = pool.lowerBound + UInt32(generator.next() % UInt64(pool.count))
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
            if generator.next() % 7 == 0 { text.append("\u{200D}") }
        }
        return String(text)
    }

    @Test func randomTextKeepsTheGridConsistent() {
        var generator = Generator(state: 20_261_121)
        for round in 0..<300 {
            let text = Self.randomText(&generator, length: Int(generator.next() % 80))
            let columns = Int(generator.next() % 40)
            var grid = CellGrid(rows: 2, columns: columns)
            let start = Int(generator.next() % 5)
            grid.put(text, row: 0, column: start)
            grid.put(DisplayWidth.truncate(text, toWidth: columns), row: 1, column: 0)
            for row in 0..<grid.rows {
                var column = 0
                while column < columns {
                    let cell = grid[row, column]
                    #expect(!cell.isContinuation, "round \(round): stray continuation at \(row),\(column)")
                    #expect(!cell.grapheme.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
                    let width = max(1, Int(cell.width))
                    for extra in 1..<width where column + extra < columns {
                        #expect(grid[row, column + extra].isContinuation)
                    }
                    #expect(column + width <= columns, "round \(round): cell overflows the row")
                    column += width
                }
            }
            #expect(DisplayWidth.of(DisplayWidth.truncate(text, toWidth: columns)) <= columns)
            for line in DisplayWidth.wrap(text, width: max(1, columns)) {
                #expect(DisplayWidth.of(line) <= max(columns, TerminalGrapheme.maximumWidth))
            }
        }
    }
}
