import FeedStore

/// Each feed's health, for the feeds' health screen (`feed-health`): what its fetches came to.
struct FeedHealthQuery: StoreQuery {
    func answer(from store: FeedStore) throws -> [FeedHealth] {
        try store.feedHealth()
    }

    static func message(_ result: StoreResult<[FeedHealth]>, route: ScreenTicket) -> ReaderMessage {
        .feedHealthRead(route, result)
    }
}
