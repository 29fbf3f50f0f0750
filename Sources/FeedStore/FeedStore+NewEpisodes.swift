import Foundation
import GRDB

extension FeedStore {
    /// The items first stored since `since` that carry enclosures (podcast episodes), newest
    /// first and at most `limit`: what `podcast-auto-enqueue` queues after a reload.
    public func itemsWithEnclosures(firstSeenSince since: Date, limit: Int) throws -> [StoredItem] {
        let ids: [ItemID] = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id FROM item
                    WHERE firstSeenAt >= ? AND isDeleted = 0 AND enclosures <> '[]'
                    ORDER BY sortDate DESC, id DESC LIMIT ?
                    """,
                arguments: [since.timeIntervalSince1970, max(0, limit)]
            ).map { $0[0] }
        }
        return try ids.compactMap { try item($0) }
    }
}
