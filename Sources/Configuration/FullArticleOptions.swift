import Foundation

/// How full articles are fetched: the `fulltext-command` and `always-fetch-full-article`
/// options (newsboat's names where newsboat has them) and the command's time limit.
public struct FullArticleOptions: Sendable, Equatable {
    /// An external extractor (readability-lxml, trafilatura…) split into arguments without a
    /// shell: it reads the page's HTML on standard input and writes the article's HTML on
    /// standard output. Nil: Tidings' own extractor.
    public var command: [String]?
    /// Seconds the command may run before it is killed (`fulltext-command-timeout`).
    public var commandTimeout: TimeInterval = 30
    /// Feeds whose URL this regular expression matches get the full article of their new items
    /// fetched after each reload in the reader (`always-fetch-full-article`).
    public var alwaysFetchPattern: String?
    /// Every feed gets the full article of its new items fetched (newsboat's
    /// `download-full-page`), as if `alwaysFetchPattern` matched every URL.
    public var fetchesEveryFeed = false

    /// At most this many new items' pages are fetched after one reload, the newest first.
    public static let alwaysFetchLimit = 100
    /// Pages fetched at once for `always-fetch-full-article` (a page asked for with `x` never
    /// waits behind them).
    public static let alwaysFetchConcurrency = 2

    public init(command: [String]? = nil, commandTimeout: TimeInterval = 30, alwaysFetchPattern: String? = nil, fetchesEveryFeed: Bool = false) {
        self.command = command
        self.commandTimeout = commandTimeout
        self.alwaysFetchPattern = alwaysFetchPattern
        self.fetchesEveryFeed = fetchesEveryFeed
    }

    /// Whether some feeds get their full articles fetched after a reload.
    public var fetchesAutomatically: Bool { fetchesEveryFeed || alwaysFetchPattern != nil }

    /// Whether `always-fetch-full-article` (a search, as newsboat's regular expressions match
    /// anywhere in the text) or `download-full-page` covers the feed at `feedURL`.
    public func alwaysFetches(feedURL: String) -> Bool {
        alwaysFetchFilter()(feedURL)
    }

    /// `alwaysFetches(feedURL:)` with the expression compiled once, for many feeds.
    public func alwaysFetchFilter() -> (String) -> Bool {
        if fetchesEveryFeed { return { _ in true } }
        guard let alwaysFetchPattern, let expression = try? NSRegularExpression(pattern: alwaysFetchPattern) else { return { _ in false } }
        return { feedURL in
            expression.firstMatch(in: feedURL, range: NSRange(feedURL.startIndex..., in: feedURL)) != nil
        }
    }
}
