/// What applying a sync changed in the cache (`FeedStore.applySync`).
public struct SyncOutcome: Sendable, Equatable {
    /// Feeds listed by the server.
    public var feeds: Int
    /// Articles stored for the first time.
    public var newArticles: Int
    /// Articles whose read or starred state changed to the server's.
    public var changedStates: Int

    public init(feeds: Int = 0, newArticles: Int = 0, changedStates: Int = 0) {
        self.feeds = feeds
        self.newArticles = newArticles
        self.changedStates = changedStates
    }
}
