import GRDB

/// The order of an item list (newsboat's `article-sort-order`): a field and a direction.
///
/// The default, newest first, is the order the store's indexes and keyset paging are built for;
/// every other order sorts in SQLite and pages by offset (see `ItemPageRequest.after`). Ties
/// fall back to newest first, then to the row id, so that every order is total and pages never
/// overlap.
///
///     ItemOrder(.title)                    // A to Z, case ignored
///     ItemOrder(.date, descending: false)  // oldest first
public struct ItemOrder: Sendable, Hashable {
    /// What items are compared by; the raw value is newsboat's name for it.
    public enum Field: String, Sendable, CaseIterable {
        case date, title, flags, author, link, guid, random

        /// newsboat's default direction: newest first for the date, ascending for the rest.
        public var isDescendingByDefault: Bool { self == .date }
    }

    public let field: Field
    /// Newest, Z, or last-in-the-shuffle first. For `flags`, ascending lists unread items first
    /// and, among those, starred ones first; descending the reverse.
    public let isDescending: Bool
    /// Which shuffle `random` is: fixed while the order is in force, so that pages read by
    /// offset agree with each other (SQLite's `random()` would shuffle every page anew). Zero
    /// for the other fields, so that orders compare by what they do.
    public let seed: UInt32

    public init(_ field: Field, descending: Bool? = nil, seed: UInt32 = 0) {
        self.field = field
        self.isDescending = descending ?? field.isDescendingByDefault
        self.seed = field == .random ? seed : 0
    }

    /// Newest first: Tidings' and newsboat's default.
    public static let newestFirst = ItemOrder(.date)

    /// Whether this is the newest-first order, the only one keyset paging (`after`) follows.
    public var isNewestFirst: Bool { field == .date && isDescending }

    /// The ORDER BY terms over the `item` table.
    var sql: String {
        let direction = isDescending ? "DESC" : "ASC"
        let tieBreak = "item.sortDate DESC, item.id DESC"
        switch field {
        case .date: return "item.sortDate \(direction), item.id \(direction)"
        case .title: return "item.title COLLATE NOCASE \(direction), \(tieBreak)"
        case .author: return "item.author COLLATE NOCASE \(direction), \(tieBreak)"
        case .link: return "item.link \(direction), \(tieBreak)"
        case .guid: return "COALESCE(item.guid, item.key) \(direction), \(tieBreak)"
        case .flags:
            let reversed = isDescending ? "ASC" : "DESC"
            return "item.isRead \(direction), item.isStarred \(reversed), \(tieBreak)"
        case .random: return "tidingsShuffle(item.id, \(seed)) \(direction), item.id"
        }
    }

    /// `tidingsShuffle(id, seed)` for SQL: the item's place in the shuffle `seed`, a hash of
    /// both (splitmix64's mixer). Arithmetic in SQL would do worse: SQLite has no XOR, and a
    /// multiplication alone lists the ids in a visible stride.
    static let shuffleFunction = DatabaseFunction("tidingsShuffle", argumentCount: 2, pure: true) { values in
        let id = UInt64(bitPattern: Int64.fromDatabaseValue(values[0]) ?? 0)
        let seed = UInt64(bitPattern: Int64.fromDatabaseValue(values[1]) ?? 0)
        // Shifted into the non-negative integers SQLite stores.
        return Int64(bitPattern: mix(id ^ mix(seed)) >> 1)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
