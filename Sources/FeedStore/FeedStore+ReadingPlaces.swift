import Foundation
import GRDB

/// Where the reader left off: the line of an article it left before the end, and the article a
/// feed's list had selected, so that opening them again — in this session or a later one —
/// comes back there. Places older than `placeLifetime` are forgotten.
extension FeedStore {
    /// Days a place is kept.
    public static let placeLifetime: TimeInterval = 30 * 86_400

    /// The place in an article: its first line on screen, by number and by its text (the text
    /// finds the line again when the article is laid out anew, at another width).
    public struct ReadingPlace: Hashable, Sendable {
        public var line: Int
        public var anchor: String

        public init(line: Int, anchor: String) {
            self.line = line
            self.anchor = anchor
        }
    }

    /// Keeps `place` for the article `id` (nil: forgets it, the article read to its end).
    public func setReadingPlace(_ place: ReadingPlace?, item id: ItemID, at now: Date = Date()) throws {
        try write { db in
            guard let place else {
                try db.execute(sql: "DELETE FROM readingPlace WHERE itemId = ?", arguments: [id])
                return
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO readingPlace (itemId, line, anchor, savedAt) SELECT id, ?, ?, ? FROM item WHERE id = ?",
                arguments: [place.line, String(place.anchor.prefix(200)), now.timeIntervalSince1970, id])
        }
    }

    /// The place kept for the article `id`, if it is younger than `placeLifetime` at `now`.
    public func readingPlace(item id: ItemID, now: Date = Date()) throws -> ReadingPlace? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT line, anchor FROM readingPlace WHERE itemId = ? AND savedAt >= ?",
                             arguments: [id, now.timeIntervalSince1970 - Self.placeLifetime])
                .map { ReadingPlace(line: $0["line"], anchor: $0["anchor"]) }
        }
    }

    /// Keeps the article the list of `feed` had selected.
    public func setListPlace(feed: FeedID, item id: ItemID, at now: Date = Date()) throws {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO listPlace (feedId, itemId, savedAt) SELECT feedId, id, ? FROM item WHERE id = ? AND feedId = ?",
                arguments: [now.timeIntervalSince1970, id, feed])
        }
    }

    /// The article the list of `feed` had selected when it was left before `before` (a place
    /// kept in this session is not: a list opened again in the session starts as it always has),
    /// if younger than `placeLifetime` at `now`.
    public func listPlace(feed: FeedID, savedBefore before: Date, now: Date = Date()) throws -> ItemID? {
        try read { db in
            try ItemID.fetchOne(db, sql: "SELECT itemId FROM listPlace WHERE feedId = ? AND savedAt < ? AND savedAt >= ?",
                                arguments: [feed, before.timeIntervalSince1970, now.timeIntervalSince1970 - Self.placeLifetime])
        }
    }

    /// Forgets the places older than `placeLifetime` at `now`; returns how many.
    @discardableResult
    public func forgetOldPlaces(now: Date = Date()) throws -> Int {
        let oldest = now.timeIntervalSince1970 - Self.placeLifetime
        // Looked for in a read first: the reader asks at every start, and most days there is
        // nothing to forget (opening an unchanged cache writes nothing, issue 46).
        let hasOldPlaces = try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM readingPlace WHERE savedAt < ?) OR EXISTS (SELECT 1 FROM listPlace WHERE savedAt < ?)",
                              arguments: [oldest, oldest]) ?? false
        }
        guard hasOldPlaces else { return 0 }
        return try write { db in
            try db.execute(sql: "DELETE FROM readingPlace WHERE savedAt < ?", arguments: [oldest])
            var forgotten = db.changesCount
            try db.execute(sql: "DELETE FROM listPlace WHERE savedAt < ?", arguments: [oldest])
            forgotten += db.changesCount
            return forgotten
        }
    }
}
