import FeedModel
import GRDB

/// An item list's order in SQL.
extension ItemOrder {
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
