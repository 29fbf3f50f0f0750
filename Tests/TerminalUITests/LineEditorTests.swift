import Testing
@testable import TerminalUI

@Suite struct LineEditorTests {
    private func type(_ text: String, into editor: inout LineEditor) {
        for character in text { _ = editor.handle(.character(character)) }
    }

    @Test func typingJapaneseAndEditing() {
        var editor = LineEditor(prompt: "Search: ")
        type("日本語abc", into: &editor)
        #expect(editor.text == "日本語abc")
        _ = editor.handle(.left)
        _ = editor.handle(.left)
        _ = editor.handle(.left)
        _ = editor.handle(.backspace)
        #expect(editor.text == "日本abc")
        _ = editor.handle(.home)
        type("「", into: &editor)
        #expect(editor.text == "「日本abc")
        _ = editor.handle(.control("k"))
        #expect(editor.text == "「")
        #expect(editor.handle(.enter) == .submitted("「"))
        #expect(editor.handle(.escape) == .cancelled)
    }

    @Test func combiningMarkJoinsThePreviousCharacter() {
        var editor = LineEditor(prompt: "> ")
        type("e\u{301}", into: &editor)
        #expect(editor.characters.count == 1)
        _ = editor.handle(.backspace)
        #expect(editor.text.isEmpty)
    }

    @Test func deleteWordAndLine() {
        var editor = LineEditor(prompt: "> ", text: "one two three")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "one two ")
        _ = editor.handle(.control("u"))
        #expect(editor.text.isEmpty)
    }

    @Test func rendersWithCursorAndScrollsSideways() {
        var editor = LineEditor(prompt: "Find: ", text: "日本語のテキスト")
        var grid = CellGrid(rows: 1, columns: 14)
        let cursor = editor.render(into: &grid, in: grid.bounds)
        // 6 columns of prompt, 7 columns of room: the end of the text and the cursor after it.
        #expect(grid.lines == ["Find: キスト"])
        #expect(cursor == Position(row: 0, column: 12))
        _ = editor.handle(.home)
        let home = editor.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == ["Find: 日本語"])
        #expect(home == Position(row: 0, column: 6))
    }

    /// Text scrolled out of a narrow prompt comes back when the window grows (issue 34 §17).
    @Test func textScrolledOutComesBackAfterAResize() {
        var editor = LineEditor(prompt: "URL: ", text: "https://example.org/feed.xml")
        var narrow = CellGrid(rows: 1, columns: 16)
        editor.render(into: &narrow, in: narrow.bounds)
        #expect(narrow.lines == ["URL: g/feed.xml"])
        var wide = CellGrid(rows: 1, columns: 60)
        let cursor = editor.render(into: &wide, in: wide.bounds)
        #expect(wide.lines == ["URL: https://example.org/feed.xml"])
        #expect(cursor == Position(row: 0, column: 33))
    }

    /// Tab with several completions left shows them after the text until the next key (issue 34 §17).
    @Test func tabShowsTheCandidatesWhenThereAreSeveral() {
        var editor = LineEditor(prompt: ":", text: "set show-")
        editor.completions = ["show-read-feeds", "show-read-articles", "show-keymap-hint", "reload"]
        _ = editor.handle(.tab)
        #expect(editor.text == "set show-")
        #expect(editor.candidates == ["show-read-feeds", "show-read-articles", "show-keymap-hint"])
        var grid = CellGrid(rows: 1, columns: 80)
        editor.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [":set show-  show-read-feeds show-read-articles show-keymap-hint"])
        _ = editor.handle(.character("r"))
        _ = editor.handle(.tab)
        #expect(editor.text == "set show-read-")
        #expect(editor.candidates == ["show-read-feeds", "show-read-articles"])
        _ = editor.handle(.character("f"))
        #expect(editor.candidates.isEmpty)
        editor.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [":set show-read-f"])
    }
}
