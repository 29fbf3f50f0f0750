import FeedModel
import FilterLanguage
import Foundation
import GRDB

extension FeedStore {
    /// Marks one item read or unread. Returns false if nothing changed (already so, or unknown).
    @discardableResult
    public func markItem(_ id: ItemID, read isRead: Bool) throws -> Bool {
        try markItems([id], read: isRead) > 0
    }

    /// Marks several items (e.g. a page) read or unread; returns how many changed.
    @discardableResult
    public func markItems(_ ids: [ItemID], read isRead: Bool) throws -> Int {
        try write { db in
            let statement = try db.cachedStatement(
                sql: "UPDATE item SET isRead = ? WHERE id = ? AND isRead <> ? AND isDeleted = 0")
            var changed = 0
            for id in ids {
                try statement.execute(arguments: [isRead, id, isRead])
                guard db.changesCount > 0 else { continue }
                changed += 1
                try Self.queueSyncChange(isRead ? "read" : "unread", item: id, db: db)
            }
            return changed
        }
    }

    /// Marks every item of a feed read or unread; returns how many changed.
    @discardableResult
    public func markFeed(_ feedID: FeedID, read isRead: Bool) throws -> Int {
        try write { db in
            if isRead {
                try Self.queueFeedRead(feedID, seenBy: Date(), db: db)
            } else {
                // Fever has no "feed unread": each article that changes is queued.
                try db.execute(sql: """
                    INSERT INTO syncQueue (change, serverId, itemId)
                    SELECT 'unread', serverId, id FROM item
                    WHERE feedId = ? AND isRead = 1 AND isDeleted = 0 AND serverId IS NOT NULL
                    """, arguments: [feedID])
            }
            try db.execute(
                sql: "UPDATE item SET isRead = ? WHERE feedId = ? AND isRead <> ? AND isDeleted = 0",
                arguments: [isRead, feedID, isRead])
            return db.changesCount
        }
    }

    /// Marks read the items of a feed first seen at or before `seenBy`: what the feed showed when
    /// the user asked, not the articles a reload stored since (the reader writes marks late when
    /// another writer holds the cache, and again at start for marks a killed reader left
    /// unwritten). Returns the articles it made read (what an undo makes unread again).
    @discardableResult
    public func markFeedRead(_ feedID: FeedID, seenBy: Date) throws -> [ItemID] {
        try write { db in
            let changed = try ItemID.fetchAll(
                db, sql: "UPDATE item SET isRead = 1 WHERE feedId = ? AND isRead <> 1 AND isDeleted = 0 AND firstSeenAt <= ? RETURNING id",
                arguments: [feedID, seenBy.timeIntervalSince1970])
            if !changed.isEmpty { try Self.queueFeedRead(feedID, seenBy: seenBy, db: db) }
            return changed
        }
    }

    /// Marks every item of the feeds in the list (`filter`: by default every subscribed,
    /// non-hidden feed) read or unread; returns how many changed.
    @discardableResult
    public func markAllFeeds(read isRead: Bool, in filter: FeedListFilter = .all) throws -> Int {
        var arguments: StatementArguments = [isRead]
        let feeds = Self.listConditions(filter, arguments: &arguments)
        arguments += [isRead]
        return try write { db in
            // Articles from a feed server are queued one by one (the same arguments as the
            // update): only those that change, whichever feeds the filter picks.
            try db.execute(
                sql: """
                    INSERT INTO syncQueue (change, serverId, itemId)
                    SELECT CASE WHEN ? THEN 'read' ELSE 'unread' END, serverId, id FROM item
                    WHERE feedId IN (SELECT id FROM feed WHERE \(feeds)) AND isRead <> ? AND isDeleted = 0
                        AND serverId IS NOT NULL
                    ORDER BY id
                    """,
                arguments: arguments)
            try db.execute(
                sql: """
                    UPDATE item SET isRead = ?
                    WHERE feedId IN (SELECT id FROM feed WHERE \(feeds)) AND isRead <> ? AND isDeleted = 0
                    """,
                arguments: arguments)
            return db.changesCount
        }
    }

