import Configuration
import TerminalUI

/// newsboat's dialog list (`view-dialogs`): the screens open, one over the other, the feed list
/// first, each with its title; Enter goes back to the selected one, closing those over it.
@MainActor
final class DialogListScreen: ReaderScreen {
    /// The screens' titles, from the root to the one under this list.
    let entries: [String]
    private(set) var state = ListState()
    private var preferences: ReaderPreferences
    private var parkRow = 0

    init(titles: [String], preferences: ReaderPreferences) {
        entries = titles.enumerated().map { "\($0.offset + 1)  \($0.element)" }
        self.preferences = preferences
        // The screen the list was opened from, as newsboat selects the current dialog.
        state.select(max(0, titles.count - 1), count: titles.count)
    }

    var keyContext: KeyMap.Context { .dialogs }

    var title: String { preferences.formattedTitle(.dialogsTitle, [:])?.left ?? "Screens open" }

    var titleFill: Character? { preferences.formattedTitle(.dialogsTitle, [:])?.fill }

    var titleDetail: String { preferences.formattedTitle(.dialogsTitle, [:])?.right ?? "\(entries.count)" }

    func takePreferences(_ preferences: ReaderPreferences) {
        self.preferences = preferences
    }

    func render(into grid: inout CellGrid, in area: Rect) {
        ListView(source: ArrayDataSource(entries), renderer: PlainRowRenderer(), emptyText: "")
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<ArrayDataSource<String>, PlainRowRenderer>.selectedRow(in: area, state: state)
    }

    var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    func handle(_ key: Key) -> ReaderIntent? {
        guard let command = preferences.keyMap.command(for: key, in: .dialogs) else { return nil }
        if ListCommand.apply(command, to: &state, count: entries.count) { return nil }
        switch command {
        case .open: return .goToScreen(depth: state.selection)
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .help: return .showHelp
        default: return nil
        }
    }
}
