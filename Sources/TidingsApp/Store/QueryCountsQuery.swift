import FeedStore
import FilterLanguage
import Foundation

/// The counts of the articles each query feed's expression matches, `age` counted from `now`:
/// a scan of every article, read apart from the feed list's rows so that they never wait for it.
struct QueryCountsQuery: StoreQuery {
    var expressions: [FilterExpression]
    var now: Date
    /// A story several feeds carry counted once, as the folded list shows it (`fold-duplicates`).
    var folds: Bool

    func answer(from store: FeedStore) throws -> [ItemCounts] {
        try store.counts(matching: expressions, foldingStories: folds, now: now)
    }

    static func message(_ result: StoreResult<[ItemCounts]>, route: ScreenTicket) -> ReaderMessage {
        .queryCountsRead(route, result)
    }
}
