import FeedModel
import Foundation
import GRDB

/// newsboat's article lifecycle: deleting articles (`delete-article`, `delete-all-articles`),
/// purging the deleted (`purge-deleted`, quitting), and the automatic deletions of
/// `keep-articles-days` and `delete-read-articles-on-quit`, which spare starred articles and those
/// flagged with a letter of `keep-forever-if-flagged-with`.
///
/// A deleted article leaves every list, count and search at once, but keeps its key while its
/// feed still carries it, so that no reload brings it back (as newsboat keeps deleted articles in
/// its cache). Deleting is never sent to a feed server: the article stays as it is there.
extension FeedStore {
    /// `isDeleted` of an article the user deleted whose text is kept until it is purged.
    static let deletedByUser = 3

    /// Deletes an article at the user's request (`delete-article`); its text stays until
    /// `purgeDeleted`. Returns whether it was listed.
    @discardableResult
    public func deleteArticle(_ id: ItemID) throws -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE item SET isDeleted = \(Self.deletedByUser) WHERE id = ? AND isDeleted = 0", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Deletes every listed article of a feed (`delete-all-articles`), starred ones too, as
    /// newsboat does. Returns the articles deleted (what an undo restores).
    @discardableResult
    public func deleteAllArticles(inFeed feedID: FeedID) throws -> [ItemID] {
        try write { db in
            try ItemID.fetchAll(
                db, sql: "UPDATE item SET isDeleted = \(Self.deletedByUser) WHERE feedId = ? AND isDeleted = 0 RETURNING id",
                arguments: [feedID])
        }
    }

    /// Lists again articles deleted by the user whose text is still there (not purged): an undo of
    /// `delete-article` or `delete-all-articles`. Returns how many came back.
    @discardableResult
    public func restoreDeletedArticles(_ ids: [ItemID]) throws -> Int {
        try write { db in
            let statement = try db.cachedStatement(sql: "UPDATE item SET isDeleted = 0 WHERE id = ? AND isDeleted = \(Self.deletedByUser)")
            var restored = 0
            for id in ids {
                try statement.execute(arguments: [id])
                restored += db.changesCount
            }
            return restored
        }
    }

    /// Drops the text of the deleted articles (`purge-deleted`, and on quitting), keeping their
    /// keys as tombstones while their feeds carry them. Returns how many.
    @discardableResult
    public func purgeDeleted() throws -> Int {
        try write { db in
            try db.execute(sql: "UPDATE item SET \(Self.tombstone) WHERE isDeleted = \(Self.deletedByUser)")
            return db.changesCount
        }
    }

    /// What a deleted article keeps of itself: its key (and dates), so that a reload does not
    /// bring it back while its feed carries it (see `FeedStore.storeItems`).
    private static let tombstone = """
        isDeleted = 1, isStarred = 0, flags = '', summary = NULL, content = NULL, fullArticle = NULL,
        enclosures = '[]', searchTitle = NULL, searchAuthor = NULL
        """

    /// The feeds (by their urls-file URL) whose articles become unread again when a reload finds
    /// their title or text changed (`reset-unread-on-update`); applied by every upsert from now on.
    public func resetUnreadOnUpdate(feedURLs: Set<String>) {
        resetUnreadSlot.set(feedURLs)
    }

    /// Deletes the articles dated more than `days` days before `now` (`keep-articles-days`),
    /// read or not, but for starred ones and those carrying a letter of `keeping`
    /// (`keep-forever-if-flagged-with`). Returns how many.
    @discardableResult
    public func deleteArticles(olderThanDays days: Int, keeping: ArticleFlags = .none, now: Date = Date()) throws -> Int {
        guard days > 0 else { return 0 }
        var arguments: StatementArguments = [now.timeIntervalSince1970 - Double(days) * 86400]
        let spared = Self.sparedCondition(keeping, arguments: &arguments)
        return try write { db in
            try Self.makeTombstones(db, where: "isDeleted = 0 AND sortDate < ? AND NOT \(spared)", arguments)
        }
    }

    /// Deletes every read article (`delete-read-articles-on-quit`), but for starred ones and
    /// those carrying a letter of `keeping`. Returns how many.
    @discardableResult
    public func deleteReadArticles(keeping: ArticleFlags = .none) throws -> Int {
        var arguments = StatementArguments()
        let spared = Self.sparedCondition(keeping, arguments: &arguments)
        return try write { db in
            try Self.makeTombstones(db, where: "isDeleted = 0 AND isRead = 1 AND NOT \(spared)", arguments)
        }
    }

    /// Makes tombstones of the articles `condition` names, one feed at a time (in the caller's
    /// transaction), and returns how many. SQLite keeps what a statement changes until it ends
    /// (its statement journal, in memory: `temp_store = MEMORY`): one UPDATE of every feed's
    /// old articles in a million-article cache took 550 MB (issue 46). A feed's articles are
    /// found through its own index, not by reading every article.
    private static func makeTombstones(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> Int {
        let statement = try db.makeStatement(sql: "UPDATE item SET \(tombstone) WHERE feedId = ? AND \(condition)")
        var changed = 0
        for feedID in try Int64.fetchAll(db, sql: "SELECT id FROM feed") {
            try statement.execute(arguments: StatementArguments([feedID]) + arguments)
            changed += db.changesCount
        }
        return changed
    }

    /// The condition that spares an item from automatic deletion: starred, or flagged with a
    /// letter of `keeping` (the star's letter among them counts as the star).
    private static func sparedCondition(_ keeping: ArticleFlags, arguments: inout StatementArguments) -> String {
        var conditions = ["item.isStarred = 1"]
        for letter in keeping.letters {
            conditions.append("instr(item.flags, ?) > 0")
            arguments += [String(letter)]
        }
        return "(" + conditions.joined(separator: " OR ") + ")"
    }
}

extension FeedStore {
    /// Removes from the cache the feeds that left the urls file and their articles
    /// (`cleanup-on-quit yes`); a feed that still has starred articles stays, as starred
    /// articles are never deleted automatically. Returns how many feeds went.
    @discardableResult
    public func removeUnsubscribedFeeds() throws -> Int {
        try write { db in
            try db.execute(sql: """
                DELETE FROM feed WHERE isSubscribed = 0
                AND NOT EXISTS (SELECT 1 FROM item WHERE item.feedId = feed.id AND item.isStarred = 1 AND item.isDeleted = 0)
                """)
            return db.changesCount
        }
    }
}
