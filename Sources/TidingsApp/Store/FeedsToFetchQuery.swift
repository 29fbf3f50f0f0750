import FeedModel
import FeedStore

/// The feeds to reload: every one, or those in `only`; `localOnly`: not the feed server's
/// (`sync-local-feeds`).
struct FeedsToFetchQuery: StoreQuery {
    var only: Set<FeedID>?
    var localOnly = false

    func answer(from store: FeedStore) throws -> [FeedFetchTarget] {
        try store.feedsToFetch(localOnly: localOnly).filter { only?.contains($0.id) ?? true }
    }

    static func message(_ result: StoreResult<[FeedFetchTarget]>, route: ReaderRoute) -> ReaderMessage {
        .feedsToFetchRead(result)
    }
}
