import FeedModel

/// Which slice of a list of items to read, and in which order (newest first by default).
public struct ItemPageRequest: Sendable, Hashable {
    /// Only unread items.
    public var unreadOnly: Bool
    /// Rows after this position (keyset paging); nil starts at the first row. Only for the
    /// newest-first order (`ItemOrder.isNewestFirst`): the others page by `offset`.
    public var after: ItemCursor?
    /// Rows to skip after `after` (offset paging; keep it small or use `after`).
    public var offset: Int
    public var limit: Int
    /// The order of the rows. Search results keep their own order (by relevance, then date).
    public var order: ItemOrder
    /// Shows a story that several feeds carried as one row (`fold-duplicates`; see
    /// `FeedStore+Stories`), in the lists of several feeds: query feeds, Starred, search results,
    /// "New since last time". A single feed's list folds nothing.
    public var foldsStories: Bool

    public init(
        unreadOnly: Bool = false, after: ItemCursor? = nil, offset: Int = 0, limit: Int = 100, order: ItemOrder = .newestFirst,
        foldsStories: Bool = false
    ) {
        self.unreadOnly = unreadOnly
        self.after = after
        self.offset = offset
        self.limit = limit
        self.order = order
        self.foldsStories = foldsStories
    }
}
