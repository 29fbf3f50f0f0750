import Foundation

/// A parsed feed document: the channel's metadata and its items, in document order.
public struct Feed: Sendable, Hashable {
    public var format: FeedFormat
    /// False when the XML was ill-formed and had to be recovered.
    public var isWellFormed: Bool
    /// Lower-case name of the charset actually used to decode the document ("utf-8", "shift_jis").
    public var encoding: String?
    /// True when the declared charset was wrong and the text was decoded another way.
    public var hadEncodingFallback: Bool
    public var title: String?
    /// Absolute URL of the site.
    public var link: String?
    public var subtitle: String?
    public var language: String?
    public var updated: Date?
    public var author: String?
    /// Absolute URL of the feed's image or icon.
    public var image: String?
    /// Seconds the feed says may pass between two looks at it: RSS `<ttl>` (minutes), or the
    /// syndication module's `sy:updatePeriod` and `sy:updateFrequency`; the longer when it gives
    /// both. A polite reader does not reload it sooner (see `FeedHealth`).
    public var updateInterval: Double?
    public var items: [Item]

    public init(
        format: FeedFormat, isWellFormed: Bool = true, encoding: String? = nil,
        hadEncodingFallback: Bool = false, title: String? = nil, link: String? = nil,
        subtitle: String? = nil, language: String? = nil, updated: Date? = nil,
        author: String? = nil, image: String? = nil, updateInterval: Double? = nil, items: [Item] = []
    ) {
        self.format = format
        self.isWellFormed = isWellFormed
        self.encoding = encoding
        self.hadEncodingFallback = hadEncodingFallback
        self.title = title
        self.link = link
        self.subtitle = subtitle
        self.language = language
        self.updated = updated
        self.author = author
        self.image = image
        self.updateInterval = updateInterval
        self.items = items
    }
}
