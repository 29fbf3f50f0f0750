import FeedModel
import Foundation

/// One item with its full text, as the article view shows it.
public struct StoredItem: Sendable, Hashable, Identifiable {
    public var id: ItemID
    public var feedID: FeedID
    public var feedTitle: String
    /// The stable identity within its feed: guid, else link, else a digest of title and date.
    public var key: String
    /// The item as last fetched (guid, title, link, author, dates, sanitised HTML, categories,
    /// enclosures).
    public var item: Item
    /// Published, else updated, else first seen.
    public var date: Date
    public var firstSeenAt: Date
    public var isRead: Bool
    public var isStarred: Bool
    /// The flags besides the star (see `ArticleFlags`).
    public var flags: ArticleFlags
    /// The main text of the page the item links to, as sanitised HTML, when it was fetched
    /// (`FeedStore.storeFullArticle`); nil otherwise.
    public var fullArticle: String?
    /// The other feeds that carried the same story (see `FeedStore.storyCopies(of:)`), when the
    /// reader asked; empty otherwise.
    public var storyFeeds: [String] = []

    public var cursor: ItemCursor { ItemCursor(date: date, id: id) }

    public init(
        id: ItemID, feedID: FeedID, feedTitle: String, key: String, item: Item, date: Date,
        firstSeenAt: Date, isRead: Bool, isStarred: Bool, fullArticle: String? = nil,
        flags: ArticleFlags = .none
    ) {
        self.id = id
        self.feedID = feedID
        self.feedTitle = feedTitle
        self.key = key
        self.item = item
        self.date = date
        self.firstSeenAt = firstSeenAt
        self.isRead = isRead
        self.isStarred = isStarred
        self.fullArticle = fullArticle
        self.flags = flags
    }
}
