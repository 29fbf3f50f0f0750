import GRDB

/// The cache's tables, indexes and triggers, created and upgraded by versioned migrations.
///
/// Dates are stored as REAL seconds since 1970 (UTC) so that ordering is numeric and cheap.
/// Never edit a migration that has shipped: add a new one. A cache that has applied a migration
/// this build does not know was written by a newer Tidings and is refused (see `FeedStore.init`).
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: feeds, items, counts, search") { db in
            try createFeedTable(db)
            try createItemTable(db)
            try createCountTriggers(db)
            try createSearchIndex(db)
            try db.execute(sql: """
                CREATE TABLE storeState (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    generation INTEGER NOT NULL
                );
                INSERT INTO storeState (id, generation) VALUES (1, 1);
                """)
        }
        migrator.registerMigration("v2: tombstone index") { db in
            // Every upsert drops the feed's tombstones that the feed no longer carries; without
            // this index that read every item the feed ever had, on every fetch.
            try db.execute(sql: "CREATE INDEX itemTombstones ON item (feedId, lastSeenAt) WHERE isDeleted = 1")
        }
        migrator.registerMigration("v3: new items counted by the upsert") { db in
            // A trigger run per inserted row cost a fifth of the insert; the upsert, the only
            // place where items are inserted, now adds its new items to the feed's counts in
            // one statement (`FeedStore.storeItems`). Updates and deletes keep their triggers.
            try db.execute(sql: "DROP TRIGGER itemCountInsert")
        }
        migrator.registerMigration("v4: list excerpts and folded titles") { db in
            // What item lists show under a title (`show-excerpts`) and what their quick filter
            // compares, computed once per stored item (see `ListText`) so that a list never reads
            // article text to draw or filter its rows. Existing items get theirs here.
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN excerpt TEXT;
                ALTER TABLE item ADD COLUMN foldedTitle TEXT;
                """)
            try fillListText(db)
            // The quick filter scans a feed's folded titles in list order; this index holds all
            // it reads, so it never steps through the items' rows, whose last columns sit
            // behind the article text (overflow pages, for long articles). `isDeleted` is a
            // column as well as the condition: SQLite 3.40 uses a partial index as covering
            // only when it holds every column the query names.
            try db.execute(sql: """
                CREATE INDEX itemFeedTitle ON item (feedId, sortDate, id, isRead, isDeleted, foldedTitle) WHERE isDeleted = 0
                """)
        }
        migrator.registerMigration("v5: search body computed, not stored") { db in
            // The full-text index's text for item bodies was kept in every row: a quarter of the
            // cache, and of what a reload writes. It is now recomputed when the index needs it
            // (see `SearchBody`); the index is rebuilt on opening, once the fingerprint of
            // `SearchBody` is found missing (`FeedStore.rebuildOutdatedSearchIndex`).
            try db.execute(sql: """
                DROP TRIGGER itemSearchDelete;
                DROP TRIGGER itemSearchUpdate;
                ALTER TABLE item DROP COLUMN searchBody;
                ALTER TABLE storeState ADD COLUMN searchFingerprint TEXT;
                """)
            try createSearchTriggers(db, body: .feedText)
        }
        migrator.registerMigration("v6: sync") { db in
            // A feed server (`urls-source`) names feeds and articles by its own ids;
            // marks made here wait in `syncQueue` until the server has them, in the same
            // transaction as the mark itself, so that no mark is lost between the two. See
            // `FeedStore+Sync.swift`.
            try db.execute(sql: """
                ALTER TABLE feed ADD COLUMN serverId INTEGER;
                CREATE UNIQUE INDEX feedServerId ON feed (serverId) WHERE serverId IS NOT NULL;
                ALTER TABLE item ADD COLUMN serverId INTEGER;
                CREATE UNIQUE INDEX itemServerId ON item (serverId) WHERE serverId IS NOT NULL;
                CREATE TABLE syncQueue (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    change TEXT NOT NULL,
                    serverId INTEGER NOT NULL,
                    itemId INTEGER,
                    feedId INTEGER,
                    readBefore REAL
                );
                CREATE TABLE syncState (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    account TEXT NOT NULL,
                    sinceId INTEGER NOT NULL DEFAULT 0,
                    lastSyncAt REAL
                );
                """)
        }
        migrator.registerMigration("v7: full articles") { db in
            // The main text of the page an item links to (`x`, `always-fetch-full-article`), as
            // sanitised HTML, in a column of its own: the feed's text stays as the feed sent it.
            // The index's triggers now compute item bodies with the full article too, so that
            // search finds words only the page has. The column starts empty, and an item without
            // a full article gets the same body as before, so nothing needs re-indexing here.
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN fullArticle TEXT;
                DROP TRIGGER itemSearchDelete;
                DROP TRIGGER itemSearchUpdate;
                """)
            try createSearchTriggers(db, body: .withFullArticle)
        }
        migrator.registerMigration("v8: killfile") { db in
            // Articles hidden by the killfile have `isDeleted = 2` (see `FeedStore.applyKillfile`):
            // every list, count and search already reads only `isDeleted = 0`. This index finds
            // the hidden ones when a changed killfile shows some of them again, without reading
            // the whole table at every start.
            try db.execute(sql: "CREATE INDEX itemHiddenByKillfile ON item (feedId) WHERE isDeleted = 2")
        }
        migrator.registerMigration("v9: bodies indexed after the reload") { db in
            // Tokenising article bodies was most of a reload's serial store time. A new item's
            // title and author are indexed as it is stored, its body once the reload is over
            // (`FeedStore.indexStoredBodies`); until then `bodyIndexed` is 0 and the index holds
            // no body for it, which the triggers know when they remove what was indexed. Items
            // stored before this migration are indexed whole (the default).
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN bodyIndexed INTEGER NOT NULL DEFAULT 1;
                CREATE INDEX itemBodyNotIndexed ON item (id) WHERE bodyIndexed = 0;
                DROP TRIGGER itemSearchDelete;
                DROP TRIGGER itemSearchUpdate;
                """)
            try createSearchTriggers(db, body: .deferred)
        }
        migrator.registerMigration("v10: article lengths") { db in
            // newsboat's `%L` in `articlelist-format`: the size of an article's text, kept with
            // the item like its excerpt, so that a list never reads article text to draw a row.
            // SQLite's length() of a text counts characters: the cast counts bytes.
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN contentLength INTEGER;
                UPDATE item SET contentLength = length(CAST(COALESCE(content, summary) AS BLOB)) WHERE isDeleted = 0;
                """)
        }
        migrator.registerMigration("v11: article flags") { db in
            // newsboat's flags (`edit-flags`, `flags # "a"`, `%F`): the letters other than the
            // star's, sorted (see `ArticleFlags`); the star stays `isStarred`, whose letter is a
            // setting (`*-flag-star`), not data.
            try db.execute(sql: "ALTER TABLE item ADD COLUMN flags TEXT NOT NULL DEFAULT ''")
        }
        migrator.registerMigration("v12: the place left") { db in
            // Where the reader was in an article it left before the end, and which article a
            // feed's list had selected: read again when they are opened (see
            // `FeedStore+ReadingPlaces`). Forgotten after 30 days.
            try db.execute(sql: """
                CREATE TABLE readingPlace (
                    itemId INTEGER PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE,
                    line INTEGER NOT NULL,
                    anchor TEXT NOT NULL,
                    savedAt REAL NOT NULL
                );
                CREATE TABLE listPlace (
                    feedId INTEGER PRIMARY KEY REFERENCES feed(id) ON DELETE CASCADE,
                    itemId INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                    savedAt REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("v13: rules and stories") { db in
            // The same story once (see `FeedStore+Stories`): digests of an article's link and
            // title as `StoryKey` makes them, the fingerprint of its text with
            // `fold-near-duplicates`, and the story it shares with other feeds' articles
            // (`storyId`, the id of the story's first article; NULL while it has no copy). Each is
            // looked up in an index of its own as articles arrive; the fingerprint through its
            // eight 8-bit bands, one of which two near-duplicates always share.
            //
            // Rules on arrival (see `FeedStore+Rules`): the tags rules give articles (`itemTag`,
            // which `tags # "NAME"` finds as it finds the feeds' tags) and the effects they leave
            // for whoever reloaded (`ruleEffect`). Sessions: when the reader last ended one, and
            // articles by their arrival, for "New since last time".
            try db.execute(sql: """
                ALTER TABLE item ADD COLUMN linkDigest INTEGER;
                ALTER TABLE item ADD COLUMN titleDigest INTEGER;
                ALTER TABLE item ADD COLUMN similarityHash INTEGER;
                ALTER TABLE item ADD COLUMN storyId INTEGER;
                CREATE INDEX itemStoryLink ON item (linkDigest) WHERE linkDigest IS NOT NULL;
                CREATE INDEX itemStoryTitle ON item (titleDigest, sortDate) WHERE titleDigest IS NOT NULL;
                CREATE INDEX itemStory ON item (storyId) WHERE storyId IS NOT NULL;
                CREATE INDEX itemArrival ON item (firstSeenAt);
                CREATE TABLE itemTag (
                    tag TEXT NOT NULL,
                    itemId INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                    PRIMARY KEY (tag, itemId)
                ) WITHOUT ROWID;
                CREATE INDEX itemTagItem ON itemTag (itemId);
                CREATE TABLE ruleEffect (
                    id INTEGER PRIMARY KEY,
                    itemId INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                    action TEXT NOT NULL,
                    arguments TEXT NOT NULL DEFAULT '[]'
                );
                CREATE INDEX ruleEffectItem ON ruleEffect (itemId);
                ALTER TABLE storeState ADD COLUMN sessionEndedAt REAL;
                """)
            for band in SimilarityHash.bands {
                try db.execute(sql: """
                    CREATE INDEX itemSimilarity\(band) ON item (\(SimilarityHash.bandSQL(band)), sortDate)
                    WHERE similarityHash IS NOT NULL
                    """)
            }
            try FeedStore.fillStoryKeys(db)
        }
        migrator.registerMigration("v14: polite fetching") { db in
            // When a feed may be fetched again (see `FeedHealth`): what the feed declared
            // (`<ttl>`, `sy:updatePeriod`, seconds), how long the server said its answer stays
            // fresh and when it asked to be left alone (`Cache-Control`/`Expires`, `Retry-After`:
            // times), and the settings of the config that apply to the feed itself
            // (`reload-time` in seconds, `mark-read-on-arrival`; `max-items` has its column since
            // v1), written by whoever reads the config before a reload (`applyFeedPolicies`). A
            // 429 holds for the feed's whole host: `hostWait`.
            try db.execute(sql: """
                ALTER TABLE feed ADD COLUMN updateInterval REAL;
                ALTER TABLE feed ADD COLUMN freshUntil REAL;
                ALTER TABLE feed ADD COLUMN waitUntil REAL;
                ALTER TABLE feed ADD COLUMN reloadInterval REAL;
                ALTER TABLE feed ADD COLUMN markReadOnArrival INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE hostWait (
                    host TEXT PRIMARY KEY,
                    until REAL NOT NULL
                );
                """)
        }
        return migrator
    }

    private static func createFeedTable(_ db: Database) throws {
        // `url` is the feed as written in the urls file (the identity used by the subscription
        // sync); `fetchURL` is where it is fetched from once a permanent redirect has been
        // confirmed. Counts are kept by triggers so that the feed list needs no aggregate.
        try db.execute(sql: """
            CREATE TABLE feed (
                id INTEGER PRIMARY KEY,
                url TEXT NOT NULL UNIQUE,
                fetchURL TEXT,
                title TEXT,
                link TEXT,
                subtitle TEXT,
                author TEXT,
                image TEXT,
                language TEXT,
                format TEXT,
                customTitle TEXT,
                tags TEXT NOT NULL DEFAULT '[]',
                position INTEGER NOT NULL DEFAULT 0,
                isHidden INTEGER NOT NULL DEFAULT 0,
                isSubscribed INTEGER NOT NULL DEFAULT 1,
                etag TEXT,
                lastModified TEXT,
                lastAttemptAt REAL,
                lastSuccessAt REAL,
                lastError TEXT,
                failureCount INTEGER NOT NULL DEFAULT 0,
                redirectTarget TEXT,
                redirectCount INTEGER NOT NULL DEFAULT 0,
                maxItems INTEGER,
                unreadCount INTEGER NOT NULL DEFAULT 0,
                totalCount INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX feedListOrder ON feed (isSubscribed, isHidden, position, id);
            """)
    }

    private static func createItemTable(_ db: Database) throws {
        // `sortDate` = published, else updated, else first seen: the one ordering every view uses.
        // `searchTitle`/`searchAuthor`/`searchBody` hold the text the full-text index sees
        // (tags stripped, CJK characters spaced out; see `SearchText`). `searchRank` orders
        // items like `sortDate` (to the second), then by id: it is the full-text index's rowid,
        // so that FTS5 itself returns matches newest first and a page stops after its rows
        // instead of sorting every match. See `SearchRank` for the formula.
        try db.execute(sql: """
            CREATE TABLE item (
                id INTEGER PRIMARY KEY,
                feedId INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                guid TEXT,
                title TEXT,
                link TEXT,
                author TEXT,
                published REAL,
                updated REAL,
                summary TEXT,
                content TEXT,
                enclosures TEXT NOT NULL DEFAULT '[]',
                categories TEXT NOT NULL DEFAULT '[]',
                firstSeenAt REAL NOT NULL,
                lastSeenAt REAL NOT NULL,
                sortDate REAL NOT NULL,
                isRead INTEGER NOT NULL DEFAULT 0,
                isStarred INTEGER NOT NULL DEFAULT 0,
                isDeleted INTEGER NOT NULL DEFAULT 0,
                searchTitle TEXT,
                searchAuthor TEXT,
                searchBody TEXT,
                searchRank INTEGER GENERATED ALWAYS AS (\(SearchRank.sql)) VIRTUAL,
                UNIQUE (feedId, key)
            );
            CREATE INDEX itemSearchRank ON item (searchRank);
            CREATE INDEX itemFeedOrder ON item (feedId, sortDate, id) WHERE isDeleted = 0;
            CREATE INDEX itemFeedUnreadOrder ON item (feedId, sortDate, id)
                WHERE isRead = 0 AND isDeleted = 0;
            CREATE INDEX itemStarred ON item (sortDate, id) WHERE isStarred = 1;
            """)
    }

    private static func createCountTriggers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TRIGGER itemCountInsert AFTER INSERT ON item BEGIN
                UPDATE feed SET
                    totalCount = totalCount + (new.isDeleted = 0),
                    unreadCount = unreadCount + (new.isDeleted = 0 AND new.isRead = 0)
                WHERE id = new.feedId;
            END;
            CREATE TRIGGER itemCountDelete AFTER DELETE ON item BEGIN
                UPDATE feed SET
                    totalCount = totalCount - (old.isDeleted = 0),
                    unreadCount = unreadCount - (old.isDeleted = 0 AND old.isRead = 0)
                WHERE id = old.feedId;
            END;
            CREATE TRIGGER itemCountUpdate AFTER UPDATE OF isRead, isDeleted, feedId ON item
            WHEN old.isRead IS NOT new.isRead OR old.isDeleted IS NOT new.isDeleted
                OR old.feedId IS NOT new.feedId
            BEGIN
                UPDATE feed SET
                    totalCount = totalCount - (old.isDeleted = 0),
                    unreadCount = unreadCount - (old.isDeleted = 0 AND old.isRead = 0)
                WHERE id = old.feedId;
                UPDATE feed SET
                    totalCount = totalCount + (new.isDeleted = 0),
                    unreadCount = unreadCount + (new.isDeleted = 0 AND new.isRead = 0)
                WHERE id = new.feedId;
            END;
            """)
    }

    private static func createSearchIndex(_ db: Database) throws {
        // A contentless FTS5 table keyed by `item.searchRank`; the text lives in the item's
        // search columns, which are passed in (a contentless delete needs the values that were
        // indexed). Rows whose search columns are all NULL (dropped items) are not indexed.
        // unicode61 folds case and diacritics; CJK text arrives one character per token, so a
        // phrase of two or three characters matches where they are adjacent.
        //
        // Updates and deletes are kept in sync by triggers. New rows are indexed by the upsert
        // itself, in the same transaction (`FeedStore.storeItems`): in SQLite 3.40 an FTS5
        // write made from a trigger runs inside a statement savepoint, and FTS5 flushes its
        // pending terms to disk at every savepoint, which made bulk inserts three times slower.
        let hasText = { (row: String) in
            "(\(row).searchTitle IS NOT NULL OR \(row).searchAuthor IS NOT NULL OR \(row).searchBody IS NOT NULL)"
        }
        let index = { (row: String) in
            """
            INSERT INTO itemSearch (rowid, searchTitle, searchAuthor, searchBody)
            SELECT \(row).searchRank, \(row).searchTitle, \(row).searchAuthor, \(row).searchBody
            WHERE \(hasText(row));
            """
        }
        let unindex = { (row: String) in
            """
            INSERT INTO itemSearch (itemSearch, rowid, searchTitle, searchAuthor, searchBody)
            SELECT 'delete', \(row).searchRank, \(row).searchTitle, \(row).searchAuthor, \(row).searchBody
            WHERE \(hasText(row));
            """
        }
        try db.execute(sql: """
            CREATE VIRTUAL TABLE itemSearch USING fts5(
                searchTitle, searchAuthor, searchBody,
                content = '', tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER itemSearchDelete AFTER DELETE ON item BEGIN
                \(unindex("old"))
            END;
            CREATE TRIGGER itemSearchUpdate
            AFTER UPDATE OF searchTitle, searchAuthor, searchBody, sortDate ON item
            WHEN old.searchTitle IS NOT new.searchTitle OR old.searchAuthor IS NOT new.searchAuthor
                OR old.searchBody IS NOT new.searchBody OR old.searchRank IS NOT new.searchRank
            BEGIN
                \(unindex("old"))
                \(index("new"))
            END;
            """)
    }

    /// An item's body as the full-text index holds it, as each migration that changed it defines
    /// it (migrations stay as they shipped: v5 and v7 keep theirs).
    private enum IndexedBody {
        /// v5: computed from the summary and content (see `SearchBody`).
        case feedText
        /// v7: the full article too.
        case withFullArticle
        /// v9: as v7, but only once `bodyIndexed` says the text was indexed (see
        /// `FeedStore.indexStoredBodies`, which writes the index itself: setting the flag is not
        /// watched, since a trigger's FTS5 writes run under a statement savepoint each, which
        /// made indexing half again as slow).
        case deferred

        /// The body of `row` (`old`, `new`, `item`) in SQL.
        func sql(_ row: String) -> String {
            switch self {
            case .feedText: "tidingsSearchBody(\(row).summary, \(row).content)"
            case .withFullArticle: "tidingsSearchBody(\(row).summary, \(row).content, \(row).fullArticle)"
            case .deferred: "(CASE WHEN \(row).bodyIndexed THEN tidingsSearchBody(\(row).summary, \(row).content, \(row).fullArticle) END)"
            }
        }

        /// The columns whose change changes the body.
        var columns: [String] {
            self == .feedText ? ["summary", "content"] : ["summary", "content", "fullArticle"]
        }
    }

    /// What the full-text index holds for `row` (`old` or `new` in a trigger): its stored title
    /// and author, and its body.
    private static func searchValues(_ row: String, _ body: IndexedBody) -> (columns: String, hasText: String) {
        let bodySQL = body.sql(row)
        return ("\(row).searchRank, \(row).searchTitle, \(row).searchAuthor, \(bodySQL)",
                "(\(row).searchTitle IS NOT NULL OR \(row).searchAuthor IS NOT NULL OR \(bodySQL) IS NOT NULL)")
    }

    /// Keeps the full-text index in step with updates and deletes (migration v5 onwards; new
    /// rows are indexed by the upsert itself, see `createSearchIndex`). Rows with no text at all
    /// (dropped items) are not indexed.
    private static func createSearchTriggers(_ db: Database, body: IndexedBody) throws {
        let (old, new) = (searchValues("old", body), searchValues("new", body))
        let watched = ["searchTitle", "searchAuthor"] + body.columns
        let changed = (watched + ["searchRank"]).map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
        try db.execute(sql: """
            CREATE TRIGGER itemSearchDelete AFTER DELETE ON item BEGIN
                INSERT INTO itemSearch (itemSearch, rowid, searchTitle, searchAuthor, searchBody)
                SELECT 'delete', \(old.columns) WHERE \(old.hasText);
            END;
            CREATE TRIGGER itemSearchUpdate
            AFTER UPDATE OF \((watched + ["sortDate"]).joined(separator: ", ")) ON item
            WHEN \(changed)
            BEGIN
                INSERT INTO itemSearch (itemSearch, rowid, searchTitle, searchAuthor, searchBody)
                SELECT 'delete', \(old.columns) WHERE \(old.hasText);
                INSERT INTO itemSearch (rowid, searchTitle, searchAuthor, searchBody)
                SELECT \(new.columns) WHERE \(new.hasText);
            END;
            """)
    }

    /// Computes `excerpt` and `foldedTitle` for every listed item, a thousand at a time so that
    /// a large cache is never held in memory at once.
    private static func fillListText(_ db: Database) throws {
        let update = try db.makeStatement(sql: "UPDATE item SET excerpt = ?, foldedTitle = ? WHERE id = ?")
        var lastID: Int64 = 0
        while true {
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, title, summary, content FROM item WHERE id > ? AND isDeleted = 0 ORDER BY id LIMIT 1000",
                arguments: [lastID])
            guard let last = rows.last else { return }
            for row in rows {
                let title: String? = row["title"]
                let excerpt = ListText.excerpt(summary: row["summary"], content: row["content"])
                try update.execute(arguments: [excerpt, title.map(ListText.folded), row["id"] as Int64])
            }
            lastID = last["id"]
        }
    }

    /// Re-creates the full-text index from the items' search columns and bodies (full
    /// articles included, every body indexed: it runs only on a cache brought up to date).
    static func rebuildSearchIndex(_ db: Database) throws {
        let values = searchValues("item", .deferred)
        try db.execute(sql: """
            INSERT INTO itemSearch (itemSearch) VALUES ('delete-all');
            UPDATE item SET bodyIndexed = 1 WHERE bodyIndexed = 0;
            INSERT INTO itemSearch (rowid, searchTitle, searchAuthor, searchBody)
            SELECT \(values.columns) FROM item WHERE \(values.hasText);
            """)
    }
}
