import FeedModel
import Foundation
import TerminalUI

/// How the screens look and behave, as the config file sets it; every screen gets the same value.
public struct ReaderPreferences: Sendable, Equatable {
    /// The key bindings in force (`bind-key`, `unbind-key`).
    public var keyMap: KeyMap
    /// Colours and attributes (`color`).
    public var theme: Theme
    /// `show-read-feeds no`: leave feeds without unread items out of the feed list.
    public var hidesFeedsWithoutUnread: Bool
    /// `show-read-articles no`: list only unread articles.
    public var hidesReadArticles: Bool
    /// `show-excerpts yes`: a line of each article's text under its title in item lists.
    public var showsExcerpts: Bool
    /// `text-width`: wrap articles at this many columns at most (0: the window's width).
    public var textWidth: Int
    /// `feedlist-format`: how feed-list rows are laid out (nil: Tidings' own layout).
    public var feedListFormat: String?
    /// `articlelist-format`: how item-list rows are laid out (nil: Tidings' own layout).
    public var articleListFormat: String?
    /// `datetime-format`: how item lists show dates, as for strftime(3).
    public var dateTimeFormat: String
    /// The zone dates are shown in.
    public var timeZone: TimeZone
    /// `highlight` and `highlight-article`: colours of matched text and of whole article rows.
    public var highlights: Highlights
    /// `article-sort-order`, or what `sort`/`rev-sort` chose in an item list.
    public var articleSortOrder: ItemOrder
    /// `feed-sort-order`, or what `sort`/`rev-sort` chose in the feed list.
    public var feedSortOrder: FeedOrder
    /// `goto-first-unread`: an item list opens on its first unread article.
    public var goesToFirstUnread = true
    /// `reload-all` in the feed list reloads only the feeds it shows (`reload-only-visible-feeds`).
    public var reloadsOnlyVisibleFeeds = false
    /// `show-keymap-hint`: a line of the current screen's main keys above the status bar. Off
    /// unless set (newsboat's default is on): see DECISIONS, "The key-hint bar".
    public var showsKeymapHint = false
    /// `show-title-bar`: the title bar at the top.
    public var showsTitleBar = true
    /// `swap-title-and-hints`: the title bar above the status bar and the key hints at the top.
    public var swapsTitleAndHints = false
    /// `sync-local-feeds` with a feed server: the feed list marks the urls file's feeds.
    public var marksLocalFeeds = false
    /// `image-protocol`: how the article view draws pictures (`auto`: what the terminal said at
    /// start, see `detectedImageProtocol`).
    public var imageProtocol = ImageProtocolChoice.auto
    /// What `auto` stands for in this terminal: asked once at start (not an option).
    public var detectedImageProtocol = ImageProtocolChoice.none
    /// `image-max-height`: rows a picture takes at most; 0 for half the window.
    public var imageMaxHeight = 0

    /// The way pictures are drawn, `auto` resolved.
    public var shownImageProtocol: ImageProtocolChoice {
        imageProtocol == .auto ? detectedImageProtocol : imageProtocol
    }

    /// The flag letter that stands for the star (`s`, or the sync source's `*-flag-star`):
    /// shown among an article's flags (`%F`), set and cleared by `edit-flags`.
    public var starFlag: Character = ArticleFlags.defaultStar
    /// The flag letter that stands for Tiny Tiny RSS's published state (`ttrss-flag-publish`);
    /// nil without one. The cache keeps it among the article's flags and queues its changes.
    public var publishFlag: Character?

    /// `display-article-progress`: how far the article has been read, at the right of its title bar.
    public var showsArticleProgress = true
    /// `always-display-description`: an article shows its feed's description after its fuller
    /// content, below a rule, as newsboat does.
    public var alwaysDisplaysDescription = false
    /// `html-renderer`: a program that turns an article's HTML (on its standard input) into the
    /// text shown (its standard output); nil for Tidings' own renderer.
    public var htmlRenderer: [String]?
    /// `search-highlight-colors`: how the words of a search look in the article opened from its
    /// results.
    public var searchHighlightStyle = SearchHighlight.defaultStyle

