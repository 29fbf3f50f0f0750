import FeedStore
import TerminalUI

/// A list's quick filter (`F`): narrows the rows to titles containing what is typed, ignoring
/// case, diacritics and width (`cafe` finds "Café"; Japanese works as typed), updated at every
/// keystroke.
///
/// While it is being typed, the screen draws ``render(into:in:)`` on its last line and passes
/// it the keys; Up/Down/PgUp/PgDn still move in the list. Enter keeps the filter (the title bar
/// says so, see ``detail``), Esc clears it. A kept filter is cleared by Esc too, or changed by
/// pressing `F` again.
struct QuickFilter: Sendable {
    /// What a key did to the filter.
    enum Change: Equatable, Sendable {
        /// Nothing the list needs to know about (the cursor moved).
        case none
        /// The text changed: filter the rows again.
        case text
        /// Enter: the filter stays as it is, the typing is over.
        case kept
        /// Esc: the filter is gone.
        case cleared
    }

    private(set) var editor: LineEditor?
    /// The filter in force: what is being typed, or what was kept.
    private(set) var text = ""

    /// True while the filter is being typed.
    var isEditing: Bool { editor != nil }
    /// True when rows are being narrowed (or the filter is being typed).
    var isActive: Bool { isEditing || !text.isEmpty }

    /// Starts typing, from the filter in force.
    mutating func begin() {
        editor = LineEditor(prompt: "Filter: ", text: text)
    }

    /// Passes a key to the filter being typed.
    mutating func handle(_ key: Key) -> Change {
        guard var editor else { return .none }
        switch editor.handle(key) {
        case .editing:
            self.editor = editor
            guard editor.text != text else { return .none }
            text = editor.text
            return .text
        case .submitted(let final):
            self.editor = nil
            text = final
            return text.isEmpty ? .cleared : .kept
        case .cancelled:
            clear()
            return .cleared
        }
    }

    /// Removes the filter (and stops typing).
    mutating func clear() {
        editor = nil
        text = ""
    }

    /// Whether `title` passes the filter.
    func matches(_ title: String) -> Bool {
        guard !text.isEmpty else { return true }
        return ListText.folded(title).contains(ListText.folded(text))
    }

    /// The rows of `rows` whose `title` passes.
    func filter<Row>(_ rows: [Row], title: (Row) -> String) -> [Row] {
        guard !text.isEmpty else { return rows }
        let needle = ListText.folded(text)
        return rows.filter { ListText.folded(title($0)).contains(needle) }
    }

    /// For the title bar: `filter: abc (3 of 120)`; empty when no filter is in force.
    func detail(matching: Int, of total: Int) -> String {
        guard isActive else { return "" }
        return "filter: \(text) (\(matching) of \(total))"
    }

    /// Scrolls the text typed so that the cursor shows in the first row of `area`.
    mutating func layout(in area: Rect) {
        editor?.layout(in: area)
    }

    /// Draws `Filter: abc` into the first row of `area` while typing, the cursor shown in
    /// reverse video (the terminal's own cursor stays hidden).
    func render(into grid: inout CellGrid, in area: Rect) {
        guard let editor else { return }
        let cursor = editor.draw(into: &grid, in: area)
        if let cursor, cursor.row < grid.rows, cursor.column < grid.columns {
            grid.restyle(Rect(row: cursor.row, column: cursor.column, height: 1, width: 1)) { $0.attributes.formUnion(.reverse) }
        }
    }
}
