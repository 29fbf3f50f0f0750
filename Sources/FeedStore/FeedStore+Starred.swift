import GRDB

extension FeedStore {
    /// How many articles are starred, and how many of those are unread — the counts of the
    /// feed list's "Starred" entry. The same articles as `starredItems`: starred articles of a
    /// feed that is no longer subscribed stay starred and are counted.
    /// With `foldingStories`, a story starred in several feeds counts once, as the folded list
    /// shows it.
    public func starredCounts(foldingStories: Bool = false) throws -> ItemCounts {
        let counted = Self.countTerms(foldingStories: foldingStories) { unreadOnly in
            { item, _ in ("\(item).isStarred = 1 AND " + Self.listedConditions(ItemPageRequest(unreadOnly: unreadOnly), item: item), []) }
        }
        return try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT COALESCE(SUM(\(counted.total)), 0) AS total, COALESCE(SUM(\(counted.unread)), 0) AS unread
                FROM item WHERE item.isStarred = 1 AND item.isDeleted = 0
                """)
            else { return .zero }
            return ItemCounts(unread: row["unread"], total: row["total"])
        }
    }
}
