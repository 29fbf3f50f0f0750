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
        var arguments: StatementArguments = [query]
        var conditions = "itemSearch MATCH ? AND feed.isSubscribed = 1 AND feed.isHidden = 0"
        if let feedID {
            conditions += " AND item.feedId = ?"
            arguments += [feedID]
        }
        conditions += request.unreadOnly ? " AND item.isRead = 0 AND item.isDeleted = 0" : " AND item.isDeleted = 0"
        if let after = request.after {
            conditions += " AND itemSearch.rowid < ?"
            arguments += [SearchRank.of(after)]
        }
        do {
            return try pool.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(Self.itemRowColumns)
                        FROM itemSearch
                        JOIN item ON item.searchRank = itemSearch.rowid
                        JOIN feed ON feed.id = item.feedId
                        WHERE \(conditions)
                        ORDER BY itemSearch.rowid DESC LIMIT ? OFFSET ?
                        """,
                    arguments: arguments + [max(0, request.limit), max(0, request.offset)]
                ).map(Self.itemRow)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            throw StoreError.invalidSearchQuery(query: query, reason: error.message ?? "rejected by FTS5")
        } catch {
            throw Self.storeError(error, path: path)
        }
    }
}
