import Configuration
import TerminalUI

/// The mouse (`mouse yes`): a click selects the row under it, a click on the selected row opens
/// it (as Enter), the wheel scrolls the screen under the pointer, and in a split layout a click
/// or a turn of the wheel in another pane moves the focus there first — as Back (to the list) or
/// Enter (into the article beside it) would. Everything goes through the same commands as the
/// keys, so a mouse does nothing a key could not.
extension ReaderState {
    /// Rows the wheel moves at each turn, as most terminal programs scroll.
    static let wheelRows = 3

    mutating func handleMouse(_ event: MouseEvent, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        // A question, a prompt or a macro waits for keys: the mouse does not answer it.
        guard settings.config[\.mouse], prompt == nil, confirmation == nil, !awaitsMacroKey else { return [] }
        let layout = paneLayout(in: areas.body)
        guard let pane = layout.panes.first(where: { $0.area.contains(row: event.row, column: event.column) }) else { return [] }
        switch event.action {
        case .wheelUp, .wheelDown:
            var effects = focus(pane, environment)
            guard isFocused(pane) else { return effects }
            let command: KeyCommand = event.action == .wheelUp ? .up : .down
            for _ in 0..<Self.wheelRows { effects += perform(command: command, environment) }
            return effects
        case .press(.left):
            let wasFocused = isFocused(pane)
            var effects = focus(pane, environment)
            guard isFocused(pane), let rows = top as? any RowsScreen,
                  let index = rows.row(atLine: event.row - pane.area.row, context) else { return effects }
            if wasFocused && index == rows.selectedRow {
                return effects + perform(command: .open, environment)
            }
            navigation.modifyTop { screen in
                guard var list = screen as? any RowsScreen else { return }
                _ = list.selectRow(index)
                screen = list
            }
            message = nil
            return effects
        case .press, .release, .drag:
            return []
        }
    }

    /// Whether `pane` shows the screen on top, the one the keys go to.
    private func isFocused(_ pane: Pane) -> Bool {
        pane.content == .stack(screens.count - 1)
    }

    /// Moves the focus to `pane`: a screen under the top one by going back to it, the preview
    /// beside a list by opening it as Enter does.
    private mutating func focus(_ pane: Pane, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        switch pane.content {
        case .stack(let index):
            var effects: [ReaderEffect] = []
            while screens.count - 1 > index, !isQuitting {
                let before = screens.count
                effects += perform(command: .back, environment)
                if screens.count == before { break }
            }
            return effects
        case .besideArticle, .besideList:
            return perform(command: .open, environment)
        }
    }
}
