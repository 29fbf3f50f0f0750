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
    /// What the server said of when to ask again (how long its answer stays fresh).
    public let timing: ServerTiming
    public let fetchedAt: Date

    public init(
        _ prepared: PreparedFeed, forFeedURL url: String, validators: CacheValidators = CacheValidators(),
        permanentRedirect: String? = nil, timing: ServerTiming = ServerTiming(), at fetchedAt: Date = Date()
    ) {
        self.prepared = prepared
        self.url = url
        self.validators = validators
        self.permanentRedirect = permanentRedirect
        self.timing = timing
        self.fetchedAt = fetchedAt
    }
}

extension FeedUpdate {
    /// The feed columns a successful fetch writes (see `StoreColumns`); the upsert also clears
    /// the feed's error and any wait its server asked for.
    static let columns = StoreColumns<Self, Feed>([
        // A fetch that brings no title or link keeps the ones stored.
        .init("title", assignment: "COALESCE(?, title)", { $0.prepared.feed.title }),
        .init("link", assignment: "COALESCE(?, link)", { $0.prepared.feed.link }),
        .init("subtitle", { $0.prepared.feed.subtitle }),
        .init("author", { $0.prepared.feed.author }),
        .init("image", { $0.prepared.feed.image }),
        .init("language", { $0.prepared.feed.language }),
        .init("format", { $0.prepared.feed.format.rawValue }),
        .init("etag", { $0.validators.etag }),
        .init("lastModified", { $0.validators.lastModified }),
        .init("lastAttemptAt", { $0.fetchedAt.timeIntervalSince1970 }),
        .init("lastSuccessAt", { $0.fetchedAt.timeIntervalSince1970 }),
        // What the feed declares is kept as it says it, up to a day (see `FeedHealth`).
        .init("updateInterval", { $0.prepared.feed.updateInterval.flatMap { $0 > 0 ? min($0, FeedHealth.longestWait) : nil } }),
        .init("freshUntil", { FeedStore.waitEnd(after: $0.fetchedAt, seconds: $0.timing.freshFor) }),
    ])
}
