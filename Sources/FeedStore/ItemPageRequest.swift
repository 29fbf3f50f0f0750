/// Which slice of a feed's items to read, newest first.
public struct ItemPageRequest: Sendable, Hashable {
    /// Only unread items.
    public var unreadOnly: Bool
    /// Rows after this position (keyset paging); nil starts at the newest item.
    public var after: ItemCursor?
    /// Rows to skip after `after` (offset paging; keep it small or use `after`).
    public var offset: Int
    public var limit: Int

    public init(unreadOnly: Bool = false, after: ItemCursor? = nil, offset: Int = 0, limit: Int = 100) {
        self.unreadOnly = unreadOnly
        self.after = after
        self.offset = offset
        self.limit = limit
    }
}
