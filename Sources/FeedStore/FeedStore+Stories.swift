import FeedModel
import Foundation
import GRDB

/// The same story once: articles of different feeds that are one story share a `storyId` (the id
/// of the story's first article; NULL for an article no other feed carried).
///
/// An article joins a story as it arrives, in the upsert that stores it (`joinStory`): when its
/// link is an earlier article's once normalised (`StoryKey.link`), else when its title is
/// (`StoryKey.title`) and their dates are at most 48 hours apart, else — with
/// `fold-near-duplicates` — when its text is a near-duplicate (`SimilarityHash`), dates 48 hours
/// apart at most too. Each is one lookup in an index; nothing is compared when a list is drawn.
///
/// Lists of several feeds (query feeds, Starred, search, "New since last time") fold a story into
/// one row when the request asks (`ItemPageRequest.foldsStories`): the copy the list would show
/// first stands for the others, and carries how many copies the list has besides it
/// (`ItemRow.storyCopies`) and the other feeds that carried it (`ItemRow.storyFeeds`). A single
/// feed's list folds nothing. Reading a story marks every copy read (`markStories`), so that
/// every feed's count stays exact; starring stars the one article.
extension FeedStore {
    /// Makes later upserts find near-duplicate texts as one story (`fold-near-duplicates`),
    /// without touching what is stored (no SQL: callable from any thread). Their texts'
    /// fingerprints are computed as they are prepared (`PreparedFeed(_:similarityHashes:)`, which
    /// `StoreFeedCache` gives this value), never as a list is drawn.
    public func useNearDuplicates(_ isOn: Bool) {
        arrivalSlot.set(nearDuplicates: isOn)
    }

    /// Whether upserts find near-duplicate texts as one story (see `useNearDuplicates`).
    public var foldsNearDuplicates: Bool { arrivalSlot.foldsNearDuplicates }

    // MARK: - Joining a story as an article arrives

    /// Joins the article `id` (of `feedID`, just stored) to the story of an earlier article of
    /// another feed, when one is the same story; the story's first article then knows it has a
    /// copy too. Returns the story's id, or nil when the article is a story of its own.
    @discardableResult
    static func joinStory(
        _ db: Database, item id: Int64, feedID: FeedID, sortDate: Double, linkDigest: Int64?, titleDigest: Int64?,
        similarityHash: Int64?
    ) throws -> Int64? {
        var story: Int64?
        if let linkDigest {
            story = try Int64.fetchOne(
                db.cachedStatement(sql: """
                    SELECT COALESCE(storyId, id) FROM item WHERE linkDigest = ? AND id < ? AND feedId <> ? ORDER BY id LIMIT 1
                    """),
                arguments: [linkDigest, id, feedID])
        }
        if story == nil, let titleDigest {
            story = try Int64.fetchOne(
                db.cachedStatement(sql: """
                    SELECT COALESCE(storyId, id) FROM item
                    WHERE titleDigest = ? AND sortDate BETWEEN ? AND ? AND id < ? AND feedId <> ? ORDER BY id LIMIT 1
                    """),
                arguments: [titleDigest, sortDate - StoryKey.titleWindow, sortDate + StoryKey.titleWindow, id, feedID])
        }
        if story == nil, let similarityHash {
            story = try nearDuplicateStory(db, item: id, feedID: feedID, sortDate: sortDate, similarityHash: similarityHash)
        }
        guard let story else { return nil }
        try db.cachedStatement(sql: "UPDATE item SET storyId = ? WHERE id IN (?, ?) AND storyId IS NULL")
            .execute(arguments: [story, story, id])
        return story
    }