    /// Marks read every listed article that `expression` matches — a query feed's (`A` there) —
    /// of every subscribed feed, hidden ones included, first seen by `seenBy` (an article a
    /// reload brought meanwhile stays unread); returns the articles it made read, with their
    /// feeds (what an undo makes unread again). `age` counts from `now`.
    @discardableResult
    public func markRead(matching expression: FilterExpression, seenBy: Date, now: Date = Date()) throws -> [ItemID: FeedID] {
        let (condition, conditionArguments) = expression.sql(now: now, starFlag: starFlag)
        let matching = """
            SELECT item.id FROM item JOIN feed ON feed.id = item.feedId
            WHERE feed.isSubscribed = 1 AND item.isRead <> 1 AND item.isDeleted = 0 AND item.firstSeenAt <= ? AND \(condition)
            """
        let arguments: StatementArguments = [seenBy.timeIntervalSince1970] + conditionArguments
        return try write { db in
            // Articles from a feed server are queued one by one, as `markAllFeeds` does.
            try db.execute(
                sql: """
                    INSERT INTO syncQueue (change, serverId, itemId)
                    SELECT 'read', serverId, id FROM item WHERE id IN (\(matching)) AND serverId IS NOT NULL ORDER BY id
                    """,
                arguments: arguments)
            let rows = try Row.fetchAll(db, sql: "UPDATE item SET isRead = 1 WHERE id IN (\(matching)) RETURNING id, feedId", arguments: arguments)
            return Dictionary(rows.map { (ItemID($0["id"] as Int64), FeedID($0["feedId"] as Int64)) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Stars or unstars an item. Starred items are never dropped by retention.
    @discardableResult
    public func setStarred(_ isStarred: Bool, item id: ItemID) throws -> Bool {
        try write { db in
            try db.execute(
                sql: "UPDATE item SET isStarred = ? WHERE id = ? AND isStarred <> ? AND isDeleted = 0",
                arguments: [isStarred, id, isStarred])
            guard db.changesCount > 0 else { return false }
            try Self.queueSyncChange(isStarred ? "starred" : "unstarred", item: id, db: db)
            return true
        }
    }

    /// Sets an item's flags to `flags` (`edit-flags`): the letter that stands for the star
    /// (`starFlag`) stars or unstars it, which is sent to a feed server as a star; the others
    /// are kept in the item's `flags`. Returns whether anything changed.
    @discardableResult
    public func setFlags(_ flags: ArticleFlags, item id: ItemID) throws -> Bool {
        try setFlags(flags.setting(starFlag, false), starred: flags.contains(starFlag), item: id)
    }

    /// Sets an item's flags besides the star to `others`, and stars or unstars it (a change of
    /// the star is queued for a feed server, and so is one of the publish letter, `publishFlag`).
    /// Returns whether anything changed.
    @discardableResult
    public func setFlags(_ others: ArticleFlags, starred isStarred: Bool, item id: ItemID) throws -> Bool {
        let letters = others.letters
        return try write { db in
            let before = try String.fetchOne(db, sql: "SELECT flags FROM item WHERE id = ? AND isDeleted = 0", arguments: [id])
            try db.execute(
                sql: "UPDATE item SET flags = ? WHERE id = ? AND flags <> ? AND isDeleted = 0",
                arguments: [letters, id, letters])
            var changed = db.changesCount > 0
            if changed, let publish = publishFlag, let before, ArticleFlags(before).contains(publish) != others.contains(publish) {
                try Self.queueSyncChange(others.contains(publish) ? "published" : "unpublished", item: id, db: db)
            }
            try db.execute(
                sql: "UPDATE item SET isStarred = ? WHERE id = ? AND isStarred <> ? AND isDeleted = 0",
                arguments: [isStarred, id, isStarred])
            if db.changesCount > 0 {
                try Self.queueSyncChange(isStarred ? "starred" : "unstarred", item: id, db: db)
                changed = true
            }
            return changed
        }
    }

    /// Deletes an item at the user's request: it leaves every list and its text is dropped,
    /// but its key stays while the feed carries it, so a reload does not bring it back.
    @discardableResult
    public func deleteItem(_ id: ItemID) throws -> Bool {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE item SET isDeleted = 1, isStarred = 0, summary = NULL, content = NULL, fullArticle = NULL,
                        enclosures = '[]', searchTitle = NULL, searchAuthor = NULL
                    WHERE id = ? AND isDeleted = 0
                    """,
                arguments: [id])
            return db.changesCount > 0
        }
    }
}
