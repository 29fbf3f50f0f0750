import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import FilterLanguage
import Foundation

extension Config {
    /// The download pipeline's options as this configuration sets them for every feed.
    public var fetchOptions: FetchOptions {
        var options = FetchOptions(
            concurrency: self[\.reloadThreads], connectTimeout: TimeInterval(self[\.connectTimeout]))
        options = options.applying(requestSettings(OptionReader(config: self)))
        options.httpAuthMethod = self[\.httpAuthMethod]
        options.alwaysDownload = Set(self[\.alwaysDownload])
        // newsboat tries `download-retries` times in all; 0 would never download anything.
        options.attempts = max(1, self[\.downloadRetries])
        return options
    }

    /// How the feed `feed` describes is asked for: the user agent, headers, timeout, proxy and
    /// cookie jar that hold for it, `feed-option` lines included.
    public func requestSettings(for feed: FilterArticle, now: Date = Date()) -> FeedRequestSettings {
        requestSettings(OptionReader(config: self, feed: feed, now: now))
    }

    /// What the store applies to the feed `feed` describes itself: its `reload-time`,
    /// `max-items` and `mark-read-on-arrival`.
    public func feedPolicy(for feed: FilterArticle, now: Date = Date()) -> FeedPolicy {
        feedPolicy(OptionReader(config: self, feed: feed, now: now))
    }

    /// The same for every feed, without `feed-option` lines.
    public var feedPolicy: FeedPolicy { feedPolicy(OptionReader(config: self)) }

    private func requestSettings(_ option: OptionReader) -> FeedRequestSettings {
        let userAgent = option(\.userAgent)
        let cookies = option(\.cookieCache)
        return FeedRequestSettings(
            userAgent: userAgent.isEmpty ? FetchOptions.defaultUserAgent : userAgent, headers: option(\.httpHeader).lines,
            timeout: TimeInterval(option(\.downloadTimeout)),
            // The proxy as newsboat takes it: only with `use-proxy yes` and a `proxy` address.
            proxy: option(\.useProxy) && !option(\.proxy).isEmpty
                ? ProxySettings(address: option(\.proxy), kind: option(\.proxyType), credentials: self[\.proxyAuth], authMethod: self[\.proxyAuthMethod])
                : nil,
            cookieFile: cookies.isEmpty ? nil : Config.fileURL(cookies, relativeTo: nil).path)
    }

    private func feedPolicy(_ option: OptionReader) -> FeedPolicy {
        FeedPolicy(reloadInterval: Double(option(\.reloadTime)) * 60, maxItems: option(\.maxItems), markReadOnArrival: option(\.markReadOnArrival))
    }
}

/// Reads options as they hold for one feed (`feed-option` lines included), or for every feed.
private struct OptionReader {
    let config: Config
    var feed: FilterArticle?
    var now = Date()

    func callAsFunction<Value>(_ option: KeyPath<OptionTable, ConfigOption<Value>>) -> Value {
        feed.map { config.value(option, for: $0, now: now) } ?? config[option]
    }
}
