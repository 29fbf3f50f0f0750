import Configuration
import FeedStore
import Foundation

/// Articles a reload stored since `since` that `always-fetch-full-article` covers, newest first.
struct FullArticleCandidatesQuery: StoreQuery {
    var since: Date
    var options: FullArticleOptions

    func answer(from store: FeedStore) throws -> [FeedStore.FullArticleCandidate] {
        // Read widely, then keep the matching feeds' items: other feeds' new items must not use
        // up the limit.
        let items = try store.itemsWithoutFullArticle(firstSeenSince: since, limit: 20 * FullArticleOptions.alwaysFetchLimit)
        let isCovered = options.alwaysFetchFilter()
        return Array(items.filter { isCovered($0.feedURL) }.prefix(FullArticleOptions.alwaysFetchLimit))
    }

    static func message(_ result: StoreResult<[FeedStore.FullArticleCandidate]>, route: ReaderRoute) -> ReaderMessage {
        .fullArticleCandidatesRead(result)
    }
}
