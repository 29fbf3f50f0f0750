import FeedModel
import FilterLanguage
import Foundation
import GRDB

extension FeedStore {
    /// `isDeleted` of an item the killfile hides. Every query of listed items asks for
    /// `isDeleted = 0`, and the count triggers count only those: a hidden item is left out of
    /// lists, counts, search and next-unread with no change to them. (1 is a dropped item's
    /// tombstone.)
    static let hiddenByKillfile = 2

    /// Makes later upserts apply `killfile`, without touching what is stored (no SQL: callable
    /// from any thread). `applyKillfile` does this too.
    public func useKillfile(_ killfile: Killfile) {
        killfileSlot.set(killfile)
    }

    /// Applies `killfile` to every stored article, and to what later upserts store.
    ///
    /// Articles it ignores are hidden; articles hidden by an earlier killfile that this one no
    /// longer ignores (a rule removed from the config) are shown again, read state and star
    /// intact. Takes one write transaction; the generation moves only when something changed.
    ///
    /// - Returns: how many articles were hidden and shown by this call.
    @discardableResult
    public func applyKillfile(_ killfile: Killfile, now: Date = Date()) throws -> (hidden: Int, shown: Int) {
        killfileSlot.set(killfile)
        let (condition, arguments) = killfile.sql(now: now, starFlag: starFlag)
        // Looked for in a read first: at most starts nothing changes, and the scan of every
        // article then holds no write lock (a reload or a mark would wait behind it).
        let hasWork = try read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM item JOIN feed ON feed.id = item.feedId
                                   WHERE item.isDeleted = 0 AND \(condition))
                        OR EXISTS (SELECT 1 FROM item JOIN feed ON feed.id = item.feedId
                                   WHERE item.isDeleted = \(Self.hiddenByKillfile) AND NOT \(condition))
                    """,
                arguments: arguments + arguments) ?? false
        }
        if !hasWork { return (0, 0) }
        do {
            return try pool.write { db in
                try db.execute(
                    sql: """
                        UPDATE item SET isDeleted = \(Self.hiddenByKillfile)
                        WHERE isDeleted = 0 AND id IN (
                            SELECT item.id FROM item JOIN feed ON feed.id = item.feedId
                            WHERE item.isDeleted = 0 AND \(condition))
                        """,
                    arguments: arguments)
                let hidden = db.changesCount
                try db.execute(
                    sql: """
                        UPDATE item SET isDeleted = 0
                        WHERE isDeleted = \(Self.hiddenByKillfile) AND id IN (
                            SELECT item.id FROM item JOIN feed ON feed.id = item.feedId
                            WHERE item.isDeleted = \(Self.hiddenByKillfile) AND NOT \(condition))
                        """,
                    arguments: arguments)
                let shown = db.changesCount
                if hidden + shown > 0 {
                    try db.execute(sql: "UPDATE storeState SET generation = generation + 1 WHERE id = 1")
                }
                return (hidden, shown)
            }
        } catch {
            throw failure(ofWrite: error)
        }
    }

    /// How many stored articles the killfile hides.
    public func hiddenByKillfileCount() throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE isDeleted = \(Self.hiddenByKillfile)") ?? 0
        }
    }

    /// In download mode, the entries a reload must not store: new articles the killfile ignores
    /// (evaluated in Swift, since they are not in the cache). Articles already stored are kept
    /// and hidden by `hideIgnored` like in display mode.
    static func entriesToStore(
        _ entries: [PreparedFeed.Entry], feed: Feed, feedID: FeedID, killfile: Killfile, seenAt seconds: Double,
        db: Database
    ) throws -> [PreparedFeed.Entry] {
        guard killfile.mode == .download, !killfile.isEmpty,
              let row = try Row.fetchOne(db, sql: "SELECT \(feedRowColumns) FROM feed WHERE id = ?", arguments: [feedID])
        else { return entries }
        let stored = feedListRow(row)
        guard killfile.rules.contains(where: { $0.applies(toFeed: stored.url) }) else { return entries }
        let filterFeed = FilterFeed(
            url: stored.url,
            // The title this fetch brings, unless the urls file gives one (as the list shows it).
            title: stored.customTitle.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
                ?? feed.title.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
                ?? stored.displayTitle,
            link: feed.link ?? stored.link, description: feed.subtitle, tags: stored.tags,
            unreadCount: stored.unreadCount, totalCount: stored.totalCount)
        let now = Date(timeIntervalSince1970: seconds)
        let isStored = try db.cachedStatement(sql: "SELECT 1 FROM item WHERE feedId = ? AND key = ?")
        return try entries.filter { entry in
            let date = Date(timeIntervalSince1970: sortDate(published: entry.published, updated: entry.updated, firstSeen: seconds))
            guard killfile.ignores(FilterArticle(entry.item, sortDate: date, feed: filterFeed), now: now) else { return true }
            return try Bool.fetchOne(isStored, arguments: [feedID, entry.key]) ?? false
        }
    }

    /// Hides the articles of one feed stored or refreshed at `seconds` that the killfile
    /// ignores, in the upsert's transaction, so that they are never listed even for a moment.
    /// Returns how many of them were new.
    static func hideIgnored(feedID: FeedID, seenAt seconds: Double, killfile: Killfile, starFlag: Character, db: Database) throws -> Int {
        guard !killfile.isEmpty else { return 0 }
        let (condition, arguments) = killfile.sql(now: Date(timeIntervalSince1970: seconds), starFlag: starFlag)
        try db.execute(
            sql: """
                UPDATE item SET isDeleted = \(hiddenByKillfile)
                WHERE id IN (
                    SELECT item.id FROM item JOIN feed ON feed.id = item.feedId
                    WHERE item.feedId = ? AND item.isDeleted = 0 AND item.lastSeenAt = ? AND \(condition))
                """,
            arguments: [feedID, seconds] + arguments)
        guard db.changesCount > 0 else { return 0 }
        return try Int.fetchOne(
            db, sql: "SELECT count(*) FROM item WHERE feedId = ? AND isDeleted = \(hiddenByKillfile) AND firstSeenAt = ?",
            arguments: [feedID, seconds]) ?? 0
    }
}
