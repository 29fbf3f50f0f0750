import TerminalUI

/// The key-hint bar's content (`show-keymap-hint`): newsboat's short list of the main actions of
/// each screen, each with the key that does it in the bindings in force.
extension KeyMap {
    /// One entry of the bar: `q:Quit`.
    public struct Hint: Hashable, Sendable {
        public var key: String
        public var description: String
    }

    /// The hints of `context`, in newsboat's order and words. An action shows newsboat's key for
    /// it while that key still does it (`q`, not `Left`, goes back), else the first key bound to
    /// it; an action left without a key is left out, as a hint without a key tells nothing
    /// (newsboat writes `<none>`).
    public func hints(for context: Context) -> [Hint] {
        let bindings = bindings(for: context)
        return Self.hintedActions(for: context).compactMap { hinted in
            guard let keys = bindings.first(where: { $0.command == hinted.command })?.keys, let first = keys.first else { return nil }
            let key = keys.contains(hinted.newsboatKey) ? hinted.newsboatKey : first
            return Hint(key: key.description, description: hinted.description)
        }
    }

    /// An action the bar names, with newsboat's key for it.
    private struct HintedAction {
        var command: KeyCommand
        var newsboatKey: Key
        var description: String

        init(_ command: KeyCommand, _ newsboatKey: Key, _ description: String) {
            self.command = command
            self.newsboatKey = newsboatKey
            self.description = description
        }
    }

    /// newsboat's choice of actions per screen (its hint lists); its `quit` leaving a screen
    /// other than the feed list is Tidings' `back` (as `bind-key … quit` binds there).
    private static func hintedActions(for context: Context) -> [HintedAction] {
        let quit = HintedAction(.back, .character("q"), "Quit")
        let open = HintedAction(.open, .enter, "Open")
        let save = HintedAction(.save, .character("s"), "Save")
        let reload = HintedAction(.reload, .character("r"), "Reload")
        let nextUnread = HintedAction(.nextUnread, .character("n"), "Next Unread")
        let search = HintedAction(.search, .character("/"), "Search")
        let enqueue = HintedAction(.enqueue, .character("e"), "Enqueue")
        let openInBrowser = HintedAction(.openInBrowser, .character("o"), "Open in Browser")
        let help = HintedAction(.help, .character("?"), "Help")
        switch context {
        case .feedList:
            return [HintedAction(.quit, .character("q"), "Quit"), open, nextUnread, reload,
                    HintedAction(.reloadAll, .character("R"), "Reload All"), HintedAction(.markFeedRead, .character("A"), "Mark Read"),
                    HintedAction(.markAllFeedsRead, .character("C"), "Mark All Read"), search, help]
        case .itemList:
            return [quit, open, save, reload, nextUnread, HintedAction(.markFeedRead, .character("A"), "Mark All Read"), search, help]
        case .searchResults:
            return [quit, open, save, nextUnread, search, help]
        case .article:
            return [quit, save, nextUnread, openInBrowser, enqueue, help]
        case .tagList:
            return [HintedAction(.back, .character("q"), "Cancel"), HintedAction(.open, .enter, "Select Tag")]
        case .urlView:
            return [quit, HintedAction(.open, .enter, "Open in Browser"), enqueue, help]
        case .help:
            return [quit]
        case .dialogs:
            return [HintedAction(.back, .character("q"), "Close"), HintedAction(.open, .enter, "Goto Dialog"),
                    HintedAction(.closeDialog, .control("x"), "Close Dialog")]
        }
    }
}
