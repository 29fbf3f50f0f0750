import Configuration
import TerminalUI

/// newsboat's dialogs are Tidings' screens, one over the other: `view-dialogs` lists them,
/// `close-dialog` closes the one on top (never the feed list), `prev-dialog` goes to the one below
/// and keeps the one it leaves for `next-dialog`, which brings it back. `redraw` repaints.
extension ReaderApp {
    /// What `command` does when it is one of these (or `save-all`, on any list of articles), on
    /// whatever screen; nil for other commands.
    func performScreenCommand(_ command: KeyCommand) -> [ReaderEffect]? {
        switch command {
        case .redraw:
            return [.repaint]
        case .saveAll:
            // Any list of articles: the command is the reader's, the articles the list's.
            guard let list = top as? any SavableArticleList else { return nil }
            askWhereToSaveAll(list.everyArticle)
        case .viewDialogs:
            let titles = screens.map { $0.title }
            navigation.push(DialogListScreen(titles: titles, preferences: settings.preferences))
        case .closeDialog:
            guard screens.count > 1 else {
                transientMessage = "The feed list is not closed: q quits"
                return []
            }
            navigation.pop()
        case .previousDialog:
            guard screens.count > 1, let left = navigation.pop(), let below = top else {
                transientMessage = "No screen below this one"
                return []
            }
            laterScreens.append(LaterScreen(screen: left, below: ObjectIdentifier(below)))
        case .nextDialog:
            guard let later = laterScreens.last, let top, later.below == ObjectIdentifier(top) else {
                // Another screen was opened or closed since: the kept ones no longer follow.
                laterScreens = []
                transientMessage = "No screen to go on to: prev-dialog leaves one"
                return []
            }
            laterScreens.removeLast()
            (later.screen as? any ReaderScreen)?.takePreferences(settings.preferences)
            navigation.push(later.screen)
            refreshScreens()
        default:
            return nil
        }
        return []
    }

    /// Enter in the list of screens: back to the screen at `depth` (0: the feed list).
    func goToScreen(depth: Int) {
        navigation.pop()
        while screens.count > depth + 1, navigation.pop() != nil {}
    }
}

/// A screen `prev-dialog` left, and the screen it was over (where `next-dialog` brings it back).
struct LaterScreen {
    var screen: any Screen<ReaderIntent>
    var below: ObjectIdentifier
}
