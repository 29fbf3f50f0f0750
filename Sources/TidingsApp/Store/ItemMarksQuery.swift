import FeedModel
import FeedStore

/// The rows of these articles as stored now: their marks, for rows a list keeps in place.
struct ItemMarksQuery: StoreQuery {
    var ids: [ItemID]

    func answer(from store: FeedStore) throws -> [ItemRow] {
        try store.itemRows(ids)
    }

    static func message(_ result: StoreResult<[ItemRow]>, route: RowsRoute) -> ReaderMessage {
        .rowsRead(route, result)
    }
}
