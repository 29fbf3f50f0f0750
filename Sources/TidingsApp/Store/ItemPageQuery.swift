import FeedStore

/// One page of a list's rows.
struct ItemPageQuery: StoreQuery {
    var pages: ItemPages
    var request: ItemPageRequest

    func answer(from store: FeedStore) throws -> [ItemRow] {
        try pages.rows(from: store, request)
    }

    static func message(_ result: StoreResult<[ItemRow]>, route: RowsRoute) -> ReaderMessage {
        .rowsRead(route, result)
    }
}
