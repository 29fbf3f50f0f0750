import Configuration
import FeedModel
import FeedStore

/// An article's marks as a screen shows them: what `N` and `s` toggle from.
struct ItemState: Hashable, Sendable {
    var feedID: FeedID
    var isRead: Bool
    var isStarred: Bool
    /// The flags besides the star (`edit-flags` starts from them).
    var flags: ArticleFlags

    init(feedID: FeedID, isRead: Bool, isStarred: Bool, flags: ArticleFlags = .none) {
        self.feedID = feedID
        self.isRead = isRead
        self.isStarred = isStarred
        self.flags = flags
    }

    init(_ row: ItemRow) {
        self.init(feedID: row.feedID, isRead: row.isRead, isStarred: row.isStarred, flags: row.flags)
    }
}
