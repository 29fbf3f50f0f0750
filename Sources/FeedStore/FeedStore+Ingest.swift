import FeedModel
import Foundation
import GRDB

extension FeedStore {
    /// Stores one fetched feed, in one transaction, and returns how many of its items are new.
    ///
    /// Items are matched by their stable key (guid, else link, else a digest of title and date):
    /// a known item gets the fetched text but keeps its read and starred state, so it never
    /// comes back as unread; an item missing from this fetch stays in the cache. The feed's own
    /// title, link and other metadata are updated, its error cleared, its validators replaced,
    /// and its retention limit (if any) applied. Either everything lands or nothing does.
    ///
    /// - Parameters:
    ///   - url: the feed as written in the urls file (`FeedFetchTarget.url`).
    ///   - validators: the response's `ETag` / `Last-Modified`, sent on the next fetch.
    ///   - permanentRedirect: where a permanent redirect led this fetch, if it did. The feed's
    ///     fetch URL moves there once two fetches in a row were redirected to the same place.
    ///   - timing: what the server said of when to ask again (see `FeedHealth`).
    ///   - now: the fetch time (first-seen time of new items, last success).
    ///   - indexingBodies: false to leave the new items' text out of the full-text index until
    ///     `indexStoredBodies` runs (a reload's many feeds); their titles are indexed at once.
    /// - Throws: `StoreError.unknownFeed` when `url` is not in the cache.
    @discardableResult
    public func upsert(
        _ feed: Feed, forFeedURL url: String, validators: CacheValidators = CacheValidators(),
        permanentRedirect: String? = nil, timing: ServerTiming = ServerTiming(), at now: Date = Date(), indexingBodies: Bool = true
    ) throws -> Int {
        // Prepared before the write transaction, on the caller's thread: see `PreparedFeed`.
        try upsert(
            PreparedFeed(feed, similarityHashes: foldsNearDuplicates), forFeedURL: url, validators: validators, permanentRedirect: permanentRedirect,
            timing: timing, at: now,
            indexingBodies: indexingBodies)
    }

    /// Stores a feed prepared beforehand (see `PreparedFeed`), as `upsert(_ feed:…)` does:
    /// holding the write lock only for the SQL.
    @discardableResult
    public func upsert(
        _ prepared: PreparedFeed, forFeedURL url: String, validators: CacheValidators = CacheValidators(),
        permanentRedirect: String? = nil, timing: ServerTiming = ServerTiming(), at now: Date = Date(), indexingBodies: Bool = true
    ) throws -> Int {
        let update = FeedUpdate(
            prepared, forFeedURL: url, validators: validators, permanentRedirect: permanentRedirect, timing: timing, at: now)
        return try write { db in try store(update, indexingBodies: indexingBodies, db: db) }
    }

    /// Stores several feeds of a reload in one transaction, as `upsert` would one by one (their
    /// articles' text waits for `indexStoredBodies`), and returns each one's result in order. One
    /// commit for several feeds writes the item indexes' shared pages once, not once per feed
    /// (see `FeedWriter`). If the transaction fails, each feed is stored on its own, so that one
    /// feed's failure (removed from the urls file meanwhile) is its own.
    public func upsert(_ updates: [FeedUpdate]) -> [Result<Int, any Error>] {
        let together = Result { () throws -> [Int] in
            try write { db in try updates.map { try store($0, indexingBodies: false, db: db) } }
        }
        switch together {
        case .success(let counts): return counts.map { .success($0) }
        case .failure where updates.count == 1: return [together.map { $0[0] }]
        case .failure: return updates.map { update in Result { try write { db in try store(update, indexingBodies: false, db: db) } } }
        }
    }

