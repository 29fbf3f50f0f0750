import FeedModel
import GRDB

extension FeedStore {
    /// One page of a feed's items whose title contains `text`, ignoring case, diacritics and
    /// width (see `ListText.folded`), in the request's order: the quick filter of an item list.
    /// An empty `text` matches every item, as `items(inFeed:_:)` does.
    ///
    /// The comparison runs in SQLite over the stored folded titles, a page at a time, so a feed
    /// of 100 000 items is filtered without loading it.
    public func items(
        inFeed feedID: FeedID, titleContaining text: String, _ request: ItemPageRequest = ItemPageRequest()
    ) throws -> [ItemRow] {
        var arguments: StatementArguments = [feedID]
        let conditions = "item.feedId = ?" + Self.titleCondition(text, arguments: &arguments)
            + Self.pageConditions(request, arguments: &arguments)
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.itemRowColumns) FROM item INDEXED BY itemFeedTitle JOIN feed ON feed.id = item.feedId
                    WHERE \(conditions)
                    ORDER BY \(request.order.sql) LIMIT ? OFFSET ?
                    """,
                arguments: arguments + [max(0, request.limit), max(0, request.offset)]
            ).map(Self.itemRow)
        }
    }

    /// How many of a feed's listed items (unread ones only, with `unreadOnly`) have a title that
    /// contains `text` as `items(inFeed:titleContaining:_:)` compares it.
    public func itemCount(inFeed feedID: FeedID, titleContaining text: String, unreadOnly: Bool = false) throws -> Int {
        var arguments: StatementArguments = [feedID]
        let conditions = "item.feedId = ?" + Self.titleCondition(text, arguments: &arguments)
            + Self.pageConditions(ItemPageRequest(unreadOnly: unreadOnly), arguments: &arguments)
        return try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item INDEXED BY itemFeedTitle WHERE \(conditions)", arguments: arguments) ?? 0
        }
    }

    /// The index of the item at `cursor` in the feed's list filtered by `text` and sorted by
    /// `order` (the number of matching items listed before it), for keeping a selection when a
    /// filter changes. When the item itself is not in that list, the index it would have.
    public func itemIndex(
        of cursor: ItemCursor, inFeed feedID: FeedID, titleContaining text: String, unreadOnly: Bool = false,
        order: ItemOrder = .newestFirst
    ) throws -> Int {
        var arguments: StatementArguments = [feedID]
        let conditions = "item.feedId = ?" + Self.titleCondition(text, arguments: &arguments)
            + Self.pageConditions(ItemPageRequest(unreadOnly: unreadOnly), arguments: &arguments)
        guard order.isNewestFirst else {
            // Numbers the matching items and the item itself in the order: its number is how
            // many matching items come before it. This sorts the feed's items, as the list's
            // pages in such an order do.
            return try read { db in
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT position FROM (
                            SELECT item.id, row_number() OVER (ORDER BY \(order.sql)) - 1 AS position
                            FROM item WHERE (\(conditions)) OR item.id = ?)
                        WHERE id = ?
                        """,
                    arguments: arguments + [cursor.id, cursor.id]) ?? 0
            }
        }
        return try read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM item INDEXED BY itemFeedTitle WHERE \(conditions) AND (item.sortDate, item.id) > (?, ?)",
                arguments: arguments + [cursor.date.timeIntervalSince1970, cursor.id]) ?? 0
        }
    }

    // Every query here names `itemFeedTitle` (migration v4): it covers the filter, but SQLite
    // would otherwise pick the narrower list-order index and read each item's row for its title.

    /// The condition (to AND after a first one) that the folded title contains `text` folded.
    /// `instr` compares bytes, so nothing in the text acts as a wildcard.
    static func titleCondition(_ text: String, arguments: inout StatementArguments) -> String {
        let needle = ListText.folded(text)
        guard !needle.isEmpty else { return "" }
        arguments += [needle]
        return " AND instr(item.foldedTitle, ?) > 0"
    }
}
