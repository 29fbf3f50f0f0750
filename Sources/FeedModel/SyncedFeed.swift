import Foundation

/// A feed as a sync source lists it.
public struct SyncedFeed: Sendable, Hashable {
    /// The server's id for the feed.
    public var id: Int64
    public var title: String
    /// The feed's own address (RSS, Atom…), as the server fetches it.
    public var url: String
    /// The web site the feed belongs to, when the server knows it.
    public var siteURL: String?
    /// The titles of the server's groups (folders, categories) holding the feed, sorted.
    public var tags: [String]
    /// When the server last refreshed the feed.
    public var lastUpdated: Date?

    public init(id: Int64, title: String, url: String, siteURL: String? = nil, tags: [String] = [], lastUpdated: Date? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.siteURL = siteURL
        self.tags = tags
        self.lastUpdated = lastUpdated
    }
}
