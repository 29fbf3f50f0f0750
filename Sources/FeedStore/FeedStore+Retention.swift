import Foundation
import GRDB

extension FeedStore {
    /// Drops the oldest read, unstarred items of every feed beyond its limit: the feed's own
    /// `maxItems` if set, else `defaultMaxItems` (nil: no limit). Unread and starred items are
    /// never dropped, so a feed may keep more than its limit. Returns how many were dropped.
    ///
    /// A dropped item keeps a small tombstone (its key) while the feed still carries it, so it
    /// does not come back as new on the next fetch. Run `vacuum()` to give the space back.
    @discardableResult
    public func applyRetention(defaultMaxItems: Int? = nil) throws -> Int {
        try write { db in
            let limits = try Row.fetchAll(
                db, sql: "SELECT id, COALESCE(maxItems, ?) AS maxItems FROM feed",
                arguments: [defaultMaxItems])
            var dropped = 0
            for row in limits {
                guard let maxItems: Int = row["maxItems"] else { continue }
                dropped += try Self.dropItems(db, feedID: row["id"], keeping: maxItems)
            }
            return dropped
        }
    }

    /// Marks dropped (and empties) the read, unstarred items of a feed that are not among its
    /// `keeping` newest. Returns how many were dropped.
    @discardableResult
    static func dropItems(_ db: Database, feedID: FeedID, keeping maxItems: Int) throws -> Int {
        try db.execute(
            sql: """
                \(dropSQL) WHERE feedId = ? AND isDeleted = 0 AND isRead = 1 AND isStarred = 0
                AND id NOT IN (
                    SELECT id FROM item WHERE feedId = ? AND isDeleted = 0
                    ORDER BY sortDate DESC, id DESC LIMIT ?)
                """,
            arguments: [feedID, feedID, max(0, maxItems)])
        return db.changesCount
    }

    /// Marks dropped the items a fetch just stored (those after the id `lastID`) that are not
    /// among the feed's `keeping` newest: a feed limited to 3 articles lists 3 after its first
    /// fetch, whatever its document holds, and its older arrivals do not come back as new.
    /// Returns how many were dropped.
    static func dropArrivals(_ db: Database, feedID: FeedID, after lastID: Int64, keeping maxItems: Int) throws -> Int {
        try db.execute(
            sql: """
                \(dropSQL) WHERE feedId = ? AND id > ? AND isDeleted = 0 AND isStarred = 0
                AND id NOT IN (
                    SELECT id FROM item WHERE feedId = ? AND isDeleted = 0
                    ORDER BY sortDate DESC, id DESC LIMIT ?)
                """,
            arguments: [feedID, lastID, feedID, max(0, maxItems)])
        return db.changesCount
    }

    /// Makes the rows a condition names tombstones: their text goes, their keys stay.
    private static let dropSQL = """
        UPDATE item SET
            isDeleted = 1, summary = NULL, content = NULL, fullArticle = NULL, enclosures = '[]',
            searchTitle = NULL, searchAuthor = NULL
        """
}
