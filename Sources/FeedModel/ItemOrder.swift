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
}
