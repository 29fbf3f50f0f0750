import Configuration
import TerminalUI

/// The key-hint line (`show-keymap-hint`) as newsboat draws it: `q:Quit ENTER:Open …`, the key,
/// the `:` between it and its description, the description and the space after each entry in
/// their own colours (`hint-key`, `hint-keys-delimiter`, `hint-description`, `hint-separator`).
/// A colour element left unset keeps the status bar's colours (newsboat's `info`), as its
/// colours are drawn over that bar's.
struct KeyHintBar {
    var keyMap: KeyMap
    var theme: Theme

    func text(for context: KeyMap.Context) -> StyledText {
        let base = theme.statusBar
        let entries = keyMap.hints(for: context).map { hint in
            StyledText(hint.key, style: base.overlaid(with: theme.hintKey))
                + StyledText(":", style: base.overlaid(with: theme.hintKeysDelimiter))
                + StyledText(hint.description, style: base.overlaid(with: theme.hintDescription))
        }
        let separator = StyledText(" ", style: base.overlaid(with: theme.hintSeparator))
        return entries.reduce(StyledText()) { line, entry in line.runs.isEmpty ? entry : line + separator + entry }
    }
}
