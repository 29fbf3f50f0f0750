import FeedStore

/// The feed list's rows (those `filter` lets through) and the Starred entry's counts, at the
/// store's generation.
struct FeedListQuery: StoreQuery {
    var filter: FeedListFilter
    /// The Starred entry counts a story several feeds carry once (`fold-duplicates`).
    var folds: Bool

    struct Answer: Sendable {
        var generation: Int64
        var rows: [FeedListRow]
        var starredCounts: ItemCounts
    }

    func answer(from store: FeedStore) throws -> Answer {
        Answer(generation: try store.generation(), rows: try store.feedList(filter),
               starredCounts: filter.tag == nil ? try store.starredCounts(foldingStories: folds) : .zero)
    }

    static func message(_ result: StoreResult<Answer>, route: ScreenTicket) -> ReaderMessage {
        .feedListRead(route, result)
    }
}
