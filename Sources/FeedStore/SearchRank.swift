import Foundation

/// The full-text index's rowid for an item: its date to the second, then its id, packed in one
/// integer so that FTS5 can return matches newest first by itself.
///
/// `rank = clamp(seconds since 1970, 0…2³³−1) << 29 | (id & (2²⁹−1))`. Dates before 1970 rank
/// as 1970 and after the year 2242 as 2242; ids only collide if two items of the same second
/// are 536 870 912 rows apart.
enum SearchRank {
    static let idBits: Int64 = 29
    static let maximumSeconds: Int64 = (1 << 33) - 1

    /// The generated-column expression over `item.sortDate` and `item.id`.
    static let sql =
        "(CAST(MAX(MIN(sortDate, \(maximumSeconds)), 0) AS INTEGER) << \(idBits)) | (id & \((1 << idBits) - 1))"

    /// The same value computed in Swift, for keyset paging of search results.
    static func of(_ cursor: ItemCursor) -> Int64 {
        of(sortDate: cursor.date.timeIntervalSince1970, id: cursor.id.rawValue)
    }

    /// The same value from the stored `sortDate` and row id (as the upsert has them).
    /// `Int64(_:)` truncates toward zero, as SQL's `CAST(… AS INTEGER)` does.
    static func of(sortDate: Double, id: Int64) -> Int64 {
        let seconds = min(max(sortDate, 0), Double(maximumSeconds))
        return (Int64(seconds) << idBits) | (id & ((1 << idBits) - 1))
    }
}
