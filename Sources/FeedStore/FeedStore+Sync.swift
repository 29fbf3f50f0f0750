import FeedModel
import Foundation
import GRDB

/// The cache's side of syncing with a feed server (`urls-source`).
///
/// Feeds and articles from the server carry its ids (`serverId`). A mark made here on such an
/// article or feed (`markItem`, `setStarred`, `markFeedRead`, `markFeed`, and `setFlags` for the
/// star's letter and the publish letter) is queued in
/// `syncQueue` in the mark's own transaction: the queue is as durable as the mark. A sync sends
/// the queue, reads the server and applies what it read in one transaction (`applySync`); marks
/// queued meanwhile are not yet on the server, so for their articles the cache's state wins until
/// they are sent.
extension FeedStore {
    /// The marks waiting to be sent to the server of `account`, oldest first; none when the
    /// cache was last synced with another account (their ids would mean other articles).
    public func queuedSyncChanges(account: String) throws -> QueuedSyncChanges {
        try read { db in
            guard try Self.syncedAccount(db) == account else { return QueuedSyncChanges() }
            var queued = QueuedSyncChanges()
            for row in try Row.fetchAll(db, sql: "SELECT id, change, serverId, readBefore FROM syncQueue ORDER BY id") {
                let id: Int64 = row["serverId"]
                let change: SyncChange? = switch row["change"] as String {
                case "read": .read(id)
                case "unread": .unread(id)
                case "starred": .starred(id)
                case "unstarred": .unstarred(id)
                case "published": .published(id)
                case "unpublished": .unpublished(id)
                case "feedRead": .feedRead(id, before: Date(timeIntervalSince1970: row["readBefore"] ?? 0))
                default: nil
                }
                if let change { queued.changes.append(change) }
                queued.through = row["id"]
            }
            return queued
        }
    }

    /// Drops the queued marks up to `through` (`QueuedSyncChanges.through`): the server has them.
    public func dropSyncChanges(through: Int64) throws {
        guard through > 0 else { return }
        try write { db in
            try db.execute(sql: "DELETE FROM syncQueue WHERE id <= ?", arguments: [through])
        }
    }

    /// What the next sync with `account` asks for; a fresh start for another account.
    public func syncCursor(account: String) throws -> SyncCursor {
        try read { db in
            guard try Self.syncedAccount(db) == account else { return SyncCursor() }
            let sinceID = try Int64.fetchOne(db, sql: "SELECT sinceId FROM syncState WHERE id = 1") ?? 0
            let known = try Int64.fetchSet(db, sql: "SELECT serverId FROM item WHERE serverId IS NOT NULL")
            return SyncCursor(sinceID: sinceID, knownArticleIDs: known)
        }
    }

    /// The server's id for the feed `id`, when it came from the server of `account`.
    public func serverID(ofFeed id: FeedID, account: String) throws -> Int64? {
        try read { db in
            guard try Self.syncedAccount(db) == account else { return nil }
            return try Int64.fetchOne(db, sql: "SELECT serverId FROM feed WHERE id = ?", arguments: [id])
        }
    }