    /// The work of one upsert, inside the caller's transaction.
    private func store(_ update: FeedUpdate, indexingBodies: Bool, db: Database) throws -> Int {
        let (prepared, feed) = (update.prepared, update.prepared.feed)
        let feedID = try Self.feedID(db, url: update.url)
        let seconds = update.fetchedAt.timeIntervalSince1970
        var updateFeed = TypedStatement(try db.cachedStatement(sql: Self.updateFeedSQL))
        FeedUpdate.columns.bind(update, to: &updateFeed)
        updateFeed.bind(feedID.rawValue)
        try updateFeed.run()
        // The killfile (see `applyKillfile`): download mode does not store new articles it
        // ignores; the others it ignores are hidden before the transaction ends.
        let killfile = killfileSlot.current
        let entries = try Self.entriesToStore(
            prepared.entries, feed: feed, feedID: feedID, killfile: killfile, seenAt: seconds, db: db)
        // The feed's `max-items` and `mark-read-on-arrival` (see `applyFeedPolicies`).
        let policy = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT maxItems, markReadOnArrival FROM feed WHERE id = ?"), arguments: [feedID])
        let maxItems: Int? = policy?["maxItems"]
        // The feed's items so far end at this id: the rows the fetch inserts come after it.
        let lastIDBefore = maxItems == nil ? nil
            : try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM item WHERE feedId = ?"), arguments: [feedID]) ?? 0
        let arrived = try Self.storeItems(
            entries, feedID: feedID, seenAt: seconds, indexingBodies: indexingBodies,
            resettingUnread: resetUnreadSlot.contains(update.url), markingRead: policy?["markReadOnArrival"] ?? false, db: db)
        var newCount = arrived.count
        newCount -= try Self.hideIgnored(feedID: feedID, seenAt: seconds, killfile: killfile, starFlag: starFlag, db: db)
        // The rules on arrival act on the new articles the killfile left listed.
        newCount -= try Self.applyRules(arrivalSlot.currentRules, to: arrived, starFlag: starFlag, now: update.fetchedAt, db: db)
        if !prepared.entries.isEmpty {
            // Tombstones of dropped items can go once the feed itself no longer carries
            // them: they can no longer come back as new.
            try db.cachedStatement(sql: "DELETE FROM item WHERE feedId = ? AND isDeleted = 1 AND lastSeenAt < ?")
                .execute(arguments: [feedID, seconds])
        }
        if let maxItems, let lastIDBefore {
            newCount -= try Self.dropArrivals(db, feedID: feedID, after: lastIDBefore, keeping: maxItems)
            try Self.dropItems(db, feedID: feedID, keeping: maxItems)
        }
        try Self.recordRedirect(db, feedID: feedID, target: update.permanentRedirect)
        return newCount
    }

    private static let updateFeedSQL = """
        UPDATE feed SET \(FeedUpdate.columns.assignments), lastError = NULL, failureCount = 0, waitUntil = NULL WHERE id = ?
        """

    /// Records a `304 Not Modified`: the attempt and success times move, and what the server
    /// said of its answer's freshness (`timing`); nothing else changes (except the
    /// permanent-redirect bookkeeping, as in `upsert`).
    public func recordNotModified(
        forFeedURL url: String, permanentRedirect: String? = nil, timing: ServerTiming = ServerTiming(), at now: Date = Date()
    ) throws {
        try write { db in
            let seconds = now.timeIntervalSince1970
            let freshUntil = Self.waitEnd(after: now, seconds: timing.freshFor)
            guard let permanentRedirect, !permanentRedirect.isEmpty else {
                // The common case of a reload where nothing changed: one statement, which also
                // ends any run of redirected fetches (as `recordRedirect` does with no target).
                try db.cachedStatement(sql: """
                    UPDATE feed SET lastAttemptAt = ?, lastSuccessAt = ?, lastError = NULL,
                        failureCount = 0, redirectTarget = NULL, redirectCount = 0, freshUntil = ?, waitUntil = NULL
                    WHERE url = ?
                    """).execute(arguments: [seconds, seconds, freshUntil, url])
                if db.changesCount == 0 { throw StoreError.unknownFeed(url: url) }
                return
            }
            let feedID = try Self.feedID(db, url: url)
            try db.execute(
                sql: """
                    UPDATE feed SET lastAttemptAt = ?, lastSuccessAt = ?, lastError = NULL,
                        failureCount = 0, freshUntil = ?, waitUntil = NULL
                    WHERE id = ?
                    """,
                arguments: [seconds, seconds, freshUntil, feedID])
            try Self.recordRedirect(db, feedID: feedID, target: permanentRedirect)
        }
    }

    /// Records a failed fetch: its reason (one line) and time, and one more consecutive failure.
    /// The feed's items and validators stay as they were.
    ///
    /// - Parameter timing: a server that asked to be left alone (`Retry-After`) says for how
    ///   long; with `isHostWide` (a 429) every feed of the host waits as long.
    public func recordFailure(forFeedURL url: String, reason: String, timing: ServerTiming = ServerTiming(), at now: Date = Date()) throws {
        let oneLine = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
        let waitUntil = Self.waitEnd(after: now, seconds: timing.retryAfter)
        try write { db in
            let feedID = try Self.feedID(db, url: url)
            try db.execute(
                sql: """
                    UPDATE feed SET lastAttemptAt = ?, lastError = ?, failureCount = failureCount + 1, waitUntil = ?
                    WHERE id = ?
                    """,
                arguments: [now.timeIntervalSince1970, oneLine.isEmpty ? "failed" : oneLine, waitUntil, feedID])
            if timing.isHostWide, let waitUntil, let location = try String.fetchOne(
                db, sql: "SELECT COALESCE(fetchURL, url) FROM feed WHERE id = ?", arguments: [feedID]),
                let host = FeedHost.of(location)
            {
                // Waits that are over go as another begins.
                try db.execute(sql: "DELETE FROM hostWait WHERE until < ?", arguments: [now.timeIntervalSince1970])
                try db.execute(
                    sql: "INSERT INTO hostWait (host, until) VALUES (?, ?) ON CONFLICT (host) DO UPDATE SET until = max(until, excluded.until)",
                    arguments: [host, waitUntil])
            }
            // A failure breaks a run of redirected successes.
            try Self.recordRedirect(db, feedID: feedID, target: nil)
        }
    }

