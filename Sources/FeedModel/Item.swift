import Foundation

/// One entry of a feed, as parsed: plain text where the contract says plain text, sanitised HTML
/// in `summary` and `content`, absolute URLs, dates in UTC.
public struct Item: Sendable, Hashable {
    /// The guid / atom:id exactly as written, or nil.
    public var id: String?
    public var title: String?
    /// Absolute URL of the article.
    public var link: String?
    /// Plain-text name; an e-mail address only when no name was given.
    public var author: String?
    public var published: Date?
    public var updated: Date?
    /// Sanitised HTML.
    public var summary: String?
    /// Sanitised HTML (content:encoded, atom:content, xhtml).
    public var content: String?
    public var categories: [String]
    public var enclosures: [Enclosure]

    /// Inlinable: called from the parser, another module, the init built its result and then
    /// copied it whole and destroyed the original through outlined value witnesses, once per item.
    @inlinable
    public init(
        id: String? = nil, title: String? = nil, link: String? = nil, author: String? = nil,
        published: Date? = nil, updated: Date? = nil, summary: String? = nil, content: String? = nil,
        categories: [String] = [], enclosures: [Enclosure] = []
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.categories = categories
        self.enclosures = enclosures
    }
}