    /// The server ids of the unread and of the starred articles the cache holds from `account`
    /// (none for another account), of those carrying the publish letter when there is one, and
    /// the server's feed of each unread or starred one: what a source that reads only changes
    /// starts from.
    public func syncedStates(account: String) throws -> SyncedArticleStates {
        try read { db in
            guard try Self.syncedAccount(db) == account else { return SyncedArticleStates() }
            return SyncedArticleStates(
                unreadIDs: try Int64.fetchSet(db, sql: "SELECT serverId FROM item WHERE serverId IS NOT NULL AND isRead = 0 AND isDeleted = 0"),
                starredIDs: try Int64.fetchSet(db, sql: "SELECT serverId FROM item WHERE serverId IS NOT NULL AND isStarred = 1 AND isDeleted = 0"),
                publishedIDs: try publishFlag.map { letter in
                    try Int64.fetchSet(db, sql: "SELECT serverId FROM item WHERE serverId IS NOT NULL AND instr(flags, ?) > 0 AND isDeleted = 0",
                                       arguments: [String(letter)])
                },
                feedIDs: Dictionary(try Row.fetchAll(db, sql: """
                    SELECT item.serverId AS article, feed.serverId AS feed FROM item JOIN feed ON feed.id = item.feedId
                    WHERE item.serverId IS NOT NULL AND feed.serverId IS NOT NULL AND (item.isRead = 0 OR item.isStarred = 1)
                        AND item.isDeleted = 0
                    """).map { ($0["article"] as Int64, $0["feed"] as Int64) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// When the cache was last synced with `account`; nil if never.
    public func lastSync(account: String) throws -> Date? {
        try read { db in
            guard try Self.syncedAccount(db) == account else { return nil }
            return StoredDate.date(try Double.fetchOne(db, sql: "SELECT lastSyncAt FROM syncState WHERE id = 1"))
        }
    }

    /// Applies what a sync read from the server, in one transaction: the server's feeds become
    /// the subscribed feeds (its groups their tags; other feeds are unsubscribed, keeping their
    /// articles), new articles are stored through the same upsert as fetched feeds, and every
    /// synced article takes the server's read and starred state, and its published state as the
    /// publish letter (`publishFlag`) when the source read it — except those with marks queued
    /// after `sentThrough`, which the server does not have yet. The marks sent are dropped from
    /// the queue.
    @discardableResult
    public func applySync(_ batch: SyncBatch) throws -> SyncOutcome {
        // The CPU-heavy part (keys, search text, excerpts) runs before the write lock.
        let byFeed = Dictionary(grouping: batch.articles, by: \.feedID)
        let similarityHashes = foldsNearDuplicates
        let prepared = byFeed.mapValues { articles in
            // Newest first, as feeds list them: the upsert inserts in reverse.
            PreparedFeed(Feed(format: .rss20, items: articles.sorted { $0.id > $1.id }.map(Self.item)), similarityHashes: similarityHashes)
        }
        let seconds = batch.fetchedAt.timeIntervalSince1970
        return try write { db in
            if try Self.syncedAccount(db) != batch.account {
                // The other account's feeds are not local ones: they go before their ids do.
                if batch.keepsLocalFeeds { try db.execute(sql: "UPDATE feed SET isSubscribed = 0 WHERE serverId IS NOT NULL") }
                // Ids of another server or login: forget them and the marks waiting for it.
                try db.execute(sql: """
                    UPDATE item SET serverId = NULL WHERE serverId IS NOT NULL;
                    UPDATE feed SET serverId = NULL WHERE serverId IS NOT NULL;
                    DELETE FROM syncQueue;
                    """)
                try db.execute(
                    sql: "INSERT OR REPLACE INTO syncState (id, account, sinceId, lastSyncAt) VALUES (1, ?, 0, NULL)",
                    arguments: [batch.account])
            }
            let feedIDs = try Self.storeSyncedFeeds(batch.feeds, at: seconds, keepingLocalFeeds: batch.keepsLocalFeeds, db: db)
            var outcome = SyncOutcome(feeds: batch.feeds.count)
            try db.execute(sql: "DELETE FROM syncQueue WHERE id <= ?", arguments: [batch.sentThrough])
            // Articles the cache had take the server's state (counted); new ones, stored unread,
            // take it once stored (not counted: they did not change, they arrived).
            outcome.changedStates = try Self.applyStates(batch.states, publishFlag: publishFlag, db: db)
            let setServerID = try db.cachedStatement(sql: "UPDATE item SET serverId = ? WHERE feedId = ? AND key = ? AND serverId IS NULL")
            var arrivals: [ArrivedItems] = []
            for (serverFeedID, feed) in prepared {
                guard let feedID = feedIDs[serverFeedID] else { continue }  // a feed the server no longer lists
                let arrived = try Self.storeItems(feed.entries, feedID: feedID, seenAt: seconds, indexingBodies: true, db: db)
                arrivals.append(arrived)
                outcome.newArticles += arrived.count
                // The killfile hides what it ignores among them (the server has them all, so
                // both modes hide rather than drop; see `FeedStore+Killfile`).
                outcome.newArticles -= try Self.hideIgnored(feedID: feedID, seenAt: seconds, killfile: killfileSlot.current, starFlag: starFlag, db: db)
                for article in byFeed[serverFeedID] ?? [] {
                    try setServerID.execute(arguments: [article.id, feedID, Self.itemKey(article.id)])
                }
            }
            if outcome.newArticles > 0 { try Self.applyStates(batch.states, publishFlag: publishFlag, db: db) }
            // The rules on arrival act last, over the server's state: what they mark is queued
            // for the server like any mark (see `applyRules`).
            let rules = arrivalSlot.currentRules
            for arrived in arrivals {
                outcome.newArticles -= try Self.applyRules(rules, to: arrived, starFlag: starFlag, now: batch.fetchedAt, db: db)
            }
            let newest = batch.articles.map(\.id).max() ?? 0
            try db.execute(
                sql: "UPDATE syncState SET sinceId = MAX(sinceId, ?), lastSyncAt = ? WHERE id = 1",
                arguments: [newest, seconds])
            return outcome
        }
    }

    // MARK: - Queueing marks (called by the marking methods, inside their transaction)

    /// Queues `change` ("read", "unread", "starred", "unstarred", "published", "unpublished")
    /// for an item that came from the server; nothing for an item of a local feed.
    static func queueSyncChange(_ change: String, item id: ItemID, db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO syncQueue (change, serverId, itemId)
            SELECT ?, serverId, id FROM item WHERE id = ? AND serverId IS NOT NULL
            """).execute(arguments: [change, id])
    }

    /// Queues "the feed was read" for a feed that came from the server, for the articles the
    /// server had when the cache last read it (and no later than `seenBy`): Fever's `before`.
    static func queueFeedRead(_ feedID: FeedID, seenBy: Date, db: Database) throws {
        try db.execute(sql: """
            INSERT INTO syncQueue (change, serverId, feedId, readBefore)
            SELECT 'feedRead', serverId, id, MIN(?, COALESCE((SELECT lastSyncAt FROM syncState WHERE id = 1), ?))
            FROM feed WHERE id = ? AND serverId IS NOT NULL
            """, arguments: [seenBy.timeIntervalSince1970, seenBy.timeIntervalSince1970, feedID])
    }

    // MARK: - Applying

    private static func syncedAccount(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT account FROM syncState WHERE id = 1")
    }

    /// The item key of a server's article: its id, which the server never reuses.
    static func itemKey(_ serverID: Int64) -> String { "sync:\(serverID)" }

    /// An article as the upsert stores items; its HTML was sanitised by the source.
    private static func item(_ article: SyncedArticle) -> Item {
        Item(id: itemKey(article.id), title: article.title, link: article.url, author: article.author,
             published: article.published, content: article.html)
    }

    /// Makes the subscribed feeds the server's, in its order (beside the urls file's when
    /// `keepingLocalFeeds`); returns the cache's id of each.
    private static func storeSyncedFeeds(_ feeds: [SyncedFeed], at seconds: Double, keepingLocalFeeds: Bool, db: Database) throws
        -> [Int64: FeedID]
    {
        try db.execute(sql: keepingLocalFeeds
            ? "UPDATE feed SET isSubscribed = 0 WHERE isSubscribed = 1 AND serverId IS NOT NULL"
            : "UPDATE feed SET isSubscribed = 0 WHERE isSubscribed = 1")
        let byServerID = try db.cachedStatement(sql: """
            UPDATE feed SET title = ?, link = ?, tags = ?, position = ?, isSubscribed = 1,
                lastSuccessAt = ?, lastError = NULL, failureCount = 0
            WHERE serverId = ?
            """)
        // A feed the server lists for the first time, or one the urls file had.
        let byURL = try db.cachedStatement(sql: """
            INSERT INTO feed (url, serverId, title, link, tags, position, isSubscribed, lastSuccessAt)
            VALUES (?, ?, ?, ?, ?, ?, 1, ?)
            ON CONFLICT (url) DO UPDATE SET
                serverId = excluded.serverId, title = excluded.title, link = excluded.link,
                tags = excluded.tags, position = excluded.position, isSubscribed = 1,
                lastSuccessAt = excluded.lastSuccessAt, lastError = NULL, failureCount = 0
            """)
        for (position, feed) in feeds.enumerated() {
            let tags = encodeJSON(feed.tags)
            try byServerID.execute(arguments: [feed.title, feed.siteURL, tags, position, seconds, feed.id])
            if db.changesCount == 0 {
                try byURL.execute(arguments: [feed.url, feed.id, feed.title, feed.siteURL, tags, position, seconds])
            }
        }
        var ids: [Int64: FeedID] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, serverId FROM feed WHERE serverId IS NOT NULL AND isSubscribed = 1") {
            ids[row["serverId"]] = FeedID(row["id"] as Int64)
        }
        return ids
    }

    /// Gives every synced article the server's read and starred state, and its published state
    /// as the letter `publishFlag` (when the source read it), as differences (only rows that
    /// change are written), except articles with marks still queued; returns how many changed.
    @discardableResult
    private static func applyStates(_ states: SyncedArticleStates, publishFlag: Character?, db: Database) throws -> Int {
        // Marks made during the sync (still queued) are newer than what the server said.
        let notPending = """
            id NOT IN (SELECT itemId FROM syncQueue WHERE itemId IS NOT NULL)
            AND feedId NOT IN (SELECT feedId FROM syncQueue WHERE feedId IS NOT NULL)
            """
        let unread = encodeJSON(states.unreadIDs.sorted())
        let starred = encodeJSON(states.starredIDs.sorted())
        var changed = 0
        for (column, ids, onWhenListed) in [("isRead", unread, false), ("isStarred", starred, true)] {
            // Listed ids take one value, every other synced article the other.
            try db.execute(sql: """
                UPDATE item SET \(column) = ?
                WHERE serverId IN (SELECT value FROM json_each(?)) AND \(column) <> ? AND isDeleted = 0 AND \(notPending)
                """, arguments: [onWhenListed, ids, onWhenListed])
            changed += db.changesCount
            try db.execute(sql: """
                UPDATE item SET \(column) = ?
                WHERE serverId IS NOT NULL AND \(column) <> ? AND isDeleted = 0
                    AND serverId NOT IN (SELECT value FROM json_each(?)) AND \(notPending)
                """, arguments: [!onWhenListed, !onWhenListed, ids])
            changed += db.changesCount
        }
        if let letter = publishFlag.map(String.init), let publishedIDs = states.publishedIDs {
            // The letter is one of the stored flags: set where the server publishes, cleared
            // on every other synced article.
            let published = encodeJSON(publishedIDs.sorted())
            try db.execute(sql: """
                UPDATE item SET flags = tidings_flag_set(flags, ?, 1)
                WHERE serverId IN (SELECT value FROM json_each(?)) AND instr(flags, ?) = 0 AND isDeleted = 0 AND \(notPending)
                """, arguments: [letter, published, letter])
            changed += db.changesCount
            try db.execute(sql: """
                UPDATE item SET flags = tidings_flag_set(flags, ?, 0)
                WHERE serverId IS NOT NULL AND instr(flags, ?) > 0 AND isDeleted = 0
                    AND serverId NOT IN (SELECT value FROM json_each(?)) AND \(notPending)
                """, arguments: [letter, letter, published])
            changed += db.changesCount
        }
        return changed
    }
}
