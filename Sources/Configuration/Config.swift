import FeedFetcher
import FeedStore
import Foundation
import TerminalUI

/// The `config` file, in newsboat's syntax: one `option value` per line, values quoted when they
/// hold spaces, `#` comments, booleans as `yes`/`no` (or `true`/`false`).
///
///     reload-threads 12
///     download-timeout 30
///     browser "firefox --new-tab %u"
///     show-read-feeds no
///
/// Loading never fails on content: an unknown option or a bad value is a `Warning` with its line
/// number, and the default stays. `bind-key`, `unbind-key` and `color` lines are applied in file
/// order onto the default key map and theme (Config+Bindings.swift, Config+Colors.swift); the
/// filter language's lines (`ignore-article`, `define-filter`, …) in Config+Filters.swift. No
/// line is accepted without being applied: what Tidings does not do is a warning.
public struct Config: Sendable, Equatable {
    /// One non-comment line: its name and arguments.
    public struct Directive: Sendable, Equatable {
        public var line: Int
        public var name: String
        public var arguments: [String]
    }

    /// A line that was ignored, and why.
    public struct Warning: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        /// The included file the line is in; nil for the config file itself.
        public var file: String?

        public init(line: Int, message: String, file: String? = nil) {
            self.line = line
            self.message = message
            self.file = file
        }