    /// The story of the earliest article of another feed whose text is a near-duplicate, dated
    /// at most 48 hours apart: looked up by each band of the fingerprint (see
    /// `SimilarityHash.bands`), then compared whole.
    private static func nearDuplicateStory(_ db: Database, item id: Int64, feedID: FeedID, sortDate: Double, similarityHash: Int64) throws -> Int64? {
        var earliest: (id: Int64, story: Int64)?
        for band in SimilarityHash.bands {
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: """
                    SELECT id, COALESCE(storyId, id) AS story, similarityHash FROM item
                    WHERE \(SimilarityHash.bandSQL(band)) = ? AND sortDate BETWEEN ? AND ? AND similarityHash IS NOT NULL
                        AND id < ? AND feedId <> ?
                    """),
                arguments: [SimilarityHash.band(band, of: similarityHash), sortDate - StoryKey.titleWindow,
                            sortDate + StoryKey.titleWindow, id, feedID])
            while let row = try rows.next() {
                let candidate: Int64 = row["id"]
                guard SimilarityHash.areNear(row["similarityHash"], similarityHash), candidate < earliest?.id ?? .max else { continue }
                earliest = (candidate, row["story"])
            }
        }
        return earliest?.story
    }

    /// Gives every stored article its story keys and joins the stories it makes with earlier
    /// articles, in the order they arrived (migration v13), a thousand at a time so that a large
    /// cache is never held in memory at once. Near-duplicates are not looked for: their
    /// fingerprints need the option, and articles arriving from now on.
    static func fillStoryKeys(_ db: Database) throws {
        let update = try db.makeStatement(sql: "UPDATE item SET linkDigest = ?, titleDigest = ? WHERE id = ?")
        var lastID: Int64 = 0
        while true {
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, feedId, link, title, sortDate FROM item WHERE id > ? AND isDeleted <> 1 ORDER BY id LIMIT 1000",
                arguments: [lastID])
            guard let last = rows.last else { return }
            for row in rows {
                let id: Int64 = row["id"]
                let linkDigest = StoryKey.digest(StoryKey.link(row["link"]))
                let titleDigest = StoryKey.digest(StoryKey.title(row["title"]))
                try update.execute(arguments: [linkDigest, titleDigest, id])
                try joinStory(
                    db, item: id, feedID: row["feedId"], sortDate: row["sortDate"], linkDigest: linkDigest, titleDigest: titleDigest,
                    similarityHash: nil)
            }
            lastID = last["id"]
        }
    }

    // MARK: - Marks

    /// Marks the articles `ids` and every listed copy of their stories read (or unread), as
    /// reading a folded row does; returns every article that changed, copies included (what an
    /// undo marks back). Marks of articles from a feed server are queued for it, one by one.
    @discardableResult
    public func markStories(containing ids: [ItemID], read isRead: Bool) throws -> [ItemID] {
        try write { db in
            let copies = try db.cachedStatement(sql: """
                SELECT copy.id FROM item JOIN item AS copy ON copy.storyId = item.storyId
                WHERE item.id = ? AND item.storyId IS NOT NULL AND copy.id <> item.id AND copy.isDeleted = 0
                """)
            let mark = try db.cachedStatement(sql: "UPDATE item SET isRead = ? WHERE id = ? AND isRead <> ? AND isDeleted = 0")
            var seen = Set<ItemID>()
            var changed: [ItemID] = []
            for id in ids {
                let story = [id] + (try ItemID.fetchAll(copies, arguments: [id]))
                for article in story where seen.insert(article).inserted {
                    try mark.execute(arguments: [isRead, article, isRead])
                    guard db.changesCount > 0 else { continue }
                    changed.append(article)
                    try Self.queueSyncChange(isRead ? "read" : "unread", item: article, db: db)
                }
            }
            return changed
        }
    }

    /// The other listed copies of article `id`'s story, in every feed (subscribed or not),
    /// newest first: the feeds the article view names as also carrying it. Empty for an article
    /// no other feed carried.
    public func storyCopies(of id: ItemID) throws -> [ItemRow] {
        try read { db in
            try Self.itemRows(
                db,
                where: """
                    item.storyId = (SELECT storyId FROM item WHERE id = ?) AND item.id <> ? AND item.isDeleted = 0
                    """,
                ItemPageRequest(limit: 1000), [id, id])
        }
    }

    // MARK: - Folded lists

    /// The folding of a list of several feeds: the condition that leaves out the copies of a
    /// story other than the one the list shows first (the one ranked newest among those the list
    /// holds), and the columns that count those copies and name the feeds that carried the story.
    /// `conditions` are the list's own, written for any name of `item` and `feed`.
    static func folding(_ conditions: ListedConditions)
        -> (condition: String, conditionArguments: StatementArguments, columns: String, columnArguments: StatementArguments)
    {
        let copies = "item AS copy JOIN feed AS copyFeed ON copyFeed.id = copy.feedId"
        let (copyCondition, copyArguments) = conditions("copy", "copyFeed")
        let condition = """
            (item.storyId IS NULL OR NOT EXISTS (
                SELECT 1 FROM \(copies)
                WHERE copy.storyId = item.storyId AND copy.searchRank > item.searchRank AND \(copyCondition)))
            """
        let columns = """
            (CASE WHEN item.storyId IS NULL THEN 0 ELSE (
                SELECT count(*) FROM \(copies) WHERE copy.storyId = item.storyId AND copy.id <> item.id AND \(copyCondition)
            ) END) AS storyCopies,
            (CASE WHEN item.storyId IS NULL THEN NULL ELSE (
                SELECT json_group_array(DISTINCT \(displayTitleSQL("copyFeed"))) FROM \(copies)
                WHERE copy.storyId = item.storyId AND copy.feedId <> item.feedId AND copy.isDeleted = 0
            ) END) AS storyFeeds
            """
        return (condition, copyArguments, columns, copyArguments)
    }

    /// What each article of a list adds to its total and to its unread count: 1, and 1 when it
    /// is unread; folding stories, only when it stands for its story among the list's articles,
    /// and among its unread ones. `listed` gives the list's conditions for all its articles
    /// (`false`) and for its unread ones (`true`).
    static func countTerms(foldingStories: Bool, _ listed: (_ unreadOnly: Bool) -> ListedConditions)
        -> (total: String, unread: String, arguments: StatementArguments)
    {
        guard foldingStories else { return ("1", "(item.isRead = 0)", []) }
        let all = folding(listed(false))
        let unread = folding(listed(true))
        return (all.condition, "(item.isRead = 0 AND \(unread.condition))", all.conditionArguments + unread.conditionArguments)
    }
}
