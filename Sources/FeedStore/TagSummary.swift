/// One tag of the feed list: how many listed feeds carry it and their unread articles.
public struct TagSummary: Sendable, Hashable, Identifiable {
    /// The tag as written in the urls file.
    public var tag: String
    /// Subscribed, non-hidden feeds that carry the tag.
    public var feedCount: Int
    /// Unread articles in those feeds.
    public var unreadCount: Int
    /// Those feeds with unread articles (`selecttag-format`'s `%f`).
    public var unreadFeedCount: Int

    public var id: String { tag }

    public init(tag: String, feedCount: Int, unreadCount: Int, unreadFeedCount: Int = 0) {
        self.tag = tag
        self.feedCount = feedCount
        self.unreadCount = unreadCount
        self.unreadFeedCount = unreadFeedCount
    }
}
