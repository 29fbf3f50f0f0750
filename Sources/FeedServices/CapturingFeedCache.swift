import FeedFetcher
import FeedModel
import Foundation

/// A `FeedCache` that writes nothing and keeps what one fetch brought in memory.
///
/// The reader fetches a feed it is asked to add into one of these, so that a location that
/// cannot be fetched or does not hold a feed is refused before the urls file or the store
/// change; once the feed is known good, the captured document goes into the store.
public final class CapturingFeedCache: FeedCache, @unchecked Sendable {
    /// A fetched feed with what the next fetch of it needs.
    public struct Capture: Equatable, Sendable {
        public var feed: Feed
        public var validators: CacheValidators
        public var permanentRedirect: String?
    }

    private let lock = NSLock()
    private var captured: Capture?

    public init() {}

    /// The feed the fetch stored, if it got that far.
    public var capture: Capture? { lock.withLock { captured } }

    /// Nothing is cached yet: the fetch is unconditional.
    public func validators(for url: String) throws -> CacheValidators? { nil }

    public func storeFeed(
        _ feed: Feed, for url: String, validators: CacheValidators, permanentRedirect: String?, timing: ServerTiming
    ) throws -> Int {
        lock.withLock { captured = Capture(feed: feed, validators: validators, permanentRedirect: permanentRedirect) }
        return feed.items.count
    }

    /// Cannot happen without validators; there would be nothing to keep.
    public func recordNotModified(for url: String, permanentRedirect: String?, timing: ServerTiming) throws {}

    /// The failure reaches the caller through the reload's summary.
    public func recordFailure(_ failure: FetchFailure, for url: String) throws {}
}
