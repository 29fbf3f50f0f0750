import Configuration
import FeedFetcher
import FeedModel
import Foundation

extension ReaderSettings {
    /// Takes what the config file sets: everything (at start), or only what the commands named in
    /// `names` change (`:set`, `:source` while the reader runs), so that the rest stays as it is.
    /// Keeps `config` as the configuration in force, for the next `:set` to build on.
    public mutating func take(_ config: Config, names: Set<String>? = nil, environment: [String: String]) {
        func changes(_ options: Set<String>) -> Bool { names.map { !$0.isDisjoint(with: options) } ?? true }
        self.config = config
        if changes(["browser"]) { browser = config[\.browser].isEmpty ? nil : config[\.browser] }
        if changes(["max-items"]) { maxItems = config[\.maxItems] }
        if changes(["keep-articles-days", "keep-forever-if-flagged-with", "delete-read-articles-on-quit", "cleanup-on-quit", "confirm-delete-all-articles", "reset-unread-on-update"]) { lifecycle = config.articleLifecycle }
        if changes(["confirm-exit"]) { confirmsExit = config[\.confirmExit] }
        if changes(["confirm-mark-all-feeds-read"]) { confirmsMarkAllFeedsRead = config[\.confirmMarkAllFeedsRead] }
        if changes(["refresh-on-startup"]) { refreshOnStartup = config[\.refreshOnStartup] }
        if changes(["suppress-first-reload"]) { suppressesFirstReload = config[\.suppressFirstReload] }
        if changes(["auto-reload", "reload-time"]) { autoReloadMinutes = config[\.autoReload] ? config[\.reloadTime] : nil }
        if changes(Set(OptionTable.all.filter { $0.section == .feeds }.map(\.name))) { fetchOptions = config.fetchOptions }
        if let names {
            let changed = config.readerPreferences
            for name in names { ReaderPreferences.optionFields[name]?(&preferences, changed) }
        } else {
            preferences = config.readerPreferences
        }
        if changes(["bind", "bind-key", "unbind-key"]) { boundMacros = config.boundMacros }
        if changes(["macro", "macro-prefix"]) {
            macros = config.macros
            macroPrefix = config.macroPrefixKey
        }
        if changes(["run-on-startup"]) { startupActions = config.startupActions }
        if changes(["ignore-article", "ignore-mode"]) { killfile = config.killfile }
        if changes(["define-filter"]) { definedFilters = config.definedFilters }
        if changes(["download-full-page", "fulltext-command", "fulltext-command-timeout", "always-fetch-full-article"]) { fullArticle = config.fullArticle }
        if changes(["max-browser-tabs"]) { maxBrowserTabs = config[\.maxBrowserTabs] }
        if changes(["external-url-viewer"]) {
            let home = environment["HOME"] ?? NSHomeDirectory()
            externalURLViewer = config.externalURLViewer.map { [ArticleActionOptions.expand($0[0], home: home)] + $0.dropFirst() }
        }
        if changes(["podcast-auto-enqueue"]) { podcastAutoEnqueue = config[\.podcastAutoEnqueue] }
        if changes(["pager"]) {
            let home = environment["HOME"] ?? NSHomeDirectory()
            let words: [String]? = switch config.pager {
            case .builtIn: nil
            case .program(let words): words
            case .environment: (environment["PAGER"]).flatMap { try? CommandArguments.split($0) }
            }
            pager = words.map { [ArticleActionOptions.expand($0[0], home: home)] + $0.dropFirst() }
        }
        if changes(["bookmark-cmd", "bookmark-autopilot", "bookmark-interactive"]) {
            let home = environment["HOME"] ?? NSHomeDirectory()
            bookmarks = config.bookmarkOptions
            bookmarks.command = bookmarks.command.map { [ArticleActionOptions.expand($0[0], home: home)] + $0.dropFirst() }
        }
        if changes(["notify-program", "notify-format", "notify-always", "notify-beep", "notify-screen", "notify-xterm"]) { notifications = config.notifyOptions.resolved(environment: environment) }
        if changes(["player", "download-path", "download-filename-format", "save-path", "queue-file"]) { articleActions = config.articleActions.resolved(environment: environment) }
    }
}

extension ReaderPreferences {
    /// What each config command sets in the preferences: `:set` copies only that, so that what
    /// the reader was given otherwise stays.
    static let optionFields: [String: Field] = ownFields
        .merging(["scrolloff", "wrap-scroll", "mark-as-read-on-hover", "toggleitemread-jumps-to-next", "toggleitemread-jumps-to-next-unread", "openbrowser-and-mark-jumps-to-next-unread", "markfeedread-jumps-to-next-unread", "goto-next-feed", "confirm-mark-feed-read"].map { ($0, listFields) }) { first, _ in first }
        .merging(OptionTable.all.filter { $0.name.hasSuffix("-title-format") || $0.name == "selecttag-format" }.map { ($0.name, titleFields) }) { first, _ in first }

    typealias Field = @Sendable (inout ReaderPreferences, ReaderPreferences) -> Void

    private static let ownFields: [String: Field] = [
        "show-read-feeds": { $0.hidesFeedsWithoutUnread = $1.hidesFeedsWithoutUnread },
        "show-read-articles": { $0.hidesReadArticles = $1.hidesReadArticles },
        "show-excerpts": { $0.showsExcerpts = $1.showsExcerpts },
        "text-width": { $0.textWidth = $1.textWidth },
        "feedlist-format": { $0.feedListFormat = $1.feedListFormat },
        "articlelist-format": { $0.articleListFormat = $1.articleListFormat },
        "datetime-format": { $0.dateTimeFormat = $1.dateTimeFormat },
        "bind-key": { $0.keyMap = $1.keyMap },
        "unbind-key": { $0.keyMap = $1.keyMap },
        "color": { $0.theme = $1.theme },
        "highlight": { $0.highlights = $1.highlights },
        "highlight-article": { $0.highlights = $1.highlights },
        "highlight-feed": { $0.highlights = $1.highlights },
        "article-sort-order": { $0.articleSortOrder = $1.articleSortOrder },
        "feed-sort-order": { $0.feedSortOrder = $1.feedSortOrder },
        "goto-first-unread": { $0.goesToFirstUnread = $1.goesToFirstUnread },
        "reload-only-visible-feeds": { $0.reloadsOnlyVisibleFeeds = $1.reloadsOnlyVisibleFeeds },
        "show-keymap-hint": { $0.showsKeymapHint = $1.showsKeymapHint },
        "show-title-bar": { $0.showsTitleBar = $1.showsTitleBar },
        "swap-title-and-hints": { $0.swapsTitleAndHints = $1.swapsTitleAndHints },
        "image-protocol": { $0.imageProtocol = $1.imageProtocol },
        "image-max-height": { $0.imageMaxHeight = $1.imageMaxHeight },
        "display-article-progress": { $0.showsArticleProgress = $1.showsArticleProgress },
        "always-display-description": { $0.alwaysDisplaysDescription = $1.alwaysDisplaysDescription },
        "html-renderer": { $0.htmlRenderer = $1.htmlRenderer },
        "search-highlight-colors": { $0.searchHighlightStyle = $1.searchHighlightStyle },
    ]

    /// The lists' options (`scrolloff`, `wrap-scroll`, …) and the title formats come from the
    /// config alone: `:set` of one of them takes them all.
    private static let listFields: Field = { $0.lists = $1.lists }
    private static let titleFields: Field = { $0.titleFormats = $1.titleFormats }
}
