import FeedStore
import Foundation

/// Articles a reload or a sync stored since `since` with an enclosure (`podcast-auto-enqueue`).
struct NewEpisodesQuery: StoreQuery {
    var since: Date

    func answer(from store: FeedStore) throws -> [StoredItem] {
        try store.itemsWithEnclosures(firstSeenSince: since, limit: 500)
    }

    static func message(_ result: StoreResult<[StoredItem]>, route: ReaderRoute) -> ReaderMessage {
        .newEpisodesRead(result)
    }
}
