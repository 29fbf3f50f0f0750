import Configuration
import FeedStore

/// Reads one page of search results away from the main thread and hands it back on it.
///
/// The results screen asks for a page and keeps drawing; the answer arrives later through
/// `deliver`, on the main actor. The reader uses `StoreSearchPageLoader`; tests pass a
/// loader they complete by hand, so that paging is tested without sleeping.
@MainActor
protocol SearchPageLoader {
    /// Starts reading the `limit` results of `query` after `after` (from the newest when nil);
    /// `deliver` runs once, on the main actor, with the rows or the error.
    func loadPage(
        _ query: SearchQuery, after: ItemCursor?, limit: Int,
        deliver: @escaping @MainActor @Sendable (Result<[ItemRow], any Error>) -> Void)
}

/// Reads pages through the reader's store reads (off the main thread), delivered on it.
struct StoreSearchPageLoader: SearchPageLoader {
    let storeView: StoreView

    func loadPage(
        _ query: SearchQuery, after: ItemCursor?, limit: Int,
        deliver: @escaping @MainActor @Sendable (Result<[ItemRow], any Error>) -> Void
    ) {
        storeView.read(.search(query, ItemPageRequest(after: after, limit: limit)), thenResult: { result in
            deliver(result.flatMap { answer in
                guard case .rows(let rows) = answer else { return .failure(StoreAnswer.Mismatch()) }
                return .success(rows)
            })
        })
    }
}
