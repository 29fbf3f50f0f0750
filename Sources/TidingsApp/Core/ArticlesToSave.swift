import FeedModel
import FeedStore

/// The articles `save-all` saves: every row of the list on top, in its order.
enum ArticlesToSave: Equatable, Sendable {
    /// A paged list's (a feed's items, Starred, a query feed).
    case list(ItemPages, unreadOnly: Bool, order: ItemOrder)
    /// Every match of a search.
    case search(SearchQuery)

    /// The rows, read off the main thread.
    func rows(from store: FeedStore) throws -> [ItemRow] {
        switch self {
        case .list(let pages, let unreadOnly, let order):
            try pages.rows(from: store, ItemPageRequest(unreadOnly: unreadOnly, limit: Int(Int32.max), order: order))
        case .search(let query):
            try store.search(query, ItemPageRequest(limit: Int(Int32.max)))
        }
    }
}
