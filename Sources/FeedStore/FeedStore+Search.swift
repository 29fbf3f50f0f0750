import Foundation
import GRDB

extension FeedStore {
    /// Full-text search for what the user typed, newest first (to the second), one page at a
    /// time; for the next page pass the last row's `cursor` as `request.after`.
    ///
    /// Never fails on user input: the words are turned into a safe FTS5 query by
    /// `SearchQuery.match(forUserWords:)`; input with nothing searchable returns no rows.
    /// Titles, authors and article text are searched; case and diacritics are ignored; a
    /// Japanese word of any length (two characters included) matches where its characters
    /// are adjacent. Items of unsubscribed and hidden feeds are left out.
    public func search(
        words: String, inFeed feedID: FeedID? = nil, _ request: ItemPageRequest = ItemPageRequest()
    ) throws -> [ItemRow] {
        guard let query = SearchQuery.match(forUserWords: words) else { return [] }
        return try search(match: query, inFeed: feedID, request)
    }

    /// Full-text search with a raw FTS5 `MATCH` expression over the columns `searchTitle`,
    /// `searchAuthor` and `searchBody` (for a query language layered on top). CJK text in the
    /// index is one character per token: pass it through `SearchText`-style spacing, e.g. by
    /// building phrases with `SearchQuery.match(forUserWords:)`.
    ///
    /// - Throws: `StoreError.invalidSearchQuery` when FTS5 rejects the expression.
    public func search(
        match query: String, inFeed feedID: FeedID? = nil, _ request: ItemPageRequest = ItemPageRequest()
    ) throws -> [ItemRow] {
        var request = request
        // A single feed's results fold nothing.
        if feedID != nil { request.foldsStories = false }
        let listed: ListedConditions = { item, feed in
            var arguments = StatementArguments()
            var conditions = Self.searchedItems(item: item, feed: feed)
            if let feedID {
                conditions += " AND \(item).feedId = ?"
                arguments += [feedID]
            }
            if request.unreadOnly { conditions += " AND \(item).isRead = 0" }
            return (conditions, arguments)
        }
        do {
            return try pool.read { db in try Self.indexMatches(db, match: query, listed: listed, request) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            throw StoreError.invalidSearchQuery(query: query, reason: error.message ?? "rejected by FTS5")
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// One page of the articles matching a parsed query (see `SearchQuery` for the syntax),
    /// newest first (to the second); for the next page pass the last row's `cursor` as
    /// `request.after`. `request.unreadOnly` narrows the results like `unread:yes`.
    ///
    /// Words and phrases go through the full-text index, which returns matches newest first,
    /// so a page costs the same whether 10 or 50 000 articles match; a query of filters only
    /// walks the items newest first through the `searchRank` index. When the filters let few
    /// items through (`feed:` of a small feed, `unread:yes` with little unread), those few are
    /// checked and sorted instead (see `SearchScope`). A `feed:` or `tag:` that names no feed
    /// finds nothing. Items of unsubscribed and hidden feeds are left out.
    public func search(_ query: SearchQuery, _ request: ItemPageRequest = ItemPageRequest()) throws -> [ItemRow] {
        try read { db in
            let unread: Bool? = request.unreadOnly ? true : query.unread
            let scope = try SearchScope.read(db, for: query, unread: unread)
            if let feedIDs = scope.feedIDs, feedIDs.isEmpty { return [] }
            // The filters, for any name of the tables: the copies of a story are held to them too.
            let filtered: ListedConditions = { item, feed in
                var arguments = StatementArguments()
                var conditions = Self.searchedItems(item: item, feed: feed)
                if let feedIDs = scope.feedIDs {
                    conditions += " AND \(item).feedId IN (\(Array(repeating: "?", count: feedIDs.count).joined(separator: ", ")))"
                    arguments += StatementArguments(feedIDs)
                }
                if let unread { conditions += unread ? " AND \(item).isRead = 0" : " AND \(item).isRead = 1" }
                return (conditions, arguments)
            }

            // Walk an index newest first (the full-text index for words, the rank index for
            // filters only) when the filters let many items through; otherwise read the few
            // candidates, check each against the words, and sort them (see `SearchScope`).
            let walks = scope.prefersRankWalk(pageSize: request.limit + request.offset)
            if let match = query.matchExpression, walks {
                return try Self.indexMatches(db, match: match, listed: filtered, request)
            }
            let listed: ListedConditions = { item, feed in
                var (conditions, arguments) = filtered(item, feed)
                if let match = query.matchExpression {
                    conditions += " AND EXISTS (SELECT 1 FROM itemSearch WHERE itemSearch MATCH ? AND itemSearch.rowid = \(item).searchRank)"
                    arguments += [match]
                } else if let exclusions = query.exclusionExpression {
                    conditions += " AND \(item).searchRank NOT IN (SELECT rowid FROM itemSearch WHERE itemSearch MATCH ?)"
                    arguments += [exclusions]
                }
                return (conditions, arguments)
            }
            var (conditions, arguments) = listed("item", "feed")
            if let after = request.after {
                conditions += " AND item.searchRank < ?"
                arguments += [SearchRank.of(after)]
            }
            // CROSS JOIN keeps item as the outer loop, so that the walk is along the index.
            let items = walks
                ? "item INDEXED BY itemSearchRank CROSS JOIN feed ON feed.id = item.feedId"
                : "item JOIN feed ON feed.id = item.feedId"
            return try Self.pageRows(db, from: items, where: conditions, arguments, order: "item.searchRank DESC", request, folding: listed)
        }
    }

    /// What every search leaves out: items of unsubscribed and hidden feeds, dropped and hidden
    /// items.
    private static func searchedItems(item: String, feed: String) -> String {
        "\(feed).isSubscribed = 1 AND \(feed).isHidden = 0 AND \(item).isDeleted = 0"
    }

    /// One page of the items the full-text index matches for the FTS5 expression `match` that
    /// also meet `listed`, newest first (to the second). FTS5 returns its matches in rowid
    /// order, which is the items' `searchRank`, so the page stops after its rows instead of
    /// sorting every match.
    private static func indexMatches(
        _ db: Database, match: String, listed: @escaping ListedConditions, _ request: ItemPageRequest
    ) throws -> [ItemRow] {
        var (conditions, arguments) = listed("item", "feed")
        conditions = "itemSearch MATCH ? AND " + conditions
        arguments = [match] + arguments
        if let after = request.after {
            conditions += " AND itemSearch.rowid < ?"
            arguments += [SearchRank.of(after)]
        }
        return try pageRows(
            db, from: "itemSearch JOIN item ON item.searchRank = itemSearch.rowid JOIN feed ON feed.id = item.feedId",
            where: conditions, arguments, order: "itemSearch.rowid DESC", request,
            folding: { item, feed in
                // A copy matches the words too.
                var (conditions, arguments) = listed(item, feed)
                conditions += " AND EXISTS (SELECT 1 FROM itemSearch WHERE itemSearch MATCH ? AND itemSearch.rowid = \(item).searchRank)"
                arguments += [match]
                return (conditions, arguments)
            })
    }

    /// The rows of the items with `ids` that are still in the cache, in no particular order:
    /// for a list that keeps its rows but shows their read and starred state as it is now.
    public func itemRows(_ ids: [ItemID]) throws -> [ItemRow] {
        guard !ids.isEmpty else { return [] }
        return try read { db in
            var rows: [ItemRow] = []
            // SQLite allows 32 766 arguments per statement; stay well below.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                rows += try Self.itemRows(
                    db, where: "item.id IN (\(placeholders)) AND item.isDeleted = 0",
                    ItemPageRequest(limit: chunk.count), StatementArguments(chunk))
            }
            return rows
        }
    }
}
