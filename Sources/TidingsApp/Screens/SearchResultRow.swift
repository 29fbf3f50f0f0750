import Configuration
import FeedStore

/// One row of the search results list: an article, or the row at the end that says more are
/// being read (or why they could not be).
enum SearchResultRow: Hashable, Sendable {
    /// An article and its place in the list (0-based, for `%i`).
    case item(ItemRow, index: Int)
    /// A page is being read: the first ("Searching…") or a further one ("loading more…").
    case loading(isFirstPage: Bool)
    /// The last page could not be read; the message says why.
    case failed(String)
}
