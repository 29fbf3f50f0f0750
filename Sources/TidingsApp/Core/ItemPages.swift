import Configuration
import FeedStore
import FilterLanguage
import Foundation

/// Which articles a paged list shows, as a value: read a page at a time (see `PagedItemSource`).
enum ItemPages: Equatable, Sendable {
    /// A feed's items; with a title filter, the store narrows them itself (see
    /// `FeedStore.items(inFeed:titleContaining:_:)`).
    case feed(FeedID, titleFilter: String)
    /// A feed's items that match a filter expression, `age` counted from `now`.
    case filtered(FeedID, FilterExpression, now: Date)
    /// The starred articles of every feed.
    case starred
    /// The articles of every feed that match a query feed's expression, `age` counted from `now`.
    case query(FilterExpression, now: Date)

    /// One page of the rows, in the request's order.
    func rows(from store: FeedStore, _ request: ItemPageRequest) throws -> [ItemRow] {
        switch self {
        case .feed(let feed, let titleFilter):
            titleFilter.isEmpty ? try store.items(inFeed: feed, request) : try store.items(inFeed: feed, titleContaining: titleFilter, request)
        case .filtered(let feed, let expression, let now):
            try store.items(matching: expression, inFeed: feed, request, now: now)
        case .starred:
            try store.starredItems(request)
        case .query(let expression, let now):
            try store.items(matching: expression, request, now: now)
        }
    }
}
