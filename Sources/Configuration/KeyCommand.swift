/// A reader action a key can be bound to, independent of which screen it is pressed on.
///
/// The raw value is the action's name in the config file (`bind-key ^R reload-all`); names follow
/// newsboat's where newsboat has the same action. Every action newsboat has is a case, so that a
/// newsboat user's `bind-key` and `macro` lines are read; those no screen carries out are the
/// ones `isPerformed` is false for.
public enum KeyCommand: String, Hashable, Sendable, CaseIterable {
    case up, down
    case pageUp = "pageup"
    case pageDown = "pagedown"
    case home, end
    case open, back, quit
    case quitAll = "hard-quit"
    case reload
    case reloadAll = "reload-all"
    case openInBrowser = "open-in-browser"
    case nextUnread = "next-unread"
    case previousUnread = "prev-unread"
    case toggleRead = "toggle-article-read"
    case markFeedRead = "mark-feed-read"
    case markAllFeedsRead = "mark-all-feeds-read"
    case toggleStarred = "toggle-starred"
    case togglePreview = "toggle-preview"
    case search = "open-search"
    case quickFilter = "quick-filter"
    case setFilter = "set-filter"
    case selectFilter = "select-filter"
    case clearFilter = "clear-filter"
    case addFeed = "add-feed"
    case renameFeed = "rename-feed"
    case editTags = "edit-tags"
    case deleteFeed = "delete-feed"
    case moveFeedUp = "move-feed-up"
    case moveFeedDown = "move-feed-down"
    case selectTag = "select-tag"
    case fetchFullArticle = "fetch-full-article"
    /// Shows or hides the article's pictures (a Tidings action).
    case toggleImages = "toggle-images"
    case commandLine = "cmdline"
    case toggleShowRead = "toggle-show-read-feeds"
    case nextFeed = "next-feed"
    case previousFeed = "prev-feed"
    case toggleShowReadArticles = "toggle-show-read-articles"
    case showURLs = "show-urls"
    case enqueue
    case save
    case pipeTo = "pipe-to"
    case sort
    case reverseSort = "rev-sort"
    case help
    /// Takes back the last change keys made to articles (a Tidings action).
    case undo
    /// Searches every article, from any screen (a Tidings action: `open-search` searches where
    /// it is pressed, as newsboat's does).
    case searchEverywhere = "search-everywhere"
    /// The feeds' health: failing, moved, waiting and silent feeds (a Tidings action).
    case feedHealth = "feed-health"
    /// Writes the address a feed moved to in its urls-file line (a Tidings action, in the
    /// feeds' health; `tidings feeds --adopt-moved` does it for every feed).
    case adoptMoved = "adopt-moved"

    // newsboat's other actions (`isPerformed` says which ones a screen carries out).
    /// The next or previous article, from the article view (in a list, `next` and `prev` are
    /// `down` and `up`: see `Config.command(named:in:)`).
    case nextArticle = "next"
    case previousArticle = "prev"
    case halfPageUp = "halfpageup"
    case halfPageDown = "halfpagedown"
    case openInBrowserAndMarkRead = "open-in-browser-and-mark-read"
    case openInBrowserNoninteractively = "open-in-browser-noninteractively"
    case openAllUnreadInBrowser = "open-all-unread-in-browser"
    case openAllUnreadInBrowserAndMarkRead = "open-all-unread-in-browser-and-mark-read"
    case randomUnread = "random-unread"
    case nextUnreadFeed = "next-unread-feed"
    case previousUnreadFeed = "prev-unread-feed"
    case markAllAboveRead = "mark-all-above-as-read"
    case gotoTitle = "goto-title"
    case gotoURL = "goto-url"
    case articleFeed = "article-feed"
    case toggleSourceView = "toggle-source-view"
    case bookmark
    case editFlags = "edit-flags"
    case editURLs = "edit-urls"
    case reloadURLs = "reload-urls"
    case clearTag = "clear-tag"
    case saveAll = "save-all"
    case deleteArticle = "delete-article"
    case deleteAllArticles = "delete-all-articles"
    case purgeDeleted = "purge-deleted"
    case previousSearchResults = "prevsearchresults"
    case viewDialogs = "view-dialogs"
    case closeDialog = "close-dialog"
    case nextDialog = "next-dialog"
    case previousDialog = "prev-dialog"
    case switchFocus = "switch-focus"
    case redraw
    /// `set OPTION VALUE`, in macros; bound to a key alone it has nothing to set.
    case set
    /// Open URL number N of the article (`one` … `zero` for 10).
    case openURL1 = "one", openURL2 = "two", openURL3 = "three", openURL4 = "four", openURL5 = "five"
    case openURL6 = "six", openURL7 = "seven", openURL8 = "eight", openURL9 = "nine", openURL10 = "zero"
    /// Open the command line with a digit typed (`cmd-one` … `cmd-nine`), to go to a row.
    case commandLine1 = "cmd-one", commandLine2 = "cmd-two", commandLine3 = "cmd-three", commandLine4 = "cmd-four"
    case commandLine5 = "cmd-five", commandLine6 = "cmd-six", commandLine7 = "cmd-seven", commandLine8 = "cmd-eight"
    case commandLine9 = "cmd-nine"

    /// `one` … `zero`, in order: URL 1 to 10.
    public static let openURLCommands: [KeyCommand] = [
        .openURL1, .openURL2, .openURL3, .openURL4, .openURL5, .openURL6, .openURL7, .openURL8, .openURL9, .openURL10,
    ]

    /// `cmd-one` … `cmd-nine`, in order.
    public static let commandLineDigitCommands: [KeyCommand] = [
        .commandLine1, .commandLine2, .commandLine3, .commandLine4, .commandLine5, .commandLine6, .commandLine7, .commandLine8,
        .commandLine9,
    ]

    /// The link number `one` … `zero` open (1 to 10), nil for other commands.
    public var openedURLNumber: Int? { Self.openURLCommands.firstIndex(of: self).map { $0 + 1 } }

    /// The digit `cmd-one` … `cmd-nine` type at the command line, nil for other commands.
    public var commandLineDigit: Int? { Self.commandLineDigitCommands.firstIndex(of: self).map { $0 + 1 } }

    /// The name used in the config file.
    public var name: String { rawValue }

    /// The command called `name` in the config file, if there is one.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// Whether some screen carries the action out: the default key table offers it somewhere.
    /// Keys bound to the others are kept, and the reader says why nothing happens
    /// (`whyNotPerformed`).
    public var isPerformed: Bool { !KeyMap.contexts(offering: self).isEmpty }

    /// Why a key bound to this action does nothing, said when it is pressed; nil when a screen
    /// carries it out.
    public var whyNotPerformed: String? {
        guard !isPerformed else { return nil }
        switch self {
        case .set: return "bound alone it has nothing to set (use it in a macro or a bind line)"
        default: return "does nothing in Tidings"
        }
    }
}
