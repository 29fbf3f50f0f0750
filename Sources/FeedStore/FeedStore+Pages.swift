import Foundation
import GRDB

/// The conditions that put an article in a list, written for any name of the `item` table and
/// of its `feed`: the list's rows are selected with `("item", "feed")`, and the copies of a
/// story held to the same conditions with other names (see `FeedStore.folding`).
typealias ListedConditions = (_ item: String, _ feed: String) -> (sql: String, arguments: StatementArguments)

extension FeedStore {
    /// The conditions every list has: a listed article (and an unread one, for a request of
    /// unread articles only), `item` the name of the article's table.
    static func listedConditions(_ request: ItemPageRequest, item: String) -> String {
        request.unreadOnly ? "\(item).isRead = 0 AND \(item).isDeleted = 0" : "\(item).isDeleted = 0"
    }

    /// One page of a list of several feeds: the rows of `tables` (which name `item` and `feed`)
    /// meeting `conditions` (the page's position included) in `order`; with
    /// `request.foldsStories`, a story's copies folded into one row, the copies being those that
    /// meet `folding`, the list's own conditions (see `FeedStore+Stories`).
    static func pageRows(
        _ db: Database, from tables: String, where conditions: String, _ arguments: StatementArguments, order: String,
        _ request: ItemPageRequest, folding listed: ListedConditions
    ) throws -> [ItemRow] {
        var (columns, conditions, arguments) = (itemRowColumns, conditions, arguments)
        var columnArguments = StatementArguments()
        if request.foldsStories {
            let folding = folding(listed)
            columns += ", " + folding.columns
            columnArguments = folding.columnArguments
            conditions += " AND " + folding.condition
            arguments += folding.conditionArguments
        }
        return try Row.fetchAll(
            db,
            sql: "SELECT \(columns) FROM \(tables) WHERE \(conditions) ORDER BY \(order) LIMIT ? OFFSET ?",
            arguments: columnArguments + arguments + [max(0, request.limit), max(0, request.offset)]
        ).map(itemRow)
    }
}
