import FeedModel
import Foundation

/// Everything one sync read from a feed server, to be applied to the cache in one transaction
/// (`FeedStore.applySync`).
///
/// ```swift
/// let batch = SyncBatch(account: "fever https://rss.example.org/fever/ me@example.org",
///                       feeds: feeds, articles: newArticles, states: states,
///                       sentThrough: queued.through, fetchedAt: start)
/// let outcome = try store.applySync(batch)
/// ```
public struct SyncBatch: Sendable {
    /// Which server and login the ids belong to: a cache synced with another account forgets
    /// the old ids (and their queued marks) first.
    public var account: String
    /// Every subscription on the server; feeds missing from it stop being listed here.
    public var feeds: [SyncedFeed]
    /// The articles the cache does not have yet (known ones are skipped if sent again).
    public var articles: [SyncedArticle]
    /// The read and starred state of every article on the server.
    public var states: SyncedArticleStates
    /// The queued marks up to this queue number were sent before the server was read: they are
    /// dropped from the queue. Later ones (made during the sync) still win over `states`.
    public var sentThrough: Int64
    /// When the server was asked for articles: a feed marked read later is marked read on the
    /// server for the articles it had then (Fever's `before`).
    public var fetchedAt: Date
    /// `sync-local-feeds`: the urls file's feeds (those without a server id) stay subscribed;
    /// only the server's feeds are unsubscribed when the server stops listing them.
    public var keepsLocalFeeds: Bool

    public init(account: String, feeds: [SyncedFeed], articles: [SyncedArticle], states: SyncedArticleStates,
                sentThrough: Int64, fetchedAt: Date, keepsLocalFeeds: Bool = false) {
        self.keepsLocalFeeds = keepsLocalFeeds
        self.account = account
        self.feeds = feeds
        self.articles = articles
        self.states = states
        self.sentThrough = sentThrough
        self.fetchedAt = fetchedAt
    }
}
