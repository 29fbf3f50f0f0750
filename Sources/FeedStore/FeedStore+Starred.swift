import GRDB

extension FeedStore {
    /// How many articles are starred, and how many of those are unread — the counts of the
    /// feed list's "Starred" entry. The same articles as `starredItems`: starred articles of a
    /// feed that is no longer subscribed stay starred and are counted.
    public func starredCounts() throws -> ItemCounts {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*) AS total, COALESCE(SUM(isRead = 0), 0) AS unread
                FROM item WHERE isStarred = 1 AND isDeleted = 0
                """)
            else { return .zero }
            return ItemCounts(unread: row["unread"], total: row["total"])
        }
    }
}