        public var description: String { "config \(file.map { "file \($0) " } ?? "")line \(line): \(message)" }
    }

    /// Feeds downloaded at once (`reload-threads`).
    public var reloadThreads = FetchOptions.defaultConcurrency
    /// Seconds one feed may take, download and parsing (`download-timeout`).
    public var downloadTimeout: TimeInterval = 60
    /// Seconds to wait for a server to answer (`connect-timeout`, a Tidings option).
    public var connectTimeout: TimeInterval = 10
    /// The browser command; `%u` is the URL (`browser`). Nil: `$BROWSER`, then `xdg-open`.
    public var browser: String?
    /// Items kept per feed, 0 for all (`max-items`).
    public var maxItems = 0
    /// Show feeds whose items are all read (`show-read-feeds`).
    public var showReadFeeds = true
    /// Show read items in item lists (`show-read-articles`).
    public var showReadArticles = true
    /// Reload every feed when the reader starts (`refresh-on-startup`).
    public var refreshOnStartup = false
    /// Reload every `reloadTime` minutes while the reader runs (`auto-reload`, `reload-time`).
    public var autoReload = false
    public var reloadTime = 60
    /// Ask before quitting (`confirm-exit`).
    public var confirmExit = false
    /// Wrap article text at this column, 0 for the window width (`text-width`).
    public var textWidth = 0
    /// The `User-Agent` header (`user-agent`). Nil: `Tidings/<version>`.
    public var userAgent: String?
    /// A line of each article's text under its title in item lists (`show-excerpts`).
    public var showExcerpts = false
    /// Layouts of list rows (`feedlist-format`, `articlelist-format`); nil: Tidings' own.
    public var feedListFormat: String?
    public var articleListFormat: String?
    /// How item lists show dates, for strftime(3) (`datetime-format`).
    public var dateTimeFormat = ReaderPreferences.defaultDateTimeFormat
    /// The order of item lists (`article-sort-order`) and of the feed list (`feed-sort-order`),
    /// Config+SortOrders.swift.
    public var articleSortOrder = ItemOrder.newestFirst
    public var feedSortOrder = FeedOrder.urlsFile
    /// The key bindings: the defaults changed by `bind-key` and `unbind-key` lines.
    public var keyMap = KeyMap.standard
    /// The look: the defaults changed by `color` lines.
    public var theme = Theme.standard
    /// Where the subscriptions come from and how to reach a feed server (Config+Sync.swift).
    public var sync = SyncOptions()
    /// `fulltext-command`, `always-fetch-full-article` (Config+FullArticle.swift).
    public var fullArticle = FullArticleOptions()
    /// `player`, `download-path`, `save-path`, `queue-file` (Config+ArticleActions.swift).
    public var articleActions = ArticleActionOptions()
    /// Whether a `color title` line was read: until one is, `color info` colours both bars.
    var hasTitleColor = false

    /// `ignore-article` and `ignore-mode`.
    public var killfile = Killfile()
    /// `highlight` and `highlight-article` lines.
    public var highlights = Highlights()
    /// `define-filter` lines, in file order.
    public var definedFilters: [DefinedFilter] = []

    public private(set) var directives: [Directive] = []
    public private(set) var warnings: [Warning] = []

    /// `macro` lines, by key, and the key that comes before them (`macro-prefix`).
    public var macros: [Key: Macro] = [:]
    public var macroPrefixKey = Key.character(",")

    /// The defaults.
    public init() {}

    /// Reads `text`; `file` is where it was read from, which `include` paths are relative to.
    public init(parsing text: String, file: URL? = nil) {
        read(text, file: file, including: file.map { [$0.standardizedFileURL.resolvingSymlinksInPath().path] } ?? [])
    }

    /// Loads the file at `url`; a missing file gives the defaults.
    public static func load(from url: URL) throws -> Config {
        guard FileManager.default.fileExists(atPath: url.path) else { return Config() }
        return Config(parsing: String(decoding: try Data(contentsOf: url), as: UTF8.self), file: url)
    }

    /// Applies the lines of `text`, read from `file` while the files in `including` (outermost
    /// first) are being read, so that a file including itself is refused, not read forever.
    mutating func read(_ text: String, file: URL?, including: [String]) {
        let shownFile = including.count > 1 ? file?.path : nil
        for (offset, raw) in NewsboatTokenizer.lines(of: text).enumerated() {
            let number = offset + 1
            let tokens: [NewsboatTokenizer.Token]
            do {
                tokens = try NewsboatTokenizer.tokenize(String(raw))
            } catch {
                warnings.append(Warning(line: number, message: error.description, file: shownFile))
                continue
            }
            guard let name = tokens.first?.text else { continue }
            let arguments = tokens.dropFirst().map(\.text)
            if name == "include" {
                if let problem = include(arguments, from: file, including: including) {
                    warnings.append(Warning(line: number, message: problem, file: shownFile))
                }
                continue
            }
            // A password is applied, never kept where a dump of the configuration would show it.
            let kept = Config.secretOptionNames.contains(name) ? arguments.map { _ in "(hidden)" } : arguments
            directives.append(Directive(line: number, name: name, arguments: kept))
            if let problem = apply(name, arguments) {
                warnings.append(Warning(line: number, message: problem, file: shownFile))
            }
        }
    }

    /// `include FILE`, as newsboat reads it: the file's lines applied here, in place; a relative
    /// path is taken from the including file's directory, `~/` is the home directory.
    private mutating func include(_ arguments: [String], from file: URL?, including: [String]) -> String? {
        guard arguments.count == 1, let path = arguments.first, !path.isEmpty else {
            return "include takes one file name"
        }
        let target = Config.fileURL(path, relativeTo: file?.deletingLastPathComponent())
        let resolved = target.standardizedFileURL.resolvingSymlinksInPath().path
        guard !including.contains(resolved) else {
            return "include \(path): the file is already being read (an include cycle); not read again"
        }
        guard let data = FileManager.default.contents(atPath: target.path) else {
            return "include \(path): cannot read \(target.path)"
        }
        read(String(decoding: data, as: UTF8.self), file: target, including: including + [resolved])
        return nil
    }

    /// The file a config line names: `~/` is the home directory, a relative path is taken from
    /// `directory` (the including file's), else from the working directory.
    public static func fileURL(_ path: String, relativeTo directory: URL?) -> URL {
        if path.hasPrefix("~/") {
            return URL(fileURLWithPath: AppPaths.home(ProcessInfo.processInfo.environment)).appendingPathComponent(String(path.dropFirst(2)))
        }
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return (directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(path)
    }

    /// The lines with this command name, in file order.
    public func directives(named name: String) -> [Directive] {
        directives.filter { $0.name == name }
    }

    /// The pipeline's options as this configuration sets them.
    public var fetchOptions: FetchOptions {
        FetchOptions(
            concurrency: reloadThreads, connectTimeout: connectTimeout, timeout: downloadTimeout,
            userAgent: userAgent ?? FetchOptions.defaultUserAgent)
    }

    /// How the screens look and behave as this configuration sets it.
    public var readerPreferences: ReaderPreferences {
        ReaderPreferences(
            keyMap: keyMap, theme: theme, hidesFeedsWithoutUnread: !showReadFeeds, hidesReadArticles: !showReadArticles,
            showsExcerpts: showExcerpts, textWidth: textWidth, feedListFormat: feedListFormat,
            articleListFormat: articleListFormat, dateTimeFormat: dateTimeFormat, highlights: highlights,
            articleSortOrder: articleSortOrder, feedSortOrder: feedSortOrder)
    }

    /// The options that take one value, applied by `apply`.
    static let valueOptionNames: Set<String> = [
        "reload-threads", "download-timeout", "connect-timeout", "browser", "max-items", "show-read-feeds",
        "show-read-articles", "refresh-on-startup", "auto-reload", "reload-time", "confirm-exit",
        "text-width", "user-agent", "show-excerpts", "feedlist-format", "articlelist-format", "datetime-format",
        "article-sort-order", "feed-sort-order",
    ]

    /// Applies one option; returns what was wrong with it, if anything.
    private mutating func apply(_ name: String, _ arguments: [String]) -> String? {
        switch name {
        case "bind-key": return bindKey(arguments)
        case "unbind-key": return unbindKey(arguments)
        case "color": return color(arguments)
        case "macro": return macro(arguments)
        case "macro-prefix": return macroPrefix(arguments)
        case "ignore-article": return ignoreArticle(arguments)
        case "ignore-mode": return ignoreMode(arguments)
        case "define-filter": return defineFilter(arguments)
        case "highlight": return highlight(arguments)
        case "highlight-article": return highlightRow(arguments, command: "highlight-article")
        case "highlight-feed": return highlightRow(arguments, command: "highlight-feed")
        case _ where Config.syncOptionNames.contains(name): return applySyncOption(name, arguments)
        case _ where Config.fullArticleOptionNames.contains(name): return fullArticleOption(name, arguments)
        case _ where Config.articleActionOptionNames.contains(name): return applyArticleActionOption(name, arguments)
        default: break
        }
        guard Config.valueOptionNames.contains(name) else { return "unknown option \"\(Excerpt(name))\"; ignored" }
        guard arguments.count == 1, let value = arguments.first else {
            return "\(name) takes one value, got \(arguments.count)"
        }
        switch name {
        case "reload-threads": return integer(value, name, minimum: 1) { reloadThreads = $0 }
        case "download-timeout": return integer(value, name, minimum: 1) { downloadTimeout = TimeInterval($0) }
        case "connect-timeout": return integer(value, name, minimum: 1) { connectTimeout = TimeInterval($0) }
        case "max-items": return integer(value, name, minimum: 0) { maxItems = $0 }
        case "reload-time": return integer(value, name, minimum: 1) { reloadTime = $0 }
        case "text-width": return integer(value, name, minimum: 0) { textWidth = $0 }
        case "show-read-feeds": return boolean(value, name) { showReadFeeds = $0 }
        case "show-read-articles": return boolean(value, name) { showReadArticles = $0 }
        case "refresh-on-startup": return boolean(value, name) { refreshOnStartup = $0 }
        case "auto-reload": return boolean(value, name) { autoReload = $0 }
        case "confirm-exit": return boolean(value, name) { confirmExit = $0 }
        case "show-excerpts": return boolean(value, name) { showExcerpts = $0 }
        case "feedlist-format":
            // A format with something Tidings cannot draw keeps the default layout (see ListFormat).
            let problem = ListFormat.problem(in: value, kind: .feedList)
            if problem == nil { feedListFormat = value }
            return problem
        case "articlelist-format":
            let problem = ListFormat.problem(in: value, kind: .articleList)
            if problem == nil { articleListFormat = value }
            return problem
        case "datetime-format":
            dateTimeFormat = value
            return nil
        case "article-sort-order": return setArticleSortOrder(value)
        case "feed-sort-order": return setFeedSortOrder(value)
        case "browser":
            browser = value
            return Config.browserShellWarning(value)
        case "user-agent":
            userAgent = value
            return nil
        default: return "unknown option \"\(Excerpt(name))\"; ignored"
        }
    }

    private func integer(_ value: String, _ name: String, minimum: Int, set: (Int) -> Void) -> String? {
        guard let number = Int(value), number >= minimum else {
            return "\(name) needs a whole number of at least \(minimum), not \"\(Excerpt(value))\"; default kept"
        }
        set(number)
        return nil
    }

    private func boolean(_ value: String, _ name: String, set: (Bool) -> Void) -> String? {
        switch value.lowercased() {
        case "yes", "true": set(true)
        case "no", "false": set(false)
        default: return "\(name) needs yes or no, not \"\(Excerpt(value))\"; default kept"
        }
        return nil
    }
}
