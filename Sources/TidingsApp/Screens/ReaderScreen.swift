import Configuration
import FeedStore
import TerminalUI

/// A screen of the reader, describing itself to it: the reader holds no list of screen types.
///
/// Every screen says which key context it answers (and so which help it has) and takes the
/// options changed while the reader runs. What else the reader asks a screen depends on what the
/// screen shows, and each of those questions is a small protocol of its own below: a new screen
/// is one file conforming to `ReaderScreen` and to the protocols of what it shows, plus the intent
/// that opens it.
@MainActor
protocol ReaderScreen: Screen where Intent == ReaderIntent {
    /// The key bindings the screen answers; its help lists them.
    var keyContext: KeyMap.Context { get }
    /// Takes preferences changed while the reader runs (show or hide read feeds and articles).
    func takePreferences(_ preferences: ReaderPreferences)
}

/// A screen that takes keys its key context binds nothing to (typed text, a link number): the
/// reader does not say they are unbound, nor run a macro or the command line on them.
@MainActor
protocol TypingScreen: ReaderScreen {
    func takesUnboundKey(_ key: Key) -> Bool
}

/// A screen that shows what the cache holds: read again when the store has changed.
@MainActor
protocol CacheScreen: ReaderScreen {
    /// Reads again what the screen shows, keeping its selection.
    func refresh()
}

/// A screen that shows articles' read and starred marks: `N` and `s` toggle from what it shows.
@MainActor
protocol MarksScreen: ReaderScreen {
    /// The read and starred state the screen shows for the article, if it shows it.
    func shownState(ofItem id: ItemID) -> ItemState?
}

/// A screen that shows feed rows, which editing keys (rename, tags, delete, `A`) act on.
@MainActor
protocol FeedRowsScreen: ReaderScreen {
    /// The feed row the screen lists for `id`, if it lists it.
    func listedFeed(_ id: FeedID) -> FeedListRow?
}

/// The feed list (the root one and a tag's): the feeds in order, which ones reload.
@MainActor
protocol FeedListing: FeedRowsScreen {
    /// Selects the feed `url`, when the screen lists it.
    func select(feedURL url: String)
    /// Shows which feeds are being reloaded (by URL), with the spinner's current frame.
    func showReloading(_ urls: Set<String>, spinnerFrame: Character)
    /// The feed listed after (or before) `id`.
    func feed(besides id: FeedID, forward: Bool) -> FeedListRow?
}

/// A list of rows that `:N` selects.
@MainActor
protocol RowsScreen: ReaderScreen {
    /// Selects the row at `index` (from 0); false when there is no such row.
    func selectRow(_ index: Int) -> Bool
}

/// A list that a filter expression narrows (`set-filter`, `select-filter`).
@MainActor
protocol FilteredScreen: ReaderScreen {
    /// Applies a filter expression to the list (nil clears it); false when it cannot be applied.
    func applyFilter(_ filter: ListFilter?) -> Bool
}

/// A list of articles, where `n` and `p` select the article they open.
@MainActor
protocol ArticleListing: ReaderScreen {
    /// Selects the article `id`, when the screen lists it.
    func select(item id: ItemID)
    /// Whether the screen lists the articles of `feed` (so that a jump needs no new list).
    func listsArticles(ofFeed feed: FeedID) -> Bool
    /// The article listed after (or before) `id` among the rows read, for `next` and `prev`.
    func article(besides id: ItemID, forward: Bool) -> ItemID?
}

/// A list of articles that `save-all` saves whole.
@MainActor
protocol SavableArticleList: ReaderScreen {
    /// A read of every article the list shows, in its order (`.rows`).
    var everyArticle: StoreQuery { get }
}

/// A list of several feeds' articles (a query feed, Starred, search results): `n` and `p` look
/// for the next or previous unread article in it first, as newsboat's do.
@MainActor
protocol UnreadScanning: ArticleListing {
    /// Where to look for the unread article after (`forward`) or before the article `id` (nil:
    /// the selected row).
    func unreadScan(from id: ItemID?, forward: Bool) -> UnreadListScan
}

/// A screen that `n` and `p` close when they jump to an article of `feed` (an article, help,
/// the URL view; an item list of another feed); every other screen stays under the article.
@MainActor
protocol JumpClosedScreen: ReaderScreen {
    func closesWhenJumping(toFeed feed: FeedID) -> Bool
}

/// A screen told of every mark as it is made, before the store holds it.
@MainActor
protocol MarksFollowing: ReaderScreen {
    func noteMark(_ mark: ItemMark)
}

/// The article view: it follows the marks made on its article and takes its full article.
@MainActor
protocol ArticleShowing: MarksScreen, MarksFollowing {
    /// Takes the full article fetched for `id`, when the screen shows that article; `show`
    /// says whether to show it at once (asked for with `x`). True when the screen took it.
    func takeFullArticle(_ article: FullArticle, ofItem id: ItemID, show: Bool) -> Bool
}

/// Search results: a search typed on them replaces them, so that Back returns to where the
/// first search was started.
@MainActor
protocol SearchResultsShowing: ReaderScreen {}
