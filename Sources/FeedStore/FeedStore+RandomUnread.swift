import FeedModel
import GRDB

extension FeedStore {
    /// An unread item chosen at random among every listed feed's (newsboat's `random-unread`);
    /// nil when nothing is unread.
    public func randomUnread() throws -> ItemRow? {
        try read { db in
            let unread = """
                item.isRead = 0 AND item.isDeleted = 0
                AND item.feedId IN (SELECT id FROM feed WHERE isSubscribed = 1 AND isHidden = 0)
                """
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE \(unread)") ?? 0
            guard count > 0 else { return nil }
            // An offset rather than ORDER BY random(): no sort of every unread item.
            guard let id = try ItemID.fetchOne(
                db, sql: "SELECT id FROM item WHERE \(unread) LIMIT 1 OFFSET ?", arguments: [Int.random(in: 0..<count)])
            else { return nil }
            return try Self.itemRows(db, where: "item.id = ?", ItemPageRequest(unreadOnly: true, limit: 1, order: ItemOrder(.date, descending: true)), [id]).first
        }
    }
}
