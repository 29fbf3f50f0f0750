import FeedModel
import FeedStore
import Foundation

/// A list of several feeds' articles (Starred, a query feed): its counts (unless known) and the
/// pages of `window`.
struct CrossFeedListQuery: StoreQuery {
    var articles: CrossFeedArticles
    var knownCounts: ItemCounts?
    var pages: ItemPages
    var order: ItemOrder
    var window: Range<Int>
    /// One moment for `age` for the whole list, so that counts and pages agree.
    var now: Date

    struct Answer: Sendable {
        var generation: Int64
        var counts: ItemCounts
        var pages: [Int: [ItemRow]]
    }

    func answer(from store: FeedStore) throws -> Answer {
        let generation = try store.generation()
        let counts = try knownCounts ?? articles.counts(in: store, now: now, folds: pages.folds)
        let read = try PagedItems.readPages(covering: window, count: counts.total, unreadOnly: false, order: order, pages: pages, from: store)
        return Answer(generation: generation, counts: counts, pages: read)
    }

    static func message(_ result: StoreResult<Answer>, route: ScreenTicket) -> ReaderMessage {
        .crossFeedListRead(route, result)
    }
}
