import Foundation
import GRDB

/// The reader's sessions, for "New since last time": the articles that arrived (were first
/// stored, by a reload or a sync, the reader's or `tidings reload`'s) after the reader's previous
/// session ended — arrival, not publication: an article dated last week that a feed published
/// overnight is new.
///
/// The reader asks `lastSessionEnd()` as it starts and keeps the answer for the session; it
/// calls `recordSessionEnd()` as it quits.
extension FeedStore {
    /// When the reader's last session ended; nil before one has.
    public func lastSessionEnd() throws -> Date? {
        try read { db in StoredDate.date(try Double.fetchOne(db, sql: "SELECT sessionEndedAt FROM storeState WHERE id = 1")) }
    }

    /// Records that the reader's session ends at `now` (as it quits).
    ///
    /// When nothing has arrived since the last session ended, the end recorded then is kept and
    /// nothing is written: "New since last time" lists what arrives after either end alike, and
    /// opening an unchanged cache and quitting writes nothing (issue 46).
    public func recordSessionEnd(at now: Date = Date()) throws {
        let hasArrivals = try read { db in
            try Bool.fetchOne(db, sql: """
                SELECT sessionEndedAt IS NULL OR EXISTS (SELECT 1 FROM item INDEXED BY itemArrival WHERE firstSeenAt > sessionEndedAt)
                FROM storeState WHERE id = 1
                """) ?? true
        }
        guard hasArrivals else { return }
        try write { db in
            try db.execute(sql: "UPDATE storeState SET sessionEndedAt = ? WHERE id = 1", arguments: [now.timeIntervalSince1970])
        }
    }

    /// One page of the listed articles of subscribed feeds (hidden ones included, as in a query
    /// feed) that arrived after `since`, newest first (to the second) unless the request asks
    /// for another order; for the next page pass the last row's `cursor` as `request.after`.
    /// Folds stories when the request asks (`foldsStories`).
    ///
    /// The articles are found through the index of arrival times and sorted: what arrives
    /// between two sessions is a small part of the cache.
    public func items(arrivedAfter since: Date, _ request: ItemPageRequest = ItemPageRequest()) throws -> [ItemRow] {
        let listed = Self.arrived(after: since, request)
        var (conditions, arguments) = listed("item", "feed")
        if let after = request.after {
            conditions += " AND item.searchRank < ?"
            arguments += [SearchRank.of(after)]
        }
        let order = request.order.isNewestFirst ? "item.searchRank DESC" : request.order.sql
        return try read { db in
            try Self.pageRows(
                db, from: "item INDEXED BY itemArrival JOIN feed ON feed.id = item.feedId", where: conditions, arguments,
                order: order, request, folding: listed)
        }
    }

    /// The unread and total counts of the list `items(arrivedAfter:)` shows (stories counted once
    /// with `foldingStories`).
    public func arrivedCounts(after since: Date, foldingStories: Bool = false) throws -> ItemCounts {
        let counted = Self.countTerms(foldingStories: foldingStories) { unreadOnly in
            Self.arrived(after: since, ItemPageRequest(unreadOnly: unreadOnly))
        }
        let (conditions, arguments) = Self.arrived(after: since, ItemPageRequest())("item", "feed")
        return try read { db in
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT COALESCE(SUM(\(counted.total)), 0) AS total, COALESCE(SUM(\(counted.unread)), 0) AS unread
                    FROM item INDEXED BY itemArrival JOIN feed ON feed.id = item.feedId WHERE \(conditions)
                    """,
                arguments: counted.arguments + arguments)
            else { return .zero }
            return ItemCounts(unread: row["unread"], total: row["total"])
        }
    }

    /// The articles of "New since last time", for any name of the tables.
    private static func arrived(after since: Date, _ request: ItemPageRequest) -> ListedConditions {
        { item, feed in
            ("\(feed).isSubscribed = 1 AND \(listedConditions(request, item: item)) AND \(item).firstSeenAt > ?",
             [since.timeIntervalSince1970])
        }
    }
}
