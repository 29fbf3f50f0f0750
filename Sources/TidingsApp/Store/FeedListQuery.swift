import FeedStore
import Foundation

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
        /// When the reader's last session ended, and what arrived since ("New since last
        /// time"); nil before a first session ended, or in a tag's list.
        var newSince: NewSince?
    }

    struct NewSince: Sendable, Equatable {
        var since: Date
        var counts: ItemCounts
    }

    func answer(from store: FeedStore) throws -> Answer {
        var newSince: NewSince?
        if filter.tag == nil, let since = try store.lastSessionEnd() {
            newSince = NewSince(since: since, counts: try store.arrivedCounts(after: since, foldingStories: folds))
        }
        return Answer(generation: try store.generation(), rows: try store.feedList(filter),
                      starredCounts: filter.tag == nil ? try store.starredCounts(foldingStories: folds) : .zero, newSince: newSince)
    }

    static func message(_ result: StoreResult<Answer>, route: ScreenTicket) -> ReaderMessage {
        .feedListRead(route, result)
    }
}
