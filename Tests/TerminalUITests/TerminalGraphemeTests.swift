import Testing
@testable import TerminalUI

@Suite struct TerminalGraphemeTests {
    @Test func controlCharactersBecomeVisiblePlaceholders() {
        var grid = CellGrid(rows: 1, columns: 20)
        grid.put("a\u{1B}[31mb\u{07}\u{7F}\u{9B}c", row: 0, column: 0)
        #expect(grid.lines == ["a␛[31mb␇␡�c"])
    }

    @Test func bidiControlsAndInvisibleFormatCharactersAreDropped() {
        var grid = CellGrid(rows: 1, columns: 20)
        grid.put("abc\u{202E}def\u{2066}g\u{2069}\u{200B}h\u{FEFF}\u{AD}i", row: 0, column: 0)
        #expect(grid.lines == ["abcdefghi"])
    }

    @Test func lineBreaksBecomeSpacesAndTabsExpand() {
        var grid = CellGrid(rows: 1, columns: 20)
        grid.put("a\nb\r\nc\td", row: 0, column: 0)
        #expect(grid.lines == ["a b c   d"])
    }

    @Test func aMarkWithoutBaseGetsADottedCircle() {
        var grid = CellGrid(rows: 1, columns: 5)
        grid.put("\u{1B}\u{301}x", row: 0, column: 0)
        #expect(grid.lines == ["␛◌\u{301}x"])
    }

    /// Whatever a feed contains, no cell may hold a byte that starts a terminal control sequence.
    @Test func noControlScalarEverReachesACell() {
        var nasty = ""
        for value in UInt32(0)...0x2FF { nasty.unicodeScalars.append(Unicode.Scalar(value)!) }
        nasty += "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{061C}"
        var grid = CellGrid(rows: 1, columns: 2000)
        grid.put(nasty, row: 0, column: 0)
        let forbidden: (Unicode.Scalar) -> Bool = {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value) || [0x200E, 0x200F, 0x061C].contains($0.value)
        }
        for cell in grid.cells {
            #expect(!cell.grapheme.unicodeScalars.contains(where: forbidden))
        }
        #expect(grid.rowText(0).contains("␛"))
    }

    @Test func emojiFormsAreNormalised() {
        // The emoji selector and keycaps reach the terminal as written (issue 34 §13), as wide
        // as tmux draws them.
        #expect(TerminalGrapheme.form(of: "❤️") == .text("❤️", width: 1))
        #expect(TerminalGrapheme.form(of: "☀️") == .text("☀️", width: 1))
        #expect(TerminalGrapheme.form(of: "1️⃣") == .text("1️⃣", width: 1))
        #expect(TerminalGrapheme.form(of: "🏳️‍🌈") == .text("🏳️‍🌈", width: 1))
        // Skin tones and ZWJ sequences stay whole (issue 17), as wide as tmux draws them.
        #expect(TerminalGrapheme.form(of: "👍🏽") == .text("👍🏽", width: 4))
        #expect(TerminalGrapheme.form(of: "👩🏽‍💻") == .text("👩🏽‍💻", width: 4))
        #expect(TerminalGrapheme.form(of: "\u{200B}") == .dropped)
        #expect(TerminalGrapheme.form(of: "\t") == .tab)
    }
}

@Suite struct PathologicalGraphemeTests {
    /// Unicode keeps any number of Hangul leading jamo in one cluster; its width must stay small
    /// and the grid must not trap.
    @Test func hugeClustersAreCut() {
        let flood = String(repeating: "\u{1100}", count: 1_000)
        #expect(flood.count == 1)
        #expect(DisplayWidth.of(flood) == TerminalGrapheme.maximumWidth)
        var grid = CellGrid(rows: 1, columns: 20)
        let end = grid.put(flood + "x", row: 0, column: 0)
        #expect(end == TerminalGrapheme.maximumWidth + 1)
        #expect(grid.lines == [String(repeating: "\u{1100}", count: 4) + "x"])
    }

    @Test func combiningFloodsStayOneColumn() {
        let flood = "e" + String(repeating: "\u{301}", count: 10_000)
        var grid = CellGrid(rows: 1, columns: 3)
        #expect(grid.put(flood + "z", row: 0, column: 0) == 2)
        #expect(grid[0, 1].grapheme == "z")
    }

    /// A ZWJ sequence longer than an ncurses cell holds (`CCHARW_MAX`, 5 characters) is drawn as
    /// its emoji side by side, never as a cut-off fragment with a stray joiner (issue 34 §13).
    @Test(arguments: [
        ("👨‍👩‍👧‍👦", "👨👩👧👦", 8),
        ("🧑🏻‍🤝‍🧑🏿", "🧑🏻🤝", 6),
        ("👩🏽‍❤️‍💋‍👨🏿", "👩🏽❤️💋", 7),
    ])
    func longJoinedSequencesHaveAStandIn(sequence: String, standIn: String, width: Int) {
        #expect(TerminalGrapheme.form(of: Character(sequence)) == .text(standIn, width: width))
    }

    /// Every ncurses cell a grapheme is drawn in holds at most CCHARW_MAX characters, and none
    /// ends in a joiner.
    @Test(arguments: ["👨‍👩‍👧‍👦", "🧑🏻‍🤝‍🧑🏿", "👩🏽‍💻", "🏳️‍🌈", "❤️", "1️⃣", "👩🏽‍❤️‍💋‍👨🏿"])
    @MainActor func everyCursesCellIsWhole(sample: String) throws {
        guard case .text(let drawn, _) = TerminalGrapheme.form(of: Character(sample)) else {
            Issue.record("\(sample) was dropped")
            return
        }
        let groups = CursesTerminal.cursesGroups(of: drawn)
        #expect(groups.map(\.scalars).joined().map { $0 } == drawn.unicodeScalars.map(\.value), "no character is lost")
        for group in groups {
            #expect(group.scalars.count <= TerminalGrapheme.cellCharacters)
            #expect(group.scalars.last != 0x200D)
        }
    }
}
