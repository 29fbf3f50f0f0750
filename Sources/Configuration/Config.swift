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
/// number, and the default stays. Every option newsboat takes is in `ConfigOption`'s table, which
/// checks its value; one Tidings does not act on yet is kept in `optionValues`, without a
/// warning (a warning is for a mistake in the file). `bind-key`, `unbind-key` and `color` lines
/// are applied in file order onto the default key map and theme (Config+Bindings.swift,
/// Config+Colors.swift); the filter language's lines (`ignore-article`, `define-filter`, …) in
/// Config+Filters.swift.
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

    /// Ask before marking every feed read (`confirm-mark-all-feeds-read`).
    public var confirmMarkAllFeedsRead = true
    /// Every option's value as the file set it, typed by the table (`ConfigOption`).
    public private(set) var optionValues = OptionValues()
    /// `run-on-startup`'s actions, kept for when the reader runs them.
    public var startupActions: [Macro.Step] = []

    public private(set) var directives: [Directive] = []
    public private(set) var warnings: [Warning] = []

    /// `macro` lines, by key, and the key that comes before them (`macro-prefix`).
    public var macros: [Key: Macro] = [:]
    public var macroPrefixKey = Key.character(",")
    /// `bind` lines with several actions or arguments, by key (see `BoundMacro`).
    public var boundMacros: [Key: BoundMacro] = [:]

    /// The defaults.
    public init() {}

    /// Reads `text`; `file` is where it was read from, which `include` paths are relative to.
    public init(parsing text: String, file: URL? = nil) {
        read(text, file: file, including: file.map { [$0.standardizedFileURL.resolvingSymlinksInPath().path] } ?? [])
    }

    /// Loads the file at `url`; a missing file gives the defaults.
    public static func load(from url: URL) throws -> Config {
        guard let text = try TextFile.read(url) else { return Config() }
        return Config(parsing: text, file: url)
    }

    /// Applies the lines of `text`, read from `file` while the files in `including` (outermost
    /// first) are being read, so that a file including itself is refused, not read forever.
    mutating func read(_ text: String, file: URL?, including: [String]) {
        let shownFile = including.count > 1 ? file?.path : nil
        for (number, written, _) in NewsboatTokenizer.joinedLines(of: text) {
            // As newsboat does, a quote left open runs to the end of the line, which is still read,
            // without a word (`ttrss-url "https://rss.example.org/`: issue 45 §17); a value that
            // makes no sense then is warned about as any other.
            let (tokens, _) = NewsboatTokenizer.tokenizeLeniently(BacktickCommand.expanded(written))
            guard let name = tokens.first?.text else { continue }
            let arguments = Self.arguments(of: tokens.dropFirst(), command: name)
            if name == "include" {
                if let problem = include(arguments, from: file, including: including) {
                    warnings.append(Warning(line: number, message: problem, file: shownFile))
                }
                continue
            }
            // A password is applied, never kept where a dump of the configuration would show it.
            let kept = ConfigOption.named[name]?.isSecret == true ? arguments.map { _ in "(hidden)" } : arguments
            directives.append(Directive(line: number, name: name, arguments: kept))
            if let problem = apply(name, arguments) {
                warnings.append(Warning(line: number, message: problem, file: shownFile))
            }
        }
    }

    /// The values of a line: for the lines that hold actions (`macro`, `bind`, `run-on-startup`)
    /// an unquoted `;` separates actions even without spaces around it, as in newsboat
    /// (`open-in-browser;up`); a quoted one is part of its value.
    private static func arguments(of tokens: ArraySlice<NewsboatTokenizer.Token>, command: String) -> [String] {
        guard ["macro", "bind", "run-on-startup"].contains(command) else { return tokens.map(\.text) }
        return tokens.flatMap { token -> [String] in
            guard !token.wasQuoted, token.text.contains(";"), token.text != ";" else { return [token.text] }
            let parts = token.text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            return parts.enumerated().compactMap { offset, part in
                let isLast = offset == parts.count - 1
                return isLast ? (part.isEmpty ? nil : part) : part + ";"
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
        guard let text = try? TextFile.read(target) else {
            return "include \(path): cannot read \(target.path)"
        }
        read(text, file: target, including: including + [resolved])
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

    /// `error-log`: the file where failures are also written, as newsboat writes them; nil
    /// without the option.
    public var errorLogPath: String? {
        guard let path = optionValue("error-log")?.text, !path.isEmpty else { return nil }
        return Config.fileURL(path, relativeTo: nil).path
    }

    /// The pipeline's options as this configuration sets them.
    public var fetchOptions: FetchOptions {
        var options = FetchOptions(
            concurrency: reloadThreads, connectTimeout: connectTimeout, timeout: downloadTimeout,
            userAgent: userAgent ?? FetchOptions.defaultUserAgent)
        options.proxy = proxySettings
        options.httpAuthMethod = authMethod("http-auth-method")
        if let path = optionValue("cookie-cache")?.text, !path.isEmpty {
            options.cookieFile = Config.fileURL(path, relativeTo: nil).path
        }
        options.alwaysDownload = Set((optionValue("always-download")?.text ?? "").split(separator: " ").map(String.init))
        // newsboat tries `download-retries` times in all; 0 would never download anything.
        options.attempts = max(1, optionValue("download-retries")?.number ?? 1)
        return options
    }

    /// The proxy as newsboat takes it: only with `use-proxy yes` and a `proxy` address.
    private var proxySettings: ProxySettings? {
        guard optionValue("use-proxy")?.isOn == true, let address = optionValue("proxy")?.text, !address.isEmpty else { return nil }
        return ProxySettings(
            address: address, kind: ProxySettings.Kind(rawValue: optionValue("proxy-type")?.text ?? "") ?? .http,
            credentials: optionValue("proxy-auth")?.text, authMethod: authMethod("proxy-auth-method"))
    }

    private func authMethod(_ option: String) -> HTTPAuthMethod {
        HTTPAuthMethod(rawValue: optionValue(option)?.text ?? "") ?? .any
    }

    /// How the screens look and behave as this configuration sets it.
    public var readerPreferences: ReaderPreferences {
        var preferences = ReaderPreferences(
            keyMap: keyMap, theme: theme, hidesFeedsWithoutUnread: !showReadFeeds, hidesReadArticles: !showReadArticles,
            showsExcerpts: showExcerpts, textWidth: textWidth, feedListFormat: feedListFormat,
            articleListFormat: articleListFormat, dateTimeFormat: dateTimeFormat, highlights: highlights,
            articleSortOrder: articleSortOrder, feedSortOrder: feedSortOrder)
        preferences.goesToFirstUnread = optionValue("goto-first-unread")?.isOn ?? true
        preferences.reloadsOnlyVisibleFeeds = optionValue("reload-only-visible-feeds")?.isOn ?? false
        preferences.showsKeymapHint = optionValue("show-keymap-hint")?.isOn ?? false
        preferences.showsTitleBar = optionValue("show-title-bar")?.isOn ?? true
        preferences.swapsTitleAndHints = optionValue("swap-title-and-hints")?.isOn ?? false
        preferences.marksLocalFeeds = syncsLocalFeeds
        preferences.imageProtocol = optionValue("image-protocol").flatMap { ImageProtocolChoice(rawValue: $0.text) } ?? .auto
        preferences.imageMaxHeight = optionValue("image-max-height")?.number ?? 0
        preferences.starFlag = starFlag
        preferences.publishFlag = publishFlag
        preferences.showsArticleProgress = optionValue("display-article-progress")?.isOn ?? true
        preferences.alwaysDisplaysDescription = optionValue("always-display-description")?.isOn ?? false
        preferences.htmlRenderer = htmlRenderer
        if let text = optionValue("search-highlight-colors")?.text, let style = try? SearchHighlight.parseStyle(text) {
            preferences.searchHighlightStyle = style
        }
        preferences.lists = listBehaviour
        preferences.titleFormats = titleFormats
        return preferences
    }

    /// Applies one line; returns what was wrong with it, if anything.
    private mutating func apply(_ name: String, _ arguments: [String]) -> String? {
        switch name {
        case "bind-key": return bindKey(arguments)
        case "unbind-key": return unbindKey(arguments)
        case "bind": return bind(arguments)
        case "color": return color(arguments)
        case "macro": return macro(arguments)
        case "macro-prefix": return macroPrefix(arguments)
        case "run-on-startup": return runOnStartup(arguments)
        case "ignore-article": return ignoreArticle(arguments)
        case "define-filter": return defineFilter(arguments)
        case "highlight": return highlight(arguments)
        case "highlight-article": return highlightRow(arguments, command: "highlight-article")
        case "highlight-feed": return highlightRow(arguments, command: "highlight-feed")
        default: break
        }
        guard let option = ConfigOption.named[name], option.kind != .command else {
            return "unknown option \"\(Excerpt(name))\"; ignored"
        }
        let value: OptionValue
        switch option.value(from: arguments) {
        case .success(let read): value = read
        case .failure(let problem): return problem.message
        }
        let problem: String?
        switch option.part {
        case .sync: problem = applySyncOption(name, value)
        case .fullArticle: problem = fullArticleOption(name, value)
        case .articleActions: problem = applyArticleActionOption(name, value)
        case .reader, .fetch: problem = applyReaderOption(name, value)
        }
        // A value the option's own check refused is not kept: the default stays.
        if problem == nil { optionValues[name] = value }
        return problem
    }

    /// Sets the `Config` value behind option `name`, for the options Tidings acts on; the others
    /// are only kept in `optionValues`.
    private mutating func applyReaderOption(_ name: String, _ value: OptionValue) -> String? {
        switch name {
        case "reload-threads": reloadThreads = value.number
        case "download-timeout": downloadTimeout = TimeInterval(value.number)
        case "connect-timeout": connectTimeout = TimeInterval(value.number)
        case "max-items": maxItems = value.number
        case "reload-time": reloadTime = value.number
        case "text-width": textWidth = value.number
        case "show-read-feeds": showReadFeeds = value.isOn
        case "show-read-articles": showReadArticles = value.isOn
        case "refresh-on-startup": refreshOnStartup = value.isOn
        case "auto-reload": autoReload = value.isOn
        case "confirm-exit": confirmExit = value.isOn
        case "confirm-mark-all-feeds-read": confirmMarkAllFeedsRead = value.isOn
        case "show-excerpts": showExcerpts = value.isOn
        case "ignore-mode": killfile.mode = Killfile.Mode(rawValue: value.text) ?? killfile.mode
        case "feedlist-format":
            // A specifier the list does not have is left out, as newsboat leaves it out (see ListFormat).
            feedListFormat = value.text.isEmpty ? nil : value.text
        case "articlelist-format":
            articleListFormat = value.text.isEmpty ? nil : value.text
        case "datetime-format": dateTimeFormat = value.text
        case _ where TitleFormats.optionNames.contains(name):
            // Kept in `optionValues` when it can be drawn; `titleFormats` reads it from there.
            return (ListFormat.Kind.titles + [.tagList]).first { $0.optionName == name }
                .flatMap { ListFormat.problem(in: value.text, kind: $0) }
        case "article-sort-order": return setArticleSortOrder(value.text)
        case "feed-sort-order": return setFeedSortOrder(value.text)
        case "browser":
            let (command, warning) = Config.browserForShellLine(value.text)
            browser = command.isEmpty ? nil : command
            return warning
        case "user-agent": userAgent = value.text.isEmpty ? nil : value.text
        case "notify-format":
            // An unknown specifier is left out of the text without a word, as newsboat leaves it
            // out: the notification is the one the user had, so there is nothing to warn about
            // (shared configs copy `%I` from one example).
            optionValues[name] = value
        case "notify-program": return Self.notifyProgramProblem(value.text)
        case "external-url-viewer": return Self.externalURLViewerProblem(value.text)
        case "bookmark-cmd", "html-renderer", "pager": return Self.articleCommandProblem(name, value.text)
        case "search-highlight-colors":
            do { _ = try SearchHighlight.parseStyle(value.text) } catch { return "search-highlight-colors: \(error.description); default kept" }
        default: break
        }
        return nil
    }

    /// The value of option `name`: the one the file set, else the table's default; nil for a
    /// name the table does not have. For the options Tidings does not act on yet, this is where
    /// the reader will find them.
    public func optionValue(_ name: String) -> OptionValue? {
        optionValues[name] ?? ConfigOption.named[name]?.defaultOptionValue
    }
}
