/// Which feeds the feed list shows.
public struct FeedListFilter: Sendable, Hashable {
    /// Leave out feeds with nothing unread.
    public var hidesFeedsWithoutUnread: Bool
    /// Only feeds carrying this tag (nil: all).
    public var tag: String?
    /// The hidden feeds too (`"!"` in the urls file): for an export, not for a list on screen.
    public var includesHidden: Bool

    public init(hidesFeedsWithoutUnread: Bool = false, tag: String? = nil, includesHidden: Bool = false) {
        self.hidesFeedsWithoutUnread = hidesFeedsWithoutUnread
        self.tag = tag
        self.includesHidden = includesHidden
    }

    /// Every subscribed, non-hidden feed.
    public static let all = FeedListFilter()
    /// Every subscribed feed, hidden ones included.
    public static let includingHidden = FeedListFilter(includesHidden: true)
}
