import Configuration
import Foundation

/// newsboat's `bookmark`: the article's (or the URL view's) link handed to `bookmark-cmd` with its
/// title, a description and the feed's title — after four questions, or none with
/// `bookmark-autopilot`. The program is run without a shell by the `EffectRunner`.
extension ReaderApp {
    /// Starts bookmarking `draft`: asks for its URL, title, description and feed title, each
    /// prefilled, or, on autopilot, saves it at once when the URL and titles are known.
    func bookmark(_ draft: Bookmark) -> [ReaderEffect] {
        let options = settings.bookmarks
        guard options.command != nil else {
            transientMessage = "Bookmarking is not set up: set bookmark-cmd in the config file"
            return []
        }
        var draft = draft
        if draft.title.isEmpty { draft.title = Bookmark.title(fromURL: draft.url) }
        if draft.feedTitle.isEmpty, let article = screens.last(where: { $0 is ArticleScreen }) as? ArticleScreen {
            // The URL view knows only the link: its article is the one under it.
            draft.feedTitle = article.item.feedName.text
        }
        if options.autopilot, !draft.url.isEmpty, !draft.title.isEmpty, !draft.feedTitle.isEmpty {
            return save(draft)
        }
        ask(.bookmark(draft, .url), text: draft.url)
        return []
    }

    /// Takes the answer to one of the bookmark's questions, then asks the next, or saves it.
    func answerBookmark(_ draft: Bookmark, _ field: Bookmark.Field, with text: String) -> [ReaderEffect] {
        var draft = draft
        draft[field] = text
        if let next = field.next {
            ask(.bookmark(draft, next), text: draft[next])
            return []
        }
        return save(draft)
    }

    private func save(_ bookmark: Bookmark) -> [ReaderEffect] {
        guard let command = settings.bookmarks.command else { return [] }
        guard !bookmark.url.isEmpty else {
            transientMessage = "Not bookmarked: the URL is empty"
            return []
        }
        logger.info("bookmarking with \(command[0])")
        transientMessage = "Saving bookmark…"
        return [.bookmark(arguments: bookmark.arguments(command: command), interactive: settings.bookmarks.interactive)]
    }
}
