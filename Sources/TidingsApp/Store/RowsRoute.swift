/// Who takes rows of articles read from the cache.
enum RowsRoute: Hashable, Sendable {
    /// Page `page` of a screen's paged list.
    case page(ScreenTicket, page: Int)
    /// The marks of a screen's rows in memory (page or chunk `part`), read again.
    case marks(ScreenTicket, part: Int)
    /// The next page of a screen's search results.
    case searchPage(ScreenTicket)
    /// `open-all-unread-in-browser`: the feed's unread articles to open (and mark read).
    case unreadToOpen(markingRead: Bool)
}
