import FilterLanguage
import Foundation
import GRDB

extension FeedStore {
    /// One page of the listed articles matching `expression` — of one feed, or of every
    /// subscribed feed (a query feed; hidden feeds included, as in newsboat, where a query feed
    /// is how their articles are read) — newest first (to the second) unless the
    /// request asks for another order; for the next page pass the last row's `cursor` as
    /// `request.after` (newest first only).
    ///
    /// The articles are walked newest first through the `searchRank` index and the expression
    /// is evaluated by SQLite, so a page stops after its rows: an expression that many
    /// articles match shows its first page at once even over 100 000 articles. A query feed
    /// folds the copies of a story into one row when the request asks (`foldsStories`).
    public func items(
        matching expression: FilterExpression, inFeed feedID: FeedID? = nil, _ request: ItemPageRequest = ItemPageRequest(),
        now: Date = Date()
    ) throws -> [ItemRow] {
        if let feedID {
            let (condition, conditionArguments) = expression.sql(now: now, starFlag: starFlag)
            // One feed: its items in list order through the feed's own index, as `items(inFeed:)`.
            var arguments: StatementArguments = [feedID]
            let conditions = "item.feedId = ?" + Self.pageConditions(request, arguments: &arguments) + " AND \(condition)"
            return try read { db in try Self.itemRows(db, where: conditions, request, arguments + conditionArguments) }
        }
        let starFlag = starFlag
        let listed: ListedConditions = { item, feed in
            let (condition, arguments) = expression.sql(now: now, starFlag: starFlag, item: item, feed: feed)
            return ("\(feed).isSubscribed = 1 AND " + Self.listedConditions(request, item: item) + " AND \(condition)", arguments)
        }
        var (conditions, arguments) = listed("item", "feed")
        if let after = request.after {
            conditions += " AND item.searchRank < ?"
            arguments += [SearchRank.of(after)]
        }
        // Another order than newest first sorts every match, as it must.
        let order = request.order.isNewestFirst ? "item.searchRank DESC" : request.order.sql
        return try read { db in
            // CROSS JOIN keeps `item` the outer loop, walked newest first through its
            // `searchRank` index: the page ends after its rows instead of sorting every match.
            try Self.pageRows(
                db, from: "item CROSS JOIN feed ON feed.id = item.feedId", where: conditions, arguments, order: order, request,
                folding: listed)
        }
    }

    /// How many of a feed's listed articles match `expression` (unread ones only, with
    /// `unreadOnly`): the length of a filtered item list.
    public func itemCount(matching expression: FilterExpression, inFeed feedID: FeedID, unreadOnly: Bool = false, now: Date = Date()) throws -> Int {
        let (condition, arguments) = expression.sql(now: now, starFlag: starFlag)
        let unread = unreadOnly ? " AND item.isRead = 0" : ""
        return try read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM item JOIN feed ON feed.id = item.feedId
                    WHERE item.feedId = ? AND item.isDeleted = 0\(unread) AND \(condition)
                    """,
                arguments: [feedID] + arguments) ?? 0
        }
    }

    /// Unread and total counts of the listed articles matching each expression, over every
    /// subscribed feed, hidden ones included: the counts of query feeds. One pass over the articles
    /// for all of them. With `foldingStories`, a story that several feeds carry counts once, as
    /// the folded list shows it (`ItemPageRequest.foldsStories`): in the total once, and in the
    /// unread count once when a copy of it is unread.
    public func counts(matching expressions: [FilterExpression], foldingStories: Bool = false, now: Date = Date()) throws -> [ItemCounts] {
        guard !expressions.isEmpty else { return [] }
        let starFlag = starFlag
        var arguments = StatementArguments()
        var columns: [String] = []
        for (index, expression) in expressions.enumerated() {
            let (condition, conditionArguments) = expression.sql(now: now, starFlag: starFlag)
            arguments += conditionArguments
            let counted = Self.countTerms(foldingStories: foldingStories) { unreadOnly in
                { item, feed in
                    let (condition, arguments) = expression.sql(now: now, starFlag: starFlag, item: item, feed: feed)
                    let listed = Self.listedConditions(ItemPageRequest(unreadOnly: unreadOnly), item: item)
                    return ("\(feed).isSubscribed = 1 AND \(listed) AND \(condition)", arguments)
                }
            }
            arguments += counted.arguments
            // Both counts in one sum, so that the condition (a scan of article text, perhaps)
            // is evaluated once per article: a match adds 1, an unread match 2^32 more.
            columns.append("COALESCE(SUM(CASE WHEN \(condition) THEN \(counted.total) + \(counted.unread) * 4294967296 ELSE 0 END), 0) AS counts\(index)")
        }
        return try read { db in
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(columns.joined(separator: ", ")) FROM item JOIN feed ON feed.id = item.feedId
                    WHERE feed.isSubscribed = 1 AND item.isDeleted = 0
                    """,
                arguments: arguments)
            else { return expressions.map { _ in .zero } }
            return expressions.indices.map { index in
                let counts: Int64 = row["counts\(index)"]
                return ItemCounts(unread: Int(counts >> 32), total: Int(counts & 0xFFFF_FFFF))
            }
        }
    }
}
