import Configuration

/// The actions of every screen, carried out by the reader rather than the screen on top:
/// newsboat's dialogs are Tidings' screens, one over the other — `view-dialogs` lists them,
/// `close-dialog` closes the one on top (never the feed list), `prev-dialog` goes to the one below
/// and keeps the one it leaves for `next-dialog`, which brings it back; `redraw` repaints;
/// `save-all` saves the articles of any list; `undo` takes back the last change to articles.
extension ReaderState {
    /// Whether `command` is one of these and can be carried out on the screen on top (`save-all`
    /// needs a list of articles).
    func isScreenCommand(_ command: KeyCommand) -> Bool {
        switch command {
        case .redraw, .viewDialogs, .closeDialog, .previousDialog, .nextDialog, .undo, .switchFocus, .searchEverywhere: true
        case .saveAll: top is any SavableArticleList
        default: false
        }
    }

    /// What `command` does when it is one of these, on whatever screen; nil for other commands.
    mutating func performScreenCommand(_ command: KeyCommand, _ environment: ReaderEnvironment) -> [ReaderEffect]? {
        switch command {
        case .redraw:
            return [.terminal(.repaint)]
        case .undo:
            return undoLastChange()
        case .switchFocus:
            return switchFocus(environment)
        case .searchEverywhere:
            ask(.search())
        case .saveAll:
            // Any list of articles: the command is the reader's, the articles the list's.
            guard let list = top as? any SavableArticleList else { return nil }
            askWhereToSaveAll(list.everyArticle, environment)
        case .viewDialogs:
            let titles = screens.map { $0.title(context).left }
            return push(DialogListScreen(id: newScreenID(), titles: titles))
        case .closeDialog:
            guard screens.count > 1 else {
                message = "The feed list is not closed: q quits"
                return []
            }
            navigation.pop()
        case .previousDialog:
            guard screens.count > 1, let left = navigation.pop() else {
                message = "No screen below this one"
                return []
            }
            navigation.later.append((left, top.id))
        case .nextDialog:
            guard let later = navigation.later.last, later.below == top.id else {
                // Another screen was opened or closed since: the kept ones no longer follow.
                navigation.later = []
                message = "No screen to go on to: prev-dialog leaves one"
                return []
            }
            navigation.later.removeLast()
            return push(later.screen) + refreshScreens()
        default:
            return nil
        }
        return []
    }
}
