import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import Logging

/// Everything the reader needs to start, resolved from the command line, the config file and
/// the urls file by the `tidings` executable: where things are, which feeds, the configuration in
/// force (options are read from it as typed values: `settings.config[\.confirmExit]`).
public struct ReaderSettings: Sendable {
    /// Where the urls file is (shown on the first-run screen, edited by `a`, `e`, `T`…).
    public var urlsPath: String
    /// The feeds from the urls file (or the OPML documents); nil when there is no urls file
    /// (first run).
    public var subscriptions: [Subscription]?
    /// The SQLite cache.
    public var cachePath: String
    /// Where log messages go (never the screen).
    public var logPath: String
    /// The least severe message the log keeps (newsboat's `-l`).
    public var logLevel: Logger.Level = .info
    /// The configuration in force: the config file's, then `:set` and `:source` on top.
    public var config: Config
    /// Where the list of feeds comes from (`urls-source`, `sync-local-feeds`).
    public var feedListSource: FeedListSource
    /// The feed server's client, or why its options do not work; nil unless `feedListSource`
    /// is a server.
    public var syncAccount: Result<SyncAccount, SyncSetupError>?
    /// The urls file's `query:` feeds, listed under the Starred entry.
    public var queryFeeds: [QueryFeed]
    /// The urls file's headings (`"--- BLOGS ---"`), shown between its feeds; none under a feed
    /// server or an OPML `urls-source`, which have no such lines.
    public var headings: [UrlsHeading] = []
    /// Lines of warnings to show once in the status bar (bad urls-file lines, unknown options).
    public var warnings: [String]
    /// The cache could be opened for reading only (another user's, a read-only mount): nothing
    /// is reloaded, and marks say they cannot be saved.
    public var isCacheReadOnly = false
    /// newsboat's files, offered on the welcome screen when there is no urls file.
    public var newsboatFiles: NewsboatFiles?
    /// The config file, which `:source` paths are relative to and newsboat's config is copied to.
    public var configPath: String?
    /// Where the command line's and the search prompt's histories are kept between sessions;
    /// nil: for the session only.
    public var historyFiles: HistoryFiles?
    /// The zone dates are shown in.
    public var timeZone: TimeZone = .current

    public init(
        urlsPath: String, subscriptions: [Subscription]?, cachePath: String, logPath: String, config: Config = Config(),
        feedListSource: FeedListSource = .urlsFile, syncAccount: Result<SyncAccount, SyncSetupError>? = nil,
        queryFeeds: [QueryFeed] = [], warnings: [String] = []
    ) {
        self.urlsPath = urlsPath
        self.subscriptions = subscriptions
        self.cachePath = cachePath
        self.logPath = logPath
        self.config = config
        self.feedListSource = feedListSource
        self.syncAccount = syncAccount
        self.queryFeeds = queryFeeds
        self.warnings = warnings
    }

    /// `auto-reload` with `reload-time`: reload every feed this often (nil: never).
    var autoReloadMinutes: Int? {
        config[\.autoReload] ? config[\.reloadTime] : nil
    }

    /// The `browser` option, or the default one found at start.
    func browser(_ environment: ReaderEnvironment) throws -> BrowserCommand? {
        let configured = config[\.browser]
        guard !configured.trimmingCharacters(in: .whitespaces).isEmpty else { return environment.defaultBrowser }
        return try BrowserCommand(parsing: configured)
    }

    /// `pager` in words (`~/` expanded; `pager ""` is `$PAGER`); nil for Tidings' own article view.
    func pager(_ environment: ReaderEnvironment) -> [String]? {
        let words: [String]? = switch config.pager {
        case .builtIn: nil
        case .program(let words): words
        case .environment: environment.variables["PAGER"].flatMap { try? CommandArguments.split($0) }
        }
        return words.map { Self.expandingHome($0, environment) }
    }

    /// `external-url-viewer` in words (`~/` expanded): what `show-urls` runs instead of the URL view.
    func externalURLViewer(_ environment: ReaderEnvironment) -> [String]? {
        config.externalURLViewer.map { Self.expandingHome($0, environment) }
    }

    /// `bookmark-cmd`, `bookmark-autopilot`, `bookmark-interactive`, the command's `~/` expanded.
    func bookmarks(_ environment: ReaderEnvironment) -> BookmarkOptions {
        var options = config.bookmarkOptions
        options.command = options.command.map { Self.expandingHome($0, environment) }
        return options
    }

    /// The notification options, the program's `~/` expanded.
    func notifications(_ environment: ReaderEnvironment) -> NotifyOptions {
        config.notifyOptions.resolved(environment: environment.variables)
    }

    /// `player`, `download-path`, `save-path`, `queue-file`, with `~` expanded and the queue
    /// file found.
    func articleActions(_ environment: ReaderEnvironment) -> ArticleActionOptions {
        config.articleActions.resolved(home: environment.home, defaultQueueFile: environment.defaultQueueFile)
    }

    /// `words` with a leading `~/` of the program made the home directory.
    private static func expandingHome(_ words: [String], _ environment: ReaderEnvironment) -> [String] {
        guard let first = words.first else { return words }
        return [ArticleActionOptions.expand(first, home: environment.home)] + words.dropFirst()
    }
}
