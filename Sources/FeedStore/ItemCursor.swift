import Foundation

/// A position in an item list (newest first), for keyset paging and next/previous unread.
///
/// Take it from the last row of a page (`ItemRow.cursor`) and pass it back to get the rows
/// after it; unlike an offset it stays right when items arrive in between.
public struct ItemCursor: Sendable, Hashable {
    /// The item's ordering date: published, else updated, else first seen.
    public var date: Date
    public var id: ItemID

    public init(date: Date, id: ItemID) {
        self.date = date
        self.id = id
    }
}
