import Foundation

/// One line of the feed list: what to show and the counts, read in a single query.
public struct FeedListRow: Sendable, Hashable, Identifiable {
    public var id: FeedID
    /// The feed as written in the urls file.
    public var url: String
    /// The custom title if set, else the feed's own title, else its URL. Never empty.
    public var displayTitle: String
    /// The feed's own title, as last fetched.
    public var feedTitle: String?
    public var customTitle: String?
    /// Absolute URL of the site.
    public var link: String?
    /// The feed's description (its subtitle), as last fetched.
    public var description: String?
    public var tags: [String]
    public var unreadCount: Int
    public var totalCount: Int
    /// Why the last fetch failed; nil once a fetch succeeds. Shown as the "failed" marker.
    public var lastError: String?
    public var failureCount: Int
    public var lastSuccessAt: Date?
    public var lastAttemptAt: Date?
    /// The date of the feed's newest listed item (what `feed-sort-order lastupdated` sorts
    /// by); nil for a feed without items.
    public var newestItemDate: Date?
    /// The date of the feed's newest unread item (what `feed-sort-order latestunread` sorts by);
    /// nil for a feed without unread items.
    public var newestUnreadItemDate: Date?
    /// True for a feed a feed server lists (it has the server's id); false for the urls file's.
    public var isFromServer: Bool
    /// Its place in the urls file's order, from 0 (the urls file's headings are placed by it).
    public var position: Int

    /// True when the last fetch failed.
    public var hasFailed: Bool { lastError != nil }

    public init(
        id: FeedID, url: String, displayTitle: String, feedTitle: String?, customTitle: String?,
        link: String?, tags: [String], unreadCount: Int, totalCount: Int, lastError: String?,
        failureCount: Int, lastSuccessAt: Date?, lastAttemptAt: Date?, newestItemDate: Date? = nil,
        newestUnreadItemDate: Date? = nil, description: String? = nil, isFromServer: Bool = false, position: Int = 0
    ) {
        self.isFromServer = isFromServer
        self.position = position
        self.id = id
        self.url = url
        self.displayTitle = displayTitle
        self.feedTitle = feedTitle
        self.customTitle = customTitle
        self.link = link
        self.tags = tags
        self.unreadCount = unreadCount
        self.totalCount = totalCount
        self.lastError = lastError
        self.failureCount = failureCount
        self.lastSuccessAt = lastSuccessAt
        self.lastAttemptAt = lastAttemptAt
        self.newestItemDate = newestItemDate
        self.newestUnreadItemDate = newestUnreadItemDate
        self.description = description
    }
}
