import FeedStore

/// One page of a search's results, after the last row read (keyset paging).
struct SearchPageQuery: StoreQuery {
    var query: SearchQuery
    var request: ItemPageRequest

    func answer(from store: FeedStore) throws -> [ItemRow] {
        try store.search(query, request)
    }

    static func message(_ result: StoreResult<[ItemRow]>, route: RowsRoute) -> ReaderMessage {
        .rowsRead(route, result)
    }
}
