import FeedFetcher
import Foundation

/// What the command line (`:set`, `:source`) needs of the configuration: lines applied on top of
/// it, the options grouped by what they change, and an option's value as the config file writes it.
extension Config {
    /// Options that only matter when the reader starts (or that choose where the feeds come
    /// from): `:set` shows them but does not change them.
    public static let startOnlyOptionNames: Set<String> = ConfigOption.names(in: .sync).union(["refresh-on-startup"])

    /// Options of the download-and-parse pipeline: they apply from the next reload.
    public static let fetchOptionNames: Set<String> = ConfigOption.names(in: .fetch)

    /// The options `:set` offers for Tab to complete: those that do something (the others are
    /// taken when typed in full, and only kept).
    public static let settableOptionNames: [String] = ConfigOption.all.filter { $0.kind != .command && $0.status == .works }.map(\.name).sorted()

    /// Applies the lines of `text` on top of this configuration, as if they followed its own lines;
    /// `file` is where they were read, which `include` is relative to.
    ///
    /// - Returns: the names of the commands the lines ran (`bind-key`, `browser`, …) and the
    ///   warnings they gave.
    public mutating func apply(_ text: String, file: URL? = nil) -> (names: Set<String>, warnings: [Warning]) {
        let (directiveCount, warningCount) = (directives.count, warnings.count)
        read(text, file: file, including: file.map { [$0.standardizedFileURL.resolvingSymlinksInPath().path] } ?? [])
        return (Set(directives[directiveCount...].map(\.name)), Array(warnings[warningCount...]))
    }

    /// The value of option `name` as a config line would write it; nil for an unknown option.
    public func valueText(of name: String) -> String? {
        func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }
        func quoted(_ value: String?, unset: String = "(not set)") -> String {
            value.map(NewsboatTokenizer.quoteIfNeeded) ?? unset
        }
        switch name {
        case "reload-threads": return String(reloadThreads)
        case "download-timeout": return String(Int(downloadTimeout))
        case "connect-timeout": return String(Int(connectTimeout))
        case "browser": return quoted(browser, unset: "(not set: $BROWSER, then xdg-open)")
        case "max-items": return String(maxItems)
        case "show-read-feeds": return yesNo(showReadFeeds)
        case "show-read-articles": return yesNo(showReadArticles)
        case "refresh-on-startup": return yesNo(refreshOnStartup)
        case "auto-reload": return yesNo(autoReload)
        case "reload-time": return String(reloadTime)
        case "confirm-exit": return yesNo(confirmExit)
        case "text-width": return String(textWidth)
        case "user-agent": return quoted(userAgent, unset: "(not set: \(FetchOptions.defaultUserAgent))")
        case "show-excerpts": return yesNo(showExcerpts)
        case "feedlist-format": return quoted(feedListFormat, unset: "(not set: Tidings' own layout)")
        case "articlelist-format": return quoted(articleListFormat, unset: "(not set: Tidings' own layout)")
        case "datetime-format": return NewsboatTokenizer.quoteIfNeeded(dateTimeFormat)
        case "article-sort-order": return articleSortOrderText
        case "feed-sort-order": return feedSortOrderText
        case "player": return quoted(articleActions.player)
        case "download-path": return quoted(articleActions.downloadPath)
        case "download-filename-format": return quoted(articleActions.downloadFileNameFormat)
        case "save-path": return quoted(articleActions.savePath)
        case "queue-file": return quoted(articleActions.queueFile, unset: "(not set: podboat's queue)")
        case "fulltext-command":
            return fullArticle.command.map { $0.map(NewsboatTokenizer.quoteIfNeeded).joined(separator: " ") }
                .map(NewsboatTokenizer.quoteIfNeeded) ?? "(not set: Tidings' own extractor)"
        case "fulltext-command-timeout": return String(Int(fullArticle.commandTimeout))
        case "always-fetch-full-article": return quoted(fullArticle.alwaysFetchPattern)
        case "urls-source": return sync.urlsSource
        default:
            guard let option = ConfigOption.named[name], option.kind != .command else { return nil }
            if option.isSecret { return optionValues[name] == nil ? "(not set)" : "(hidden)" }
            return optionValue(name)?.configText
        }
    }
}
