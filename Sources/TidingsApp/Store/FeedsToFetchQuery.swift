import Configuration
import FeedModel
import FeedServices
import FeedStore
import Foundation

/// The feeds to reload, each with its own request settings (`feed-option`): every one, or those
/// in `only`; an automatic reload (`auto-reload`, the reload at start) only those that are due
/// (see `Config.fetchPlan`); `localOnly`: not the feed server's (`sync-local-feeds`).
struct FeedsToFetchQuery: StoreQuery {
    var only: Set<FeedID>?
    var localOnly = false
    var kind = ReloadKind.manual
    /// The configuration that gives each feed its settings.
    var config = Config()
    var now = Date(timeIntervalSince1970: 0)

    func answer(from store: FeedStore) throws -> [FeedFetchTarget] {
        try config.fetchPlan(kind, store: store, only: only, localOnly: localOnly, at: now).targets
    }

    static func message(_ result: StoreResult<[FeedFetchTarget]>, route: ReaderRoute) -> ReaderMessage {
        .feedsToFetchRead(result)
    }
}
