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
    /// The starred articles of every feed; with `folds`, a story several feeds carry is one row
    /// (`fold-duplicates`).
    case starred(folds: Bool)
    /// The articles of every feed that match a query feed's expression, `age` counted from `now`;
    /// `folds` as for `starred`.
    case query(FilterExpression, now: Date, folds: Bool)
    /// The articles of every feed that arrived after `since` ("New since last time"), newest
    /// arrival first; `folds` as for `starred`.
    case arrived(after: Date, folds: Bool)

    /// Whether a story several feeds carry is one row.
    var folds: Bool {
        switch self {
        case .starred(let folds), .query(_, _, let folds), .arrived(_, let folds): folds
        case .feed, .filtered: false
        }
    }

    /// One page of the rows, in the request's order.
    func rows(from store: FeedStore, _ request: ItemPageRequest) throws -> [ItemRow] {
        switch self {
        case .feed(let feed, let titleFilter):
            titleFilter.isEmpty ? try store.items(inFeed: feed, request) : try store.items(inFeed: feed, titleContaining: titleFilter, request)
        case .filtered(let feed, let expression, let now):
            try store.items(matching: expression, inFeed: feed, request, now: now)
        case .starred(let folds):
            try store.starredItems(folding(request, folds))
        case .query(let expression, let now, let folds):
            try store.items(matching: expression, folding(request, folds), now: now)
        case .arrived(let since, let folds):
            try store.items(arrivedAfter: since, folding(request, folds))
        }
    }

    private func folding(_ request: ItemPageRequest, _ folds: Bool) -> ItemPageRequest {
        var request = request
        request.foldsStories = folds
        return request
    }
}