    static func feedID(_ db: Database, url: String) throws -> FeedID {
        guard let id = try FeedID.fetchOne(db, sql: "SELECT id FROM feed WHERE url = ?", arguments: [url])
        else { throw StoreError.unknownFeed(url: url) }
        return id
    }

    /// Inserts new items and refreshes known ones; returns the items inserted, each joined to
    /// the story it shares with other feeds' articles (see `FeedStore+Stories`). New items' text
    /// is indexed now, or with `indexingBodies` false by `indexStoredBodies` later.
    ///
    /// - Parameters:
    ///   - resettingUnread: a known item whose title or text changed becomes unread again
    ///     (`reset-unread-on-update`).
    ///   - markingRead: new items are stored read (`mark-read-on-arrival`).
    static func storeItems(
        _ entries: [PreparedFeed.Entry], feedID: FeedID, seenAt seconds: Double, indexingBodies: Bool,
        resettingUnread: Bool = false, markingRead: Bool = false, db: Database
    ) throws -> ArrivedItems {
        // New items take one statement: the insert reports a conflict on (feedId, key) by
        // changing no row, and only then is the known item refreshed. (Not `RETURNING
        // searchRank`: SQLite runs that through a temporary table, which cost more than
        // computing the rank here.)
        var insert = TypedStatement(try db.cachedStatement(sql: insertItemSQL))
        // Not a trigger: see `StoreSchema.createSearchIndex`.
        var index = TypedStatement(try db.cachedStatement(sql: indexItemSQL))
        var refresh = TypedStatement(try db.cachedStatement(sql: refreshItemSQL))
        var touch = TypedStatement(try db.cachedStatement(sql: """
            UPDATE item SET lastSeenAt = ? WHERE feedId = ? AND key = ? AND isDeleted != 0
            """))

        // Three passes, so that FTS5 joins the transaction last: an item insert may run under a
        // statement savepoint, and SQLite 3.40's FTS5 flushes its
        // pending terms to disk at every savepoint once it has joined — a flush per item made
        // inserts four times slower. Refreshes (whose triggers may touch the index) come next,
        // and new rows are indexed last.
        var arrived = ArrivedItems(feedID: feedID)
        var unindexed: [(rank: Int64, entry: PreparedFeed.Entry)] = []
        var known: [PreparedFeed.Entry] = []
        // Feeds list newest first; inserting in reverse makes row ids follow the feed's own order
        // among items with equal dates (the list's tie-break is the id, newest first).
        for entry in entries.reversed() {
            let date = sortDate(published: entry.published, updated: entry.updated, firstSeen: seconds)
            insert.bind(feedID.rawValue)
            insert.bind(entry.key)
            insert.bind(seconds)
            insert.bind(seconds)
            insert.bind(date)
            insert.bind(Int64(indexingBodies ? 1 : 0))
            insert.bind(Int64(markingRead ? 1 : 0))
            PreparedFeed.Entry.columns.bind(entry, to: &insert)
            try insert.run()
            guard db.changesCount > 0 else {
                known.append(entry)
                continue
            }
            let id = db.lastInsertedRowID
            let rank = SearchRank.of(sortDate: date, id: id)
            assert(
                (try? Int64.fetchOne(db, sql: "SELECT searchRank FROM item WHERE id = ?", arguments: [id])) == rank,
                "SearchRank.of disagrees with the searchRank column")
            unindexed.append((rank, entry))
            arrived.add(id)
            try joinStory(
                db, item: id, feedID: feedID, sortDate: date, linkDigest: entry.linkDigest, titleDigest: entry.titleDigest,
                similarityHash: entry.similarityHash)
        }
        for entry in known {
            if resettingUnread {
                // Before the refresh, which writes the new text over the old.
                try db.cachedStatement(sql: """
                    UPDATE item SET isRead = 0
                    WHERE feedId = ? AND key = ? AND isDeleted = 0 AND isRead = 1
                    AND (title IS NOT ? OR summary IS NOT ? OR content IS NOT ?)
                    """).execute(arguments: [feedID, entry.key, entry.item.title, entry.item.summary, entry.item.content])
            }
            refresh.bind(seconds)
            refresh.bind(entry.published)
            refresh.bind(entry.updated)
            PreparedFeed.Entry.columns.bind(entry, to: &refresh)
            refresh.bind(feedID.rawValue)
            refresh.bind(entry.key)
            refresh.bind(entry.published)
            refresh.bind(entry.updated)
            PreparedFeed.Entry.columns.bind(entry, to: &refresh)
            try refresh.run()
            if db.changesCount == 0 {
                touch.bind(seconds)
                touch.bind(feedID.rawValue)
                touch.bind(entry.key)
                try touch.run()
            }
        }
        // New rows are not dropped (the column's default), and unread unless `markingRead`; no
        // trigger counts them (see migration v3).
        if arrived.count > 0 {
            try db.cachedStatement(sql: """
                UPDATE feed SET totalCount = totalCount + ?, unreadCount = unreadCount + ? WHERE id = ?
                """).execute(arguments: [arrived.count, markingRead ? 0 : arrived.count, feedID])
        }
        for (rank, entry) in unindexed {
            // The text of a reload's items waits (see migration v9).
            let body = indexingBodies ? SearchBody.of(summary: entry.item.summary, content: entry.item.content) : nil
            guard entry.searchTitle != nil || entry.searchAuthor != nil || body != nil else { continue }
            index.bind(rank)
            index.bind(entry.searchTitle)
            index.bind(entry.searchAuthor)
            index.bind(body)
            try index.run()
        }
        return arrived
    }

