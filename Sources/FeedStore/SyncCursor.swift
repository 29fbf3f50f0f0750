/// Where the cache stands with a feed server: what the next sync asks for (`FeedStore.syncCursor`).
public struct SyncCursor: Sendable, Equatable {
    /// The highest article id received so far (Fever's `since_id`); 0 before the first sync.
    public var sinceID: Int64
    /// The server ids of the articles the cache holds, so that only missing unread or starred
    /// articles are asked for by id.
    public var knownArticleIDs: Set<Int64>

    public init(sinceID: Int64 = 0, knownArticleIDs: Set<Int64> = []) {
        self.sinceID = sinceID
        self.knownArticleIDs = knownArticleIDs
    }
}
