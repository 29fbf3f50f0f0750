import Configuration
import FeedStore
import Foundation

/// newsboat's actions beyond the everyday keys: open and mark read (`O`), the next feed with
/// unread articles (`^N`, `^P`), the feed of an article (`article-feed`), a link by its number
/// (`#`, `one` … `zero`).
extension ReaderApp {
    /// Opens `link` in the browser and marks the article read — only once the browser is found,
    /// so that a link that was not opened stays unread.
    func openInBrowserAndMarkRead(_ link: String, _ id: ItemID) -> [ReaderEffect] {
        let opening = openInBrowser(link)
        guard !opening.isEmpty else { return [] }
        guard let state = shownState(ofItem: id), !state.isRead else { return opening }
        // Written first: a text-mode browser takes the terminal for as long as it runs.
        return mark(.read(id, feed: state.feedID, isRead: true, wasRead: false)) + opening
    }

    /// The feed listed after (or before) `id` in the top feed list that has a neighbour for it;
    /// with `unreadOnly`, the nearest such feed with unread articles (its marks not yet written
    /// counted).
    func feed(besides id: FeedID, forward: Bool, unreadOnly: Bool) -> FeedListRow? {
        for case let listing as any FeedListing in screens.reversed() {
            var current = id
            while let next = listing.feed(besides: current, forward: forward) {
                let shown = listing.listedFeed(next.id) ?? next
                if !unreadOnly || shown.unreadCount > 0 { return shown }
                current = next.id
            }
            if current != id { return nil }
        }
        return nil
    }

    /// Shows the articles of `feedID` with `item` selected: the list under the article when it is
    /// that feed's, else the feed's own list (from Starred, a query feed, search results).
    func showArticles(ofFeed feedID: FeedID, selecting item: ItemID) {
        guard let feed = listedFeed(feedID) ?? feedList?.rows.first(where: { $0.id == feedID }) else {
            transientMessage = "The article's feed is not in the feed list"
            return
        }
        while let closing = top as? any JumpClosedScreen, closing.closesWhenJumping(toFeed: feedID), navigation.pop() != nil {}
        if (top as? any ArticleListing)?.listsArticles(ofFeed: feedID) != true {
            feedList?.select(feed: feedID)
            navigation.push(ItemListScreen(storeView: storeView, feed: feed, preferences: settings.preferences))
        }
        (top as? any ArticleListing)?.select(item: item)
    }

    /// `mark-all-above-as-read`: marks the unread articles above the selection read, each as `N`
    /// would.
    func markAboveRead(_ ids: [ItemID], isComplete: Bool) -> [ReaderEffect] {
        let unread = ids.compactMap { id in shownState(ofItem: id).flatMap { $0.isRead ? nil : (id, $0.feedID) } }
        transientMessage = (unread.count == 1 ? "Marked 1 article read" : "Marked \(unread.count) articles read")
            + (isComplete ? "" : " (the rows above not read from the cache yet are left: press it again)")
        return unread.flatMap { id, feed in mark(.read(id, feed: feed, isRead: true, wasRead: false)) }
    }

    /// `next` and `prev` in the article view: the article listed after (or before) this one in
    /// the list under it, opened in its place (and marked read, as Enter does).
    func openAdjacentArticle(_ id: ItemID, forward: Bool) -> [ReaderEffect] {
        guard let list = screens.dropLast().last(where: { $0 is any ArticleListing }) as? any ArticleListing else {
            transientMessage = "No list of articles under this one"
            return []
        }
        guard let next = list.article(besides: id, forward: forward) else {
            transientMessage = forward ? "No article after this one" : "No article before this one"
            return []
        }
        while !(top is any ArticleListing), navigation.pop() != nil {}
        list.select(item: next)
        return perform(.openItem(next))
    }

    /// `prevsearchresults`: the results of the search typed before the one on top.
    func showPreviousSearchResults() {
        guard let results = top as? SearchResultsScreen, let previous = results.previous else {
            transientMessage = "No earlier search results"
            return
        }
        navigation.replaceTop(with: previous)
    }

    /// Opens the link whose number was typed at `goto-url`'s prompt.
    func openURL(numbered text: String, of urls: [ArticleURL]) -> [ReaderEffect] {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return [] }
        guard let number = Int(typed) else {
            transientMessage = "Not a link number: \(Excerpt(typed))"
            return []
        }
        return perform(ArticleScreen.open(number, of: urls))
    }
}
