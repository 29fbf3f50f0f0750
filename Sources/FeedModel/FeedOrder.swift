import Foundation

/// The order of the feed list (newsboat's `feed-sort-order`): a field and a direction.
///
/// Directions mean what they say: ascending is A to Z, fewest first, oldest first, and the urls
/// file's order for `none`. Each field's default is the one a reader expects — A to Z, most
/// articles first, most recently updated first — where newsboat's own code is inconsistent.
/// Ties keep the urls file's order.
public struct FeedOrder: Sendable, Hashable {
    /// What feeds are compared by; the raw value is newsboat's name for it.
    public enum Field: String, Sendable, CaseIterable {
        case firstTag = "firsttag"
        case title
        case articleCount = "articlecount"
        case unreadArticleCount = "unreadarticlecount"
        case lastUpdated = "lastupdated"
        case none
        /// The date of the newest unread article: the feeds with the freshest unread news first.
        /// (Last, so that `sort`'s question keeps newsboat's letters for the others.)
        case latestUnread = "latestunread"

        /// Most first for the counts, newest first for the date; ascending for the rest.
        public var isDescendingByDefault: Bool {
            switch self {
            case .articleCount, .unreadArticleCount, .lastUpdated, .latestUnread: true
            case .firstTag, .title, .none: false
            }
        }
    }

    public let field: Field
    public let isDescending: Bool

    public init(_ field: Field, descending: Bool? = nil) {
        self.field = field
        self.isDescending = descending ?? field.isDescendingByDefault
    }

    /// The urls file's order: the default.
    public static let urlsFile = FeedOrder(.none)
}
