import FeedModel
import FeedStore
import Foundation

/// Feeds managed on the feed server (`urls-source` other than "local"): each change is made on
/// the server through its API, then a sync shows it, so the cache never shows a feed the server
/// does not have. An API that cannot manage feeds (Fever) refuses with a one-line
/// `SyncFailure.cannotManageFeeds` before anything is sent.
///
///     try synchronizer.addFeed(url: "https://example.org/feed.xml", tags: ["Tech"])
///     try synchronizer.renameFeed(feed.id, to: "Example")
extension Synchronizer {
    /// Subscribes on the server (which fetches the feed), then syncs: the feed shows with its
    /// articles.
    @discardableResult
    public func addFeed(url: String, title: String? = nil, tags: [String] = [], now: @Sendable () -> Date = Date.init) throws
        -> SyncOutcome
    {
        _ = try account.source.subscribe(url: url, title: title, tags: tags)
        return try sync(now: now)
    }

    /// Gives the feed a title of the user's choosing on the server, then syncs.
    @discardableResult
    public func renameFeed(_ feed: FeedID, to title: String, now: @Sendable () -> Date = Date.init) throws -> SyncOutcome {
        try account.source.rename(feed: try serverID(feed), to: title)
        return try sync(now: now)
    }

    /// Puts the feed in exactly the server's groups (folders, labels) `tags`, then syncs.
    @discardableResult
    public func setTags(_ tags: [String], of feed: FeedID, now: @Sendable () -> Date = Date.init) throws -> SyncOutcome {
        try account.source.setTags(tags, feed: try serverID(feed))
        return try sync(now: now)
    }

    /// Unsubscribes on the server, then syncs: the feed leaves the list.
    @discardableResult
    public func deleteFeed(_ feed: FeedID, now: @Sendable () -> Date = Date.init) throws -> SyncOutcome {
        try account.source.unsubscribe(feed: try serverID(feed))
        return try sync(now: now)
    }

    /// The server's id of a feed the cache got from this account's server.
    private func serverID(_ feed: FeedID) throws -> Int64 {
        guard let id = try store.serverID(ofFeed: feed, account: account.identity) else {
            throw SyncFailureLine(line: "that feed is not on the feed server \(account.source)")
        }
        return id
    }
}
