import FeedStore
import TerminalUI

/// Search from any screen: `/` asks for a query in the status row, Enter shows the results.
extension ReaderApp {
    /// The prompt shown in the status row while a search is typed.
    static let searchPrompt = "Search: "

    /// Asks for a query, prefilled with `text`, and runs it when the user presses Enter.
    func openSearch(text: String) {
        ask(Self.searchPrompt, text: text) { typed in
            self.runSearch(typed)
        }
    }

    /// Shows the results of `text` in a new results screen; a search typed on a results
    /// screen replaces it, so Back returns to where the first search was started. A query
    /// that cannot mean anything (only spaces, only `-word`s) leaves the screens as they are
    /// and says why in the status bar.
    func runSearch(_ text: String) {
        let query: SearchQuery
        do {
            query = try SearchQuery(text)
        } catch {
            transientMessage = error.description
            return
        }
        let screen = SearchResultsScreen(query: query, store: store, preferences: settings.preferences)
        screen.onUpdate = { [weak self, weak screen] in
            // A page for a screen that is no longer shown needs no redraw.
            guard let self, let screen, self.navigation.top === screen else { return }
            self.redraw()
        }
        if navigation.top is SearchResultsScreen {
            navigation.replaceTop(with: screen)
        } else {
            navigation.push(screen)
        }
    }
}