    /// A new item's date and the item columns of every fetch (`PreparedFeed.Entry.columns`), for
    /// the insert that reports a known item by changing no row.
    private static let insertItemSQL = """
        INSERT INTO item (feedId, key, firstSeenAt, lastSeenAt, sortDate, bodyIndexed, isRead, \(PreparedFeed.Entry.columns.names()))
        VALUES (?, ?, ?, ?, ?, ?, ?, \(PreparedFeed.Entry.columns.placeholders))
        ON CONFLICT (feedId, key) DO NOTHING
        """

    /// A known item's refresh, when the feed changed it. One it did not change is not written at
    /// all: rewriting every row of a feed that gained five items cost most of a daily reload
    /// (the rows' pages in the log, and the search index's trigger comparing each body's text).
    /// Its `lastSeenAt` then stays the time it last changed, which is all the killfile's pass
    /// over a fetch's items needs (the unchanged ones met the killfile before, and
    /// `applyKillfile` runs at every reload's start). A dropped item keeps its tombstone: only
    /// its last-seen time moves (the `touch` of `storeItems`), as the tombstone must outlive
    /// the feed's carrying it.
    private static let refreshItemSQL = """
        UPDATE item SET
            lastSeenAt = ?, sortDate = COALESCE(?, ?, firstSeenAt), \(PreparedFeed.Entry.columns.assignments)
        WHERE feedId = ? AND key = ? AND isDeleted = 0
            AND (sortDate IS NOT COALESCE(?, ?, firstSeenAt) OR \(PreparedFeed.Entry.columns.differences))
        """

    /// `COALESCE(published, updated, firstSeen)`, the sort date the refresh computes in SQL;
    /// SQLite stores a NaN as NULL, so one is skipped here too.
    static func sortDate(published: Double?, updated: Double?, firstSeen: Double) -> Double {
        if let published, !published.isNaN { return published }
        if let updated, !updated.isNaN { return updated }
        return firstSeen
    }

    /// Two successful fetches in a row redirected permanently to the same place move the feed's
    /// fetch URL there; anything else resets the count.
    private static func recordRedirect(_ db: Database, feedID: FeedID, target: String?) throws {
        guard let target, !target.isEmpty else {
            try db.execute(
                sql: "UPDATE feed SET redirectTarget = NULL, redirectCount = 0 WHERE id = ?",
                arguments: [feedID])
            return
        }
        try db.execute(
            sql: """
                UPDATE feed SET
                    redirectCount = CASE WHEN redirectTarget IS ? THEN redirectCount + 1 ELSE 1 END,
                    redirectTarget = ?
                WHERE id = ?
                """,
            arguments: [target, target, feedID])
        try db.execute(
            sql: """
                UPDATE feed SET fetchURL = CASE WHEN url = redirectTarget THEN NULL ELSE redirectTarget END,
                    redirectTarget = NULL, redirectCount = 0
                WHERE id = ? AND redirectCount >= 2
                """,
            arguments: [feedID])
    }
}
