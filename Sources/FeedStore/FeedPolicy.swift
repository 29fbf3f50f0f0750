/// The settings of the configuration that the store applies to a feed itself, whoever fetches
/// it (the reader or `tidings reload`): kept in the feed's row by `FeedStore.applyFeedPolicies`
/// and read when the feed's articles are stored and when a reload picks its feeds.
public struct FeedPolicy: Sendable, Hashable {
    /// `reload-time`, in seconds: the least time between two automatic fetches.
    public var reloadInterval: Double
    /// `max-items`: articles the feed lists at most (nil or 0: no limit). Arrivals beyond it are
    /// not stored, read articles beyond it are dropped; starred articles, and unread ones already
    /// listed, stay.
    public var maxItems: Int?
    /// `mark-read-on-arrival`: new articles are stored read.
    public var markReadOnArrival: Bool

    public init(reloadInterval: Double, maxItems: Int? = nil, markReadOnArrival: Bool = false) {
        self.reloadInterval = reloadInterval
        self.maxItems = maxItems.flatMap { $0 > 0 ? $0 : nil }
        self.markReadOnArrival = markReadOnArrival
    }
}
