import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Logging
import TerminalUI

/// Everything the reader needs to start, resolved from the command line, the config file and
/// the urls file by the `tidings` executable.
public struct ReaderSettings: Sendable {
    /// Where the urls file is (shown on the first-run screen).
    public var urlsPath: String
    /// The feeds from the urls file; nil when there is no urls file (first run).
    public var subscriptions: [Subscription]?
    /// The SQLite cache.
    public var cachePath: String
    /// Where log messages go (never the screen).
    public var logPath: String
    /// The least severe message the log keeps (newsboat's `-l`).
    public var logLevel: Logger.Level = .info
    /// The `browser` option, if set.
    public var browser: String?
    /// `refresh-on-startup`: reload every feed when the reader opens.
    public var refreshOnStartup: Bool
    /// With `auto-reload`, whether the reload at start is skipped (`suppress-first-reload`): newsboat
    /// reloads at start, then every `reload-time` minutes.
    public var suppressesFirstReload = false
    /// How the screens look and behave (keys, colours, formats, what lists show).
    public var preferences: ReaderPreferences
    /// `auto-reload yes` with `reload-time`: reload every feed this often (nil: never).
    public var autoReloadMinutes: Int?
    /// `confirm-exit yes`: ask before quitting.
    public var confirmsExit: Bool
    /// Ask before marking every feed read (`confirm-mark-all-feeds-read`).
    public var confirmsMarkAllFeedsRead = true
    public var fetchOptions: FetchOptions
    /// `max-items`: read items kept per feed after a reload, 0 for all.
    public var maxItems: Int
    /// `keep-articles-days`, `delete-read-articles-on-quit`, `cleanup-on-quit`, …
    public var lifecycle = ArticleLifecycleOptions()
    /// `fulltext-command`, `always-fetch-full-article`.
    public var fullArticle: FullArticleOptions
    /// `ignore-article` and `ignore-mode`: applied at start and by every reload.
    public var killfile: Killfile
    /// The urls file's `query:` feeds, listed under the Starred entry.
    public var queryFeeds: [QueryFeed]
    /// The urls file's headings (`"--- BLOGS ---"`), shown between its feeds; none under a feed
    /// server or an OPML `urls-source`, which have no such lines.
    public var headings: [UrlsHeading] = []
    /// `define-filter` lines, offered by `select-filter`.
    public var definedFilters: [DefinedFilter]
    /// `urls-source`: the feed server to sync with instead of fetching the urls file's
    /// feeds, or why its options do not work; nil for the urls file.
    public var syncAccount: Result<SyncAccount, SyncSetupError>?
    /// `sync-local-feeds` with a feed server: the urls file's feeds (`subscriptions`) are
    /// reloaded beside the server's, after each sync, and marked in the feed list.
    public var syncsLocalFeeds = false
    /// `urls-source "opml"`: `subscriptions` come from OPML documents, not the urls file, which
    /// the reader must then not write or read back.
    public var readsOPMLFeedList = false
    /// `macro` lines by key, run after `macroPrefix`.
    public var macros: [Key: Macro] = [:]
    public var macroPrefix = Key.character(",")
    /// `bind` lines with several actions or arguments: run by their key alone.
    public var boundMacros: [Key: BoundMacro] = [:]
    /// `run-on-startup`'s actions, run once the feed list has been read at start.
    public var startupActions: [Macro.Step] = []
    /// newsboat's files, offered on the welcome screen when there is no urls file.
    public var newsboatFiles: NewsboatFiles?
    /// The config file, where newsboat's config is copied if there is none.
    public var configPath: String?
    /// `player`, `download-path`, `save-path`, `queue-file`: what the article actions use.
    public var articleActions: ArticleActionOptions
    /// `notify-*`: what a reload that brings unread articles says, and where.
    public var notifications = NotifyOptions()
    /// `max-browser-tabs`: the most links `open-all-unread-in-browser` opens at once.
    public var maxBrowserTabs = 10
    /// `podcast-auto-enqueue`: a reload queues the enclosures of the articles it brings.
    public var podcastAutoEnqueue = false
    /// `pager` in words (`~/` expanded; `pager ""` is `$PAGER`); nil for Tidings' own article view.
    public var pager: [String]?
    /// `bookmark-cmd` (its `~/` expanded), `bookmark-autopilot`, `bookmark-interactive`.
    public var bookmarks = BookmarkOptions()
    /// `external-url-viewer`, in words (`~/` expanded): what `show-urls` runs instead of the URL view.
    public var externalURLViewer: [String]?
    /// Where the command line's and the search prompt's histories are kept between sessions;
    /// nil: for the session only.
    public var historyFiles: HistoryFiles?
    /// Lines of warnings to show once in the status bar (bad urls-file lines, unknown options).
    public var warnings: [String]
    /// The cache could be opened for reading only (another user's, a read-only mount): nothing
    /// is reloaded, and marks say they cannot be saved.
    public var isCacheReadOnly = false
    /// The configuration these settings were taken from (see `take`): `:set` and `:source` apply
    /// their lines on top of it.
    public var config = Config()

    public init(
        urlsPath: String, subscriptions: [Subscription]?, cachePath: String, logPath: String,
        browser: String? = nil, refreshOnStartup: Bool = false,
        preferences: ReaderPreferences = ReaderPreferences(), autoReloadMinutes: Int? = nil, confirmsExit: Bool = false,
        fetchOptions: FetchOptions = FetchOptions(), maxItems: Int = 0, killfile: Killfile = .empty,
        queryFeeds: [QueryFeed] = [], definedFilters: [DefinedFilter] = [],
        syncAccount: Result<SyncAccount, SyncSetupError>? = nil, articleActions: ArticleActionOptions = ArticleActionOptions(),
        warnings: [String] = [], fullArticle: FullArticleOptions = FullArticleOptions()
    ) {
        self.articleActions = articleActions
        self.syncAccount = syncAccount
        self.definedFilters = definedFilters
        self.queryFeeds = queryFeeds
        self.killfile = killfile
        self.urlsPath = urlsPath
        self.subscriptions = subscriptions
        self.cachePath = cachePath
        self.logPath = logPath
        self.browser = browser
        self.refreshOnStartup = refreshOnStartup
        self.preferences = preferences
        self.autoReloadMinutes = autoReloadMinutes
        self.confirmsExit = confirmsExit
        self.fetchOptions = fetchOptions
        self.maxItems = maxItems
        self.warnings = warnings
        self.fullArticle = fullArticle
    }
}
