import FeedStore

/// The tags of the feed list with their counts.
struct TagSummariesQuery: StoreQuery {
    func answer(from store: FeedStore) throws -> [TagSummary] {
        try store.tagSummaries()
    }

    static func message(_ result: StoreResult<[TagSummary]>, route: ScreenTicket) -> ReaderMessage {
        .tagsRead(route, result)
    }
}
