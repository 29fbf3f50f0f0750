import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TerminalUI

/// Opening articles: Enter, `n` and `p` (once the article is read from the store), and the
/// browser (`o`, links, the player).
extension ReaderApp {
    /// How articles are rendered for the article view now.
    var articleRendering: StoreQuery.ArticleRendering {
        StoreQuery.ArticleRendering(preferences: settings.preferences, fullArticle: settings.fullArticle)
    }

    /// Opens an article (marking it read) once it has been read from the store.
    func showArticle(_ id: ItemID, _ loaded: LoadedArticle?) -> [ReaderEffect] {
        guard let loaded else {
            transientMessage = "This article is no longer in the cache"
            return []
        }
        var item = loaded.item
        var effects: [ReaderEffect] = []
        let state = shownState(ofItem: id) ?? ItemState(feedID: item.feedID, isRead: item.isRead, isStarred: item.isStarred)
        item.isStarred = state.isStarred
        if !state.isRead {
            effects = mark(.read(id, feed: item.feedID, isRead: true, wasRead: false))
        }
        item.isRead = true
        if let failure = loaded.rendered.rendererFailure { transientMessage = "\(failure); Tidings' own renderer is used" }
        let screen = ArticleScreen(item: item, rendered: loaded.rendered, fullArticle: loaded.fullArticle,
                                   showsFullArticle: loaded.opensFullArticle, preferences: settings.preferences)
        // The feed's counts as listed, this article's mark counted.
        screen.feedCounts = listedFeed(item.feedID).map { ItemCounts(unread: $0.unreadCount, total: $0.totalCount) }
        if let results = top as? SearchResultsScreen {
            // newsboat marks the search's words in the article opened from its results.
            screen.highlightSearch(results.query.words + results.query.phrases)
        }
        if let pager = settings.pager {
            // newsboat's `pager`: the article's text in a file, shown by the program, which gets
            // the terminal; the list stays on screen under it.
            return effects + [.page(arguments: pager, text: screen.text.text)]
        }
        navigation.push(screen)
        return effects
    }

    /// Shows the article `n`/`p` found with its feed's item list underneath, as if opened by hand.
    func jumpTo(_ jump: UnreadJump?, forward: Bool) -> [ReaderEffect] {
        guard let jump, let feed = jump.feed else {
            transientMessage = forward ? "No more unread articles" : "No earlier unread articles"
            return []
        }
        while let closing = top as? any JumpClosedScreen, closing.closesWhenJumping(toFeed: feed.id), navigation.pop() != nil {}
        // Found in the list of several feeds the reader is in: the article opens over it.
        if !jump.isInList && (top as? any ArticleListing)?.listsArticles(ofFeed: feed.id) != true {
            feedList?.select(feed: feed.id)
            navigation.push(ItemListScreen(storeView: storeView, feed: feed, preferences: settings.preferences))
        }
        let effects = showArticle(jump.row.id, jump.article)
        for case let list as any ArticleListing in screens { list.select(item: jump.row.id) }
        return effects
    }

    /// Opens `link` with the browser, or with `program` (the `player` option) when it is set.
    /// `detached`: never hand it the terminal, even a text-mode one (`open-in-browser-noninteractively`).
    func openInBrowser(_ link: String, using program: String? = nil, detached: Bool = false) -> [ReaderEffect] {
        let url: String
        do {
            url = try BrowserCommand.checkLink(link)
        } catch {
            transientMessage = "Not opened: \(error)"
            logger.info("refused to open a link: \(error)")
            return []
        }
        let command: BrowserCommand
        do {
            guard let resolved = try BrowserCommand.resolve(configured: program ?? settings.browser, environment: environment) else {
                transientMessage = "No browser found: set the browser option in the config file"
                return []
            }
            command = resolved
        } catch {
            transientMessage = "Cannot use the \(program == nil ? "browser" : "player") option: \(error)"
            return []
        }
        logger.info("opening \(CredentialRedaction.redact(url)) with \(command.programName)")
        let textMode = !detached && command.isTextMode(environment: environment)
        if !textMode { transientMessage = "Opened in \(command.programName)" }
        return [.openBrowser(command, url: url, textMode: textMode)]
    }
}
