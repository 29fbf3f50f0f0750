/// Which feeds the feed list shows.
public struct FeedListFilter: Sendable, Hashable {
    /// Leave out feeds with nothing unread.
    public var hidesFeedsWithoutUnread: Bool
    /// Only feeds carrying this tag (nil: all).
    public var tag: String?

    public init(hidesFeedsWithoutUnread: Bool = false, tag: String? = nil) {
        self.hidesFeedsWithoutUnread = hidesFeedsWithoutUnread
        self.tag = tag
    }

    /// Every subscribed, non-hidden feed.
    public static let all = FeedListFilter()
}
