import FeedStore

/// Whether the cache was ever synced with this feed server account: at start, the first sync
/// starts by itself when it was not.
struct HasSyncedQuery: StoreQuery {
    var account: String

    func answer(from store: FeedStore) throws -> Bool {
        try store.lastSync(account: account) != nil
    }

    static func message(_ result: StoreResult<Bool>, route: ReaderRoute) -> ReaderMessage {
        .hasSyncedRead(result)
    }
}
