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
    /// The article's title, for what the status bar says of it.
    var title: String?

    init(feedID: FeedID, isRead: Bool, isStarred: Bool, flags: ArticleFlags = .none, title: String? = nil) {
        self.feedID = feedID
        self.isRead = isRead
        self.isStarred = isStarred
        self.flags = flags
        self.title = title
    }

    init(_ row: ItemRow) {
        self.init(feedID: row.feedID, isRead: row.isRead, isStarred: row.isStarred, flags: row.flags, title: row.title)
    }
}
