import FeedModel
import Foundation

/// One fetched feed to store, with what its download said (`FeedStore.upsert(_:)` of several).
public struct FeedUpdate: Sendable {
    public let prepared: PreparedFeed
    /// The feed as written in the urls file (`FeedFetchTarget.url`).
    public let url: String
    public let validators: CacheValidators
    /// Where every redirect of the download led, when all were permanent (see `upsert`).
    public let permanentRedirect: String?
    public let fetchedAt: Date

    public init(
        _ prepared: PreparedFeed, forFeedURL url: String, validators: CacheValidators = CacheValidators(),
        permanentRedirect: String? = nil, at fetchedAt: Date = Date()
    ) {
        self.prepared = prepared
        self.url = url
        self.validators = validators
        self.permanentRedirect = permanentRedirect
        self.fetchedAt = fetchedAt
    }
}
