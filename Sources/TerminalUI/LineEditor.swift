/// A one-line text prompt ("Search: ", "Add feed URL: "), drawn in the status row.
///
/// Edits by grapheme cluster, so a Japanese character or an emoji is one step of the cursor and
/// one Backspace whatever its width. Keys: Left/Right, Home/End (Ctrl-A/Ctrl-E), Backspace,
/// Delete, Ctrl-U (delete to the start), Ctrl-K (delete to the end), Ctrl-W (delete a word),
/// Enter submits, Esc (or Ctrl-C, Ctrl-G) cancels. Long text scrolls sideways to keep the cursor
/// in view, and back into view when the prompt grows wider again (a resize). With a `history`, Up
/// and Down step through the lines submitted before; with `completions`, Tab completes the word
/// before the cursor, and when several words still fit it, shows them after the text until the
/// next key.
public struct LineEditor: Hashable, Sendable {
    /// What a key did to the prompt.
    public enum Outcome: Hashable, Sendable {
        case editing
        case submitted(String)
        case cancelled
    }

    public var prompt: String
    public private(set) var characters: [Character]
    /// Cursor position, in characters from the start.
    public private(set) var cursor: Int
    /// First character shown (sideways scroll).
    private var firstVisible = 0
    /// Lines submitted before, oldest first.
    public var history: [String] = []
    /// Where Up/Down are in `history`; `history.count` is the line being typed.
    private var historyIndex: Int?
    /// The line being typed while Up/Down show older ones.
    private var typedLine = ""
    /// Words Tab completes to (commands, option names); empty: Tab types a space.
    public var completions: [String] = []
    /// What the first word of the line completes to, when it differs from the others (a command
    /// before its options: `se` is `set`, not `search-highlight-colors`); nil: `completions`.
    public var firstWordCompletions: [String]?
    /// The completions Tab found for the word before the cursor when it could not choose one:
    /// shown after the text until the next key.
    public private(set) var candidates: [String] = []

    public init(prompt: String, text: String = "") {
        self.prompt = prompt
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    public mutating func handle(_ key: Key) -> Outcome {
        candidates = []
        switch key {
        case .enter: return .submitted(text)
        case .escape, .control("c"), .control("g"): return .cancelled
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0 && characters[start - 1] == " " { start -= 1 }
            while start > 0 && characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .character(let character):
            insert(character)
        case .tab:
            if completions.isEmpty { insert(" ") } else { complete() }
        case .up where !history.isEmpty:
            showHistory(at: (historyIndex ?? history.count) - 1)
        case .down where historyIndex != nil:
            showHistory(at: historyIndex! + 1)
        default:
            break
        }
        return .editing
    }

    private mutating func showHistory(at index: Int) {
        guard index >= 0 else { return }
        if historyIndex == nil { typedLine = text }
        let line = index < history.count ? history[index] : typedLine
        historyIndex = index < history.count ? index : nil
        characters = Array(line)
        cursor = characters.count
    }

    /// Completes the word before the cursor to the longest start it shares with every completion
    /// it begins, and adds a space when only one is left.
    private mutating func complete() {
        var start = cursor
        while start > 0 && characters[start - 1] != " " { start -= 1 }
        let word = String(characters[start..<cursor])
        let isFirstWord = !characters[..<start].contains { $0 != " " }
        let matches = ((isFirstWord ? firstWordCompletions : nil) ?? completions).filter { $0.hasPrefix(word) }
        guard var common = matches.first else { return }
        for match in matches.dropFirst() {
            while !match.hasPrefix(common) { common.removeLast() }
        }
        let completed = matches.count == 1 ? common + " " : common
        characters.replaceSubrange(start..<cursor, with: Array(completed))
        cursor = start + completed.count
        if matches.count > 1 { candidates = matches }
    }

    private mutating func insert(_ character: Character) {
        // A combining mark typed on its own joins the character before the cursor.
        if cursor > 0, DisplayWidth.of(character) == 0 || character.unicodeScalars.allSatisfy({ DisplayWidth.scalarWidth($0.value) == 0 }) {
            let merged = String(characters[cursor - 1]) + String(character)
            if merged.count == 1 {
                characters[cursor - 1] = Character(merged)
                return
            }
        }
        characters.insert(character, at: cursor)
        cursor += 1
    }

    /// Draws the prompt and text into the first row of `area`, scrolled so the cursor shows, and
    /// returns where the terminal cursor belongs.
    @discardableResult
    public mutating func render(into grid: inout CellGrid, in area: Rect) -> Position? {
        layout(in: area)
        return draw(into: &grid, in: area)
    }

    /// Scrolls the text so that the cursor shows in the first row of `area`.
    public mutating func layout(in area: Rect) {
        let room = self.room(in: area.topRows(1))
        guard room > 0 else { return }
        firstVisible = min(firstVisible, cursor)
        while width(of: firstVisible..<cursor) > room { firstVisible += 1 }
        // Text scrolled out on the left comes back while there is room for it (after a resize).
        while firstVisible > 0, width(of: (firstVisible - 1)..<characters.count) < room { firstVisible -= 1 }
    }

    /// Draws the prompt and text as laid out (see ``layout(in:)``); returns where the terminal
    /// cursor belongs.
    @discardableResult
    public func draw(into grid: inout CellGrid, in area: Rect) -> Position? {
        let row = area.topRows(1)
        guard !row.isEmpty else { return nil }
        grid.fill(row)
        let promptEnd = grid.put(promptShown(in: row), row: row.row, column: row.column, style: .bold, limit: row.right)
        let room = self.room(in: row)
        guard room > 0 else { return Position(row: row.row, column: min(promptEnd, row.right - 1)) }
        let first = min(firstVisible, cursor)
        var column = promptEnd
        for index in first..<characters.count {
            let characterWidth = DisplayWidth.of(characters[index])
            if column + characterWidth > promptEnd + room { break }
            column = grid.put(String(characters[index]), row: row.row, column: column, limit: row.right)
        }
        if !candidates.isEmpty, column + 3 < row.right {
            let list = DisplayWidth.truncate(candidates.joined(separator: " "), toWidth: row.right - column - 3)
            grid.put("  " + list, row: row.row, column: column, style: .dim, limit: row.right)
        }
        return Position(row: row.row, column: min(row.right - 1, promptEnd + width(of: first..<cursor)))
    }

    /// The prompt as it fits in `row`, leaving room for a character or two.
    private func promptShown(in row: Rect) -> String {
        DisplayWidth.truncate(prompt, toWidth: max(0, row.width - 2))
    }

    /// The columns of `row` left for the text after the prompt.
    private func room(in row: Rect) -> Int {
        row.width - DisplayWidth.of(promptShown(in: row)) - 1
    }

    private func width(of range: Range<Int>) -> Int {
        characters[range].reduce(0) { $0 + DisplayWidth.of($1) }
    }
}
