import Configuration
import FeedStore
import TerminalUI

/// A screen of the reader, describing itself to it: the reader holds no list of screen types.
///
/// A screen says which key context it answers (and so which help it has), reads what it shows
/// through its `StoreView` (showing a loading state until the first answer), reads it again when
/// the store has changed (``refresh()``), and answers the few questions the reader asks every
/// screen on the stack. A new screen is one file conforming to this, plus the intent that opens
/// it.
@MainActor
protocol ReaderScreen: Screen where Intent == ReaderIntent {
    /// The key bindings the screen answers; its help lists them.
    var keyContext: KeyMap.Context { get }
    /// Reads again what the screen shows, keeping its selection (the store has changed).
    func refresh()
    /// The read and starred state the screen shows for the article, if it shows it.
    func shownState(ofItem id: ItemID) -> ItemState?
    /// Takes a mark just made, for a screen that shows marks without reading the store.
    func noteMark(_ mark: ItemMark)
    /// The feed row the screen lists for `id`, if it lists it.
    func listedFeed(_ id: FeedID) -> FeedListRow?
    /// Shows which feeds are being reloaded (by URL), with the spinner's current frame.
    func showReloading(_ urls: Set<String>, spinnerFrame: Character)
    /// Whether the screen stays on the stack when `n`/`p` jump to an article of `feed`: an
    /// article or help goes, an item list of another feed goes.
    func staysWhenJumping(toFeed feed: FeedID) -> Bool
    /// Whether the screen lists the articles of `feed` (so that a jump needs no new list).
    func listsArticles(ofFeed feed: FeedID) -> Bool
    /// Selects the article `id`, when the screen lists it.
    func select(item id: ItemID)
    /// Selects the feed `url`, when the screen lists it.
    func select(feedURL url: String)
    /// Applies a filter expression to the list (nil clears it); false when the screen has no
    /// list to filter.
    func applyFilter(_ filter: ListFilter?) -> Bool
    /// Whether a search typed on this screen replaces it (search results), so that Back returns
    /// to where the first search was started.
    var isReplacedByNewSearch: Bool { get }
    /// Takes the full article fetched for `id`, when the screen shows that article; `show`
    /// says whether to show it at once (asked for with `x`). True when the screen took it.
    func takeFullArticle(_ article: FullArticle, ofItem id: ItemID, show: Bool) -> Bool
    /// Whether the screen takes `key` although its key context binds nothing to it (typed text,
    /// a link number): otherwise the reader says the key is not bound.
    func takesUnboundKey(_ key: Key) -> Bool
    /// Selects the row at `index` (from 0) for `:N`; false when the screen has no such row.
    func selectRow(_ index: Int) -> Bool
    /// Takes preferences changed while the reader runs (show or hide read feeds and articles).
    func takePreferences(_ preferences: ReaderPreferences)
    /// The feed listed after (or before) `id`, for a screen that lists feeds.
    func feed(besides id: FeedID, forward: Bool) -> FeedListRow?
}

extension ReaderScreen {
    func refresh() {}
    func shownState(ofItem id: ItemID) -> ItemState? { nil }
    func noteMark(_ mark: ItemMark) {}
    func listedFeed(_ id: FeedID) -> FeedListRow? { nil }
    func showReloading(_ urls: Set<String>, spinnerFrame: Character) {}
    func staysWhenJumping(toFeed feed: FeedID) -> Bool { true }
    func listsArticles(ofFeed feed: FeedID) -> Bool { false }
    func select(item id: ItemID) {}
    func select(feedURL url: String) {}
    func applyFilter(_ filter: ListFilter?) -> Bool { false }
    var isReplacedByNewSearch: Bool { false }
    func takeFullArticle(_ article: FullArticle, ofItem id: ItemID, show: Bool) -> Bool { false }
    func takesUnboundKey(_ key: Key) -> Bool { false }
    func selectRow(_ index: Int) -> Bool { false }
    func takePreferences(_ preferences: ReaderPreferences) {}
    func feed(besides id: FeedID, forward: Bool) -> FeedListRow? { nil }
}
