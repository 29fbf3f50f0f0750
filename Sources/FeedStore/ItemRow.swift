import FeedModel
import Foundation

/// One line of an item list or of search results: everything but the article text.
public struct ItemRow: Sendable, Hashable, Identifiable {
    public var id: ItemID
    public var feedID: FeedID
    /// The feed's display title (custom title, else its own title, else its URL).
    public var feedTitle: String
    public var title: String?
    public var link: String?
    public var author: String?
    /// Published, else updated, else the time the item was first seen: the list's order.
    public var date: Date
    public var isRead: Bool
    public var isStarred: Bool
    /// The flags besides the star (see `ArticleFlags`).
    public var flags: ArticleFlags
    public var hasEnclosures: Bool
    /// The start of the item's text as one plain line (see `ListText.excerpt`); nil when the
    /// item has no text.
    public var excerpt: String?
    /// The size in bytes of the item's text (newsboat's `%L`); nil when it has none.
    public var contentLength: Int?
    /// The tags of the item's feed, which `highlight-article` can test (`tags # "rust"`).
    public var feedTags: [String]
    /// The article's own tags, given by rules on arrival (`rule … tag NAME`), sorted; `tags #
    /// "NAME"` matches them as it matches its feed's.
    public var tags: [String]
    /// In a folded list (`ItemPageRequest.foldsStories`), how many other copies of the article's
    /// story the list holds, which this row stands for (`+2`); 0 elsewhere.
    public var storyCopies: Int
    /// In a folded list, the other feeds that carried the story (their display titles, each
    /// once), whether or not the list holds their copies; empty elsewhere.
    public var storyFeeds: [String]

    /// Every flag of the article, the star's letter `star` among them when it is starred.
    public func allFlags(star: Character) -> ArticleFlags {
        ArticleFlags.of(stored: flags.letters, isStarred: isStarred, star: star)
    }

    /// The position of this row, for keyset paging and next/previous unread.
    public var cursor: ItemCursor { ItemCursor(date: date, id: id) }

    public init(
        id: ItemID, feedID: FeedID, feedTitle: String, title: String?, link: String?,
        author: String?, date: Date, isRead: Bool, isStarred: Bool, hasEnclosures: Bool,
        excerpt: String? = nil, contentLength: Int? = nil, flags: ArticleFlags = .none, feedTags: [String] = [],
        tags: [String] = [], storyCopies: Int = 0, storyFeeds: [String] = []
    ) {
        self.id = id
        self.feedID = feedID
        self.feedTitle = feedTitle
        self.title = title
        self.link = link
        self.author = author
        self.date = date
        self.isRead = isRead
        self.isStarred = isStarred
        self.flags = flags
        self.hasEnclosures = hasEnclosures
        self.excerpt = excerpt
        self.contentLength = contentLength
        self.feedTags = feedTags
        self.tags = tags
        self.storyCopies = storyCopies
        self.storyFeeds = storyFeeds
    }
}