    /// How the lists move and mark (`scrolloff`, `wrap-scroll`, `mark-as-read-on-hover`, …).
    public var lists = ListBehaviour()
    /// The title bars' formats and the tag list's (`feedlist-title-format`, …, `selecttag-format`).
    public var titleFormats = TitleFormats()

    public init(
        keyMap: KeyMap = .standard, theme: Theme = .standard, hidesFeedsWithoutUnread: Bool = false,
        hidesReadArticles: Bool = false, showsExcerpts: Bool = false, textWidth: Int = 0,
        feedListFormat: String? = nil, articleListFormat: String? = nil,
        dateTimeFormat: String = ReaderPreferences.defaultDateTimeFormat, timeZone: TimeZone = .current,
        highlights: Highlights = Highlights(), articleSortOrder: ItemOrder = .newestFirst,
        feedSortOrder: FeedOrder = .urlsFile
    ) {
        self.highlights = highlights
        self.articleSortOrder = articleSortOrder
        self.feedSortOrder = feedSortOrder
        self.keyMap = keyMap
        self.theme = theme
        self.hidesFeedsWithoutUnread = hidesFeedsWithoutUnread
        self.hidesReadArticles = hidesReadArticles
        self.showsExcerpts = showsExcerpts
        self.textWidth = max(0, textWidth)
        self.feedListFormat = feedListFormat
        self.articleListFormat = articleListFormat
        self.dateTimeFormat = dateTimeFormat
        self.timeZone = timeZone
    }

    /// Dates in item lists unless `datetime-format` says otherwise: `2026-11-20`.
    public static let defaultDateTimeFormat = "%Y-%m-%d"
}

extension Config {
    /// How the screens look and behave as this configuration sets it.
    public var readerPreferences: ReaderPreferences {
        var preferences = ReaderPreferences(
            keyMap: keyMap, theme: theme, hidesFeedsWithoutUnread: !self[\.showReadFeeds], hidesReadArticles: !self[\.showReadArticles],
            showsExcerpts: self[\.showExcerpts], textWidth: self[\.textWidth],
            feedListFormat: self[\.feedlistFormat].isEmpty ? nil : self[\.feedlistFormat],
            articleListFormat: self[\.articlelistFormat].isEmpty ? nil : self[\.articlelistFormat],
            dateTimeFormat: self[\.datetimeFormat], highlights: highlights,
            articleSortOrder: self[\.articleSortOrder], feedSortOrder: self[\.feedSortOrder])
        preferences.goesToFirstUnread = self[\.gotoFirstUnread]
        preferences.reloadsOnlyVisibleFeeds = self[\.reloadOnlyVisibleFeeds]
        preferences.showsKeymapHint = self[\.showKeymapHint]
        preferences.showsTitleBar = self[\.showTitleBar]
        preferences.swapsTitleAndHints = self[\.swapTitleAndHints]
        preferences.marksLocalFeeds = feedListSource.server != nil && feedListSource.fetchesFeeds
        preferences.imageProtocol = self[\.imageProtocol]
        preferences.imageMaxHeight = self[\.imageMaxHeight]
        preferences.starFlag = starFlag
        preferences.publishFlag = publishFlag
        preferences.showsArticleProgress = self[\.displayArticleProgress]
        preferences.alwaysDisplaysDescription = self[\.alwaysDisplayDescription]
        preferences.htmlRenderer = htmlRenderer
        if let style = try? SearchHighlight.parseStyle(self[\.searchHighlightColors].joined(separator: " ")) {
            preferences.searchHighlightStyle = style
        }
        preferences.lists = listBehaviour
        preferences.titleFormats = titleFormats
        return preferences
    }
}
