import Foundation
import GRDB

/// Full articles: the main text of the page an item links to, fetched on request (`x`) or for
/// the feeds of `always-fetch-full-article`, kept beside the feed's own text (migration v7).
extension FeedStore {
    /// An item whose full article may be fetched: its link and the feed it came from.
    public struct FullArticleCandidate: Sendable, Hashable {
        public var id: ItemID
        public var link: String
        /// The feed's URL as the urls file lists it (what `always-fetch-full-article` matches).
        public var feedURL: String

        public init(id: ItemID, link: String, feedURL: String) {
            self.id = id
            self.link = link
            self.feedURL = feedURL
        }
    }

    /// Stores `html` (sanitised HTML) as the full article of item `id`, replacing any earlier
    /// one; the full-text index follows through its trigger. Returns false when the item is no
    /// longer in the cache (dropped or deleted meanwhile): nothing is stored then.
    @discardableResult
    public func storeFullArticle(_ html: String, forItem id: ItemID) throws -> Bool {
        try write { db in
            try db.execute(
                sql: "UPDATE item SET fullArticle = ? WHERE id = ? AND isDeleted = 0",
                arguments: [html, id])
            return db.changesCount > 0
        }
    }

    /// The stored full article of item `id`; nil when none was fetched.
    public func fullArticle(forItem id: ItemID) throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT fullArticle FROM item WHERE id = ? AND isDeleted = 0", arguments: [id])
        }
    }

    /// Items first seen at `since` or later that have a link and no full article yet, newest
    /// first, at most `limit`: what a reload brought for `always-fetch-full-article` to fetch.
    public func itemsWithoutFullArticle(firstSeenSince since: Date, limit: Int) throws -> [FullArticleCandidate] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT item.id, item.link, feed.url FROM item JOIN feed ON feed.id = item.feedId
                    WHERE item.firstSeenAt >= ? AND item.isDeleted = 0 AND item.fullArticle IS NULL
                        AND item.link IS NOT NULL AND item.link <> ''
                    ORDER BY item.sortDate DESC, item.id DESC LIMIT ?
                    """,
                arguments: [since.timeIntervalSince1970, max(0, limit)]
            ).map { row in FullArticleCandidate(id: row[0], link: row[1], feedURL: row[2]) }
        }
    }
}
