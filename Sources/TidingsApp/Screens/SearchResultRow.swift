import Configuration
import FeedStore

/// One row of the search results list: an article, or the row at the end that says more are
/// being read (or why they could not be).
enum SearchResultRow: Hashable, Sendable {
    case item(ItemRow)
    /// A page is being read: the first ("Searching…") or a further one ("loading more…").
    case loading(isFirstPage: Bool)
    /// The last page could not be read; the message says why.
    case failed(String)
}
