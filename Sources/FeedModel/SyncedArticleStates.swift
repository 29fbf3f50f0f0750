import Foundation

/// The read and starred state of every article on the server, as id sets, and its published
/// state where the source reads it.
public struct SyncedArticleStates: Sendable, Hashable {
    /// The articles not read yet; every other article is read.
    public var unreadIDs: Set<Int64>
    /// The starred (Fever: saved) articles.
    public var starredIDs: Set<Int64>
    /// The published articles (Tiny Tiny RSS, with `ttrss-flag-publish`); nil when the source
    /// does not read that state, which then leaves the cache's flags alone.
    public var publishedIDs: Set<Int64>?
    /// The server's feed of each unread or starred article, when these are the cache's own states
    /// (`FeedStore.syncedStates`): a source that compares per-feed counters (Tiny Tiny RSS) reads
    /// again only the feeds whose counts moved. Sources leave it nil.
    public var feedIDs: [Int64: Int64]?

    public init(unreadIDs: Set<Int64> = [], starredIDs: Set<Int64> = [], publishedIDs: Set<Int64>? = nil, feedIDs: [Int64: Int64]? = nil) {
        self.unreadIDs = unreadIDs
        self.starredIDs = starredIDs
        self.publishedIDs = publishedIDs
        self.feedIDs = feedIDs
    }
}
