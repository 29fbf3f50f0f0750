import FeedModel
import Foundation

/// What the fetch pipeline needs to fetch one subscribed feed.
public struct FeedFetchTarget: Sendable, Hashable {
    public var id: FeedID
    /// The feed as written in the urls file: pass it back to `upsert`/`record…` calls.
    public var url: String
    /// Where to fetch from: `url`, or the target of a confirmed permanent redirect.
    public var fetchURL: String
    public var validators: CacheValidators
    public var lastSuccessAt: Date?
    public var failureCount: Int
    /// The feed's own user agent, headers, timeout, proxy and cookie jar, as the configuration
    /// sets them (`feed-option`); nil: the reload's. The store leaves it nil: whoever reads the
    /// configuration fills it in (FeedServices' `Config.fetchPlan`).
    public var requestSettings: FeedRequestSettings?

    public init(
        id: FeedID, url: String, fetchURL: String, validators: CacheValidators,
        lastSuccessAt: Date?, failureCount: Int, requestSettings: FeedRequestSettings? = nil
    ) {
        self.id = id
        self.url = url
        self.fetchURL = fetchURL
        self.validators = validators
        self.lastSuccessAt = lastSuccessAt
        self.failureCount = failureCount
        self.requestSettings = requestSettings
    }
}
