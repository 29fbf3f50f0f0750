import Foundation

/// An article as a sync source delivers it, its HTML already sanitised.
public struct SyncedArticle: Sendable, Hashable {
    /// The server's id for the article: ids grow as the server adds articles.
    public var id: Int64
    /// The `SyncedFeed.id` of its feed.
    public var feedID: Int64
    public var title: String
    public var author: String?
    /// The body, through `HTMLSanitizer` with `url` as the base of relative links.
    public var html: String
    /// The article's web page.
    public var url: String?
    public var isRead: Bool
    public var isStarred: Bool
    /// When the article was published, as the server knows it.
    public var published: Date?

    public init(id: Int64, feedID: Int64, title: String, author: String? = nil, html: String, url: String? = nil,
                isRead: Bool = false, isStarred: Bool = false, published: Date? = nil) {
        self.id = id
        self.feedID = feedID
        self.title = title
        self.author = author
        self.html = html
        self.url = url
        self.isRead = isRead
        self.isStarred = isStarred
        self.published = published
    }
}
