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

    public init(
        id: FeedID, url: String, fetchURL: String, validators: CacheValidators,
        lastSuccessAt: Date?, failureCount: Int
    ) {
        self.id = id
        self.url = url
        self.fetchURL = fetchURL
        self.validators = validators
        self.lastSuccessAt = lastSuccessAt
        self.failureCount = failureCount
    }
}
