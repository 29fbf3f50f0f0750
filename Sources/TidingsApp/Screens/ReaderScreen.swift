import Configuration
import FeedStore
import TerminalUI

/// One screen of the reader, a value on the navigation stack (`ReaderState.navigation`).
///
/// A screen keeps what it shows and where the user is in it (rows, selection, scroll) and says
/// the rest: its key context (and so its help), its title, how it draws, what it reads. It
/// answers a key command by changing itself and returning a `ScreenResponse` — an intent for the
/// reader's reducers and the reads it needs — never by doing anything itself: every effect is a
/// value. What else the reader asks a screen depends on what it shows, and each such question is
/// a small protocol of its own below; the reader holds no list of screen types.
protocol ReaderScreen: Sendable {
    var id: ScreenID { get }
    /// The key bindings the screen answers; its help lists them.
    var keyContext: KeyMap.Context { get }
    /// The title bar's text.
    func title(_ context: ScreenContext) -> ScreenTitle
    /// Lays the screen out for `area` (the selection kept in view, text wrapped to the width)
    /// and returns what it needs read or drawn for it: rows not read yet, pictures.
    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect]
    /// Draws the screen as laid out; returns where the hidden cursor parks (the selected row).
    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position?
    /// What `command` (a key's action in the screen's context) does here.
    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse
    /// Reads again what the screen shows: the store has changed, or the options.
    mutating func refresh(_ context: ScreenContext) -> [ReaderEffect]
}

extension ReaderScreen {
    mutating func refresh(_ context: ScreenContext) -> [ReaderEffect] { [] }
    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] { [] }
}

/// A title bar: the title, the detail at its right, and the character between (a title
/// format's `%>C`).
struct ScreenTitle: Equatable, Sendable {
    var left: String
    var right: String = ""
    var fill: Character?
}

/// What a screen's answer to a key asks of the reader: an intent (open this, mark that) and
/// reads of its own.
struct ScreenResponse: Sendable {
    var intent: ReaderIntent?
    var effects: [ReaderEffect] = []

    /// Nothing for the reader to do (the screen may have changed itself: moved its selection).
    static let none = ScreenResponse(intent: nil)

    static func intent(_ intent: ReaderIntent?) -> ScreenResponse { ScreenResponse(intent: intent) }

    static func status(_ text: String) -> ScreenResponse { ScreenResponse(intent: .status(text)) }

    static func reads(_ effects: [ReaderEffect]) -> ScreenResponse { ScreenResponse(intent: nil, effects: effects) }
}

/// A screen that takes some keys as typed, before the key map (text typed into a filter, a link
/// number, Left and Right scrolling lines of code): the reader does not say they are unbound, nor
/// run a macro or the command line on them.
protocol TypingScreen: ReaderScreen {
    func takesTyped(_ key: Key, _ context: ScreenContext) -> Bool
    /// A key the screen takes as typed.
    mutating func handleTyped(_ key: Key, _ context: ScreenContext) -> ScreenResponse
}

/// A screen that shows articles' read and starred marks: `N` and `s` toggle from what it shows.
protocol MarksScreen: ReaderScreen {
    /// The read and starred state the screen shows for the article, if it shows it.
    func shownState(ofItem id: ItemID, _ marks: PendingMarks) -> ItemState?
}

/// A screen that shows feed rows, which editing keys (rename, tags, delete, `A`) act on.
protocol FeedRowsScreen: ReaderScreen {
    /// The feed row the screen lists for `id`, if it lists it, with the marks not yet written.
    func listedFeed(_ id: FeedID, _ marks: PendingMarks) -> FeedListRow?
}

/// The feed list (the root one and a tag's): the feeds in order.
protocol FeedListing: FeedRowsScreen {
    /// Selects the feed `url`, when the screen lists it.
    mutating func select(feedURL url: String)
    /// The feed listed after (or before) `id`.
    func feed(besides id: FeedID, forward: Bool) -> FeedListRow?
}

/// A list of rows that `:N` selects.
protocol RowsScreen: ReaderScreen {
    /// Selects the row at `index` (from 0); false when there is no such row.
    mutating func selectRow(_ index: Int) -> Bool
    /// The row drawn `line` lines below the top of the screen's area (a click); nil on no row.
    func row(atLine line: Int, _ context: ScreenContext) -> Int?
    /// The row selected.
    var selectedRow: Int { get }
}

/// A list that a filter expression narrows (`set-filter`, `select-filter`).
protocol FilteredScreen: ReaderScreen {
    /// Applies a filter expression to the list (nil clears it); the reads it needs.
    mutating func applyFilter(_ filter: ListFilter?, _ context: ScreenContext) -> [ReaderEffect]
}

/// A list of articles, where `n` and `p` select the article they open.
protocol ArticleListing: ReaderScreen {
    /// Selects the article `id`, when the screen lists it.
    mutating func select(item id: ItemID)
    /// Whether the screen lists the articles of `feed` (so that a jump needs no new list).
    func listsArticles(ofFeed feed: FeedID) -> Bool
    /// The article listed after (or before) `id` among the rows read, for `next` and `prev`.
    func article(besides id: ItemID, forward: Bool) -> ItemID?
    /// The selected row, as shown (`marks` laid over it); nil on no row or one not read yet.
    func selectedItem(_ marks: PendingMarks) -> ItemRow?
}

/// A list of articles that `save-all` saves whole.
protocol SavableArticleList: ReaderScreen {
    /// Every article the list shows, in its order.
    var everyArticle: ArticlesToSave { get }
}

/// A list of several feeds' articles (a query feed, Starred, search results): `n` and `p` look
/// for the next or previous unread article in it first, as newsboat's do.
protocol UnreadScanning: ArticleListing {
    /// Where to look for the unread article after (`forward`) or before the article `id` (nil:
    /// the selected row).
    func unreadScan(from id: ItemID?, forward: Bool, _ context: ScreenContext) -> UnreadListScan
}

/// A screen that `n` and `p` close when they jump to an article of `feed` (an article, help,
/// the URL view; an item list of another feed); every other screen stays under the article.
protocol JumpClosedScreen: ReaderScreen {
    func closesWhenJumping(toFeed feed: FeedID) -> Bool
}

/// A screen told of every mark as it is made, before the store holds it.
protocol MarksFollowing: ReaderScreen {
    mutating func noteMark(_ mark: ItemMark)
}

/// The article view: it follows the marks made on its article and takes its full article.
protocol ArticleShowing: MarksScreen, MarksFollowing {
    /// Takes the full article fetched for `id`, when the screen shows that article; `show`
    /// says whether to show it at once (asked for with `x`). True when the screen took it.
    mutating func takeFullArticle(_ article: FullArticle, ofItem id: ItemID, show: Bool) -> Bool
}
