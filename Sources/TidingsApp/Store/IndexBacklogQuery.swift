import FeedStore

/// How many stored articles wait to be indexed for search: what a search may have missed.
struct IndexBacklogQuery: StoreQuery {
    func answer(from store: FeedStore) throws -> Int {
        try store.articlesAwaitingIndex()
    }

    static func message(_ result: StoreResult<Int>, route: ScreenTicket) -> ReaderMessage {
        .indexBacklogRead(route, result)
    }
}
