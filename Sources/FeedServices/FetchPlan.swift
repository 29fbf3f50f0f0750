import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import FilterLanguage
import Foundation

/// What a reload fetches, and what it leaves alone: made from the cache (what each feed's
/// fetches have been, see `FeedHealth`) and the configuration (each feed's own settings).
///
///     let plan = try config.fetchPlan(.automatic, store: store, at: now)
///     fetcher.reload(plan.requests, on: queue)
public struct FetchPlan: Sendable {
    /// The feeds to fetch, in urls-file order, each with its own request settings.
    public var targets: [FeedFetchTarget]
    /// The feeds left alone, in urls-file order, with when they may be fetched and why.
    public var waiting: [Waiting]

    /// A feed a reload leaves alone.
    public struct Waiting: Sendable, Hashable {
        public var feed: FeedHealth
        public var wait: FetchWait
    }

    /// The pipeline's requests for `targets`.
    public var requests: [FetchRequest] { targets.map(\.request) }
}

extension FeedFetchTarget {
    /// The pipeline's request for this feed, with its own settings.
    public var request: FetchRequest {
        FetchRequest(url: url, fetchURL: fetchURL, settings: requestSettings)
    }
}

extension Config {
    /// The feeds a reload of `kind` run at `now` fetches, each with the settings this
    /// configuration gives it, and those it leaves alone.
    ///
    /// - Parameters:
    ///   - only: these feeds alone (nil: all).
    ///   - localOnly: not the feeds a feed server lists (`sync-local-feeds`).
    public func fetchPlan(
        _ kind: ReloadKind, store: FeedStore, only: Set<FeedID>? = nil, localOnly: Bool = false, at now: Date = Date()
    ) throws -> FetchPlan {
        let health = Dictionary(try store.feedHealth(localOnly: localOnly).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var plan = FetchPlan(targets: [], waiting: [])
        for var target in try store.feedsToFetch(localOnly: localOnly) where only?.contains(target.id) ?? true {
            guard let feed = health[target.id] else { continue }
            if !feed.isDue(kind, at: now), let wait = feed.nextFetch(kind) {
                plan.waiting.append(FetchPlan.Waiting(feed: feed, wait: wait))
                continue
            }
            target.requestSettings = requestSettings(for: FilterArticle(feed: feed.feed, now: now), now: now)
            plan.targets.append(target)
        }
        return plan
    }
}

extension FeedStore {
    /// Keeps with each feed the settings of `config` that the store applies itself (its
    /// `reload-time`, `max-items`, `mark-read-on-arrival`, `feed-option` lines included: see
    /// `FeedPolicy`). Run it once the feeds are synced with the urls file and whenever the
    /// configuration changes, before a reload.
    public func applyFeedOptions(_ config: Config, at now: Date = Date()) throws {
        let policies = try feedHealth().map { ($0.feed.url, config.feedPolicy(for: FilterArticle(feed: $0.feed, now: now), now: now)) }
        try applyFeedPolicies(Dictionary(policies, uniquingKeysWith: { first, _ in first }), fallback: config.feedPolicy)
    }
}
