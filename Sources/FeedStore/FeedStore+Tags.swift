import GRDB

extension FeedStore {
    /// The tags of the listed feeds (subscribed, not hidden), sorted case-insensitively, each
    /// with its number of feeds and their unread articles — the rows of the tag list.
    public func tagSummaries() throws -> [TagSummary] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT tag.value AS tag, COUNT(*) AS feedCount, SUM(feed.unreadCount) AS unreadCount,
                    SUM(feed.unreadCount > 0) AS unreadFeedCount
                FROM feed, json_each(feed.tags) AS tag
                WHERE feed.isSubscribed = 1 AND feed.isHidden = 0 AND tag.type = 'text'
                GROUP BY tag.value
                ORDER BY tag.value COLLATE NOCASE, tag.value
                """
            ).map { row in
                TagSummary(tag: row["tag"], feedCount: row["feedCount"], unreadCount: row["unreadCount"] ?? 0,
                           unreadFeedCount: row["unreadFeedCount"] ?? 0)
            }
        }
    }
}
