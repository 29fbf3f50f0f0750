import Configuration
import TerminalUI

/// newsboat's dialog list (`view-dialogs`): the screens open, one over the other, the feed list
/// first, each with its title; Enter goes back to the selected one, closing those over it.
struct DialogListScreen: ReaderScreen {
    let id: ScreenID
    /// The screens' titles, from the root to the one under this list.
    let entries: [String]
    private(set) var state = ListState()

    init(id: ScreenID, titles: [String]) {
        self.id = id
        entries = titles.enumerated().map { "\($0.offset + 1)  \($0.element)" }
        // The screen the list was opened from, as newsboat selects the current dialog.
        state.select(max(0, titles.count - 1), count: titles.count)
    }

    var keyContext: KeyMap.Context { .dialogs }

    func title(_ context: ScreenContext) -> ScreenTitle {
        if let formatted = context.formattedTitle(.dialogsTitle, [:]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        return ScreenTitle(left: "Screens open", right: "\(entries.count)")
    }

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        ListCommand.follow(context.config, in: &state)
        state.layout(count: entries.count, visibleRows: area.height)
        return []
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        let row = ListView(source: ArrayDataSource(entries), renderer: PlainRowRenderer(), emptyText: "").draw(into: &grid, in: area, state: state)
        return Position(row: row, column: 0)
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        if ListCommand.apply(command, to: &state, count: entries.count) { return .none }
        switch command {
        case .open: return .intent(.goToScreen(depth: state.selection))
        case .back: return .intent(.back)
        case .quit, .quitAll: return .intent(.quit)
        case .help: return .intent(.showHelp)
        default: return .none
        }
    }
}
