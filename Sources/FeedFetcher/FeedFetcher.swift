import Dispatch
import Foundation
import Logging

/// The download-and-parse pipeline: refreshes feeds in the background, streaming each download
/// into the push parser and storing the result in a `FeedCache`.
///
///     let fetcher = FeedFetcher(cache: store, options: FetchOptions(concurrency: 8))
///     let reload = fetcher.reload(urls, on: .main) { event in show(event) } onComplete: { summary in done(summary) }
///     // … on quit:
///     reload.cancel(); reload.wait(timeout: 2)
///
/// HTTP requests are conditional (ETag / Last-Modified), accept gzip and deflate, follow up to
/// `maxRedirects` redirects, honour `http_proxy` / `https_proxy` (libcurl reads them), and are
/// bounded by the connect timeout, the whole-feed timeout and the size cap of `FetchOptions`.
public struct FeedFetcher: Sendable {
    public var options: FetchOptions
    public let cache: any FeedCache
    public var logger: Logger

    public init(cache: any FeedCache, options: FetchOptions = FetchOptions(), logger: Logger = Logger(label: "tidings.fetch")) {
        self.cache = cache
        self.options = options
        self.logger = logger
    }

    /// Starts refreshing the feeds at `urls` (each fetched from its own address) and returns at once.
    @discardableResult
    public func reload(
        _ urls: [String], on queue: DispatchQueue,
        onEvent: @escaping @Sendable (FetchEvent) -> Void = { _ in },
        onComplete: @escaping @Sendable (ReloadSummary) -> Void = { _ in }
    ) -> Reload {
        reload(urls.map { FetchRequest(url: $0) }, on: queue, onEvent: onEvent, onComplete: onComplete)
    }

    /// Starts refreshing `requests` (a URL listed twice is fetched once) and returns at once.
    ///
    /// - Parameters:
    ///   - queue: where `onEvent` and `onComplete` run (the main queue for a UI).
    ///   - onEvent: every `FetchEvent`, in order when `queue` is serial.
    ///   - onComplete: the summary, after the last event.
    @discardableResult
    public func reload(
        _ requests: [FetchRequest], on queue: DispatchQueue,
        onEvent: @escaping @Sendable (FetchEvent) -> Void = { _ in },
        onComplete: @escaping @Sendable (ReloadSummary) -> Void = { _ in }
    ) -> Reload {
        let reload = Reload(
            requests: requests, cache: cache, options: options, logger: logger,
            eventQueue: queue, onEvent: onEvent, onComplete: onComplete)
        reload.begin()
        return reload
    }
}
