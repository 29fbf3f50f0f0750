import GRDB

extension FeedStore {
    /// How many listed articles have their title and author in the full-text index but not yet
    /// their text: those stored by a reload still being indexed (see `indexStoredBodies`).
    public func articlesAwaitingIndex() throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item INDEXED BY itemBodyNotIndexed WHERE bodyIndexed = 0 AND isDeleted = 0") ?? 0
        }
    }

    /// Adds one item's text to the full-text index, keyed by its `searchRank` (the index's own
    /// triggers only follow updates and deletes: see `StoreSchema.createSearchIndex`).
    static let indexItemSQL = "INSERT INTO itemSearch (rowid, searchTitle, searchAuthor, searchBody) VALUES (?, ?, ?, ?)"

    /// Indexes every article waiting (see `indexStoredBodies`), a batch at a time.
    public func indexAllStoredBodies() throws {
        while try indexStoredBodies() > 0 {}
    }

    /// Adds the text of up to `limit` articles stored since the last call to the full-text
    /// index, oldest first, in one transaction; returns how many are still waiting.
    ///
    /// A reload stores titles and authors only, so that tokenising bodies — most of the cost
    /// of storing an article — is not on its serial path; call this until it returns 0 once a
    /// reload is over. Small batches keep the writer free for marks in between. The screens are
    /// told (the generation moves) when the last batch is done.
    @discardableResult
    public func indexStoredBodies(limit: Int = 500) throws -> Int {
        // Looked for in a read first: at most starts nothing waits, and the reader's start then
        // takes no write lock (which a `tidings reload` may hold) and writes nothing.
        let isWaiting = try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item INDEXED BY itemBodyNotIndexed WHERE bodyIndexed = 0)") ?? false
        }
        guard isWaiting else { return 0 }
        do {
            return try pool.write { db in
                let rows = try Row.fetchAll(
                    db.cachedStatement(sql: """
                        SELECT id, searchRank, searchTitle, searchAuthor, summary, content, fullArticle
                        FROM item INDEXED BY itemBodyNotIndexed WHERE bodyIndexed = 0 ORDER BY id LIMIT ?
                        """),
                    arguments: [max(1, limit)])
                guard !rows.isEmpty else { return 0 }
                // What was indexed (title and author) comes out, all of it goes in: a contentless
                // index is told the old values to remove them.
                let unindex = try db.cachedStatement(sql: """
                    INSERT INTO itemSearch (itemSearch, rowid, searchTitle, searchAuthor) VALUES ('delete', ?, ?, ?)
                    """)
                let index = try db.cachedStatement(sql: Self.indexItemSQL)
                let mark = try db.cachedStatement(sql: "UPDATE item SET bodyIndexed = 1 WHERE id = ?")
                for row in rows {
                    let (rank, title, author): (Int64, String?, String?) = (row["searchRank"], row["searchTitle"], row["searchAuthor"])
                    let body = SearchBody.of(summary: row["summary"], content: row["content"], fullArticle: row["fullArticle"])
                    if title != nil || author != nil { try unindex.execute(arguments: [rank, title, author]) }
                    if title != nil || author != nil || body != nil { try index.execute(arguments: [rank, title, author, body]) }
                    try mark.execute(arguments: [row["id"] as Int64])
                }
                let waiting = try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM item INDEXED BY itemBodyNotIndexed WHERE bodyIndexed = 0") ?? 0
                if waiting == 0 {
                    try db.cachedStatement(sql: "UPDATE storeState SET generation = generation + 1 WHERE id = 1").execute()
                }
                return waiting
            }
        } catch {
            throw failure(ofWrite: error)
        }
    }
}
