import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation

/// Syncs the cache with a feed server: sends the marks queued here, then reads the server's
/// feeds, new articles and read/starred ids (and published ones, from Tiny Tiny RSS with
/// `ttrss-flag-publish`) and applies them in one transaction.
///
/// Incremental: after the first sync, only articles newer than the newest one received
/// (`since_id`) are asked for, plus any unread or starred article the cache lacks; a sync with
/// nothing new reads the feed list and the two id lists only (Miniflux: the entries changed
/// since the last sync, on top of the cache's states). The queued marks are sent first,
/// so the state read afterwards includes them: from then on the server is the truth. A failure
/// (`SyncFailure`, or the cache's `StoreError`) leaves the cache as it was — marks stay queued,
/// and sending them again is harmless.
///
///     let synchronizer = Synchronizer(account: account, store: store)
///     let outcome = try synchronizer.sync()      // blocks: call it off the main thread
///
/// Calls block; run one at a time per cache (the reader runs them on one serial queue).
public struct Synchronizer: Sendable {
    public let account: SyncAccount
    public let store: FeedStore
    /// `sync-local-feeds`: the urls file's feeds are left alone (see `SyncBatch.keepsLocalFeeds`).
    public let keepsLocalFeeds: Bool

    public init(account: SyncAccount, store: FeedStore, keepingLocalFeeds: Bool = false) {
        self.account = account
        self.store = store
        keepsLocalFeeds = keepingLocalFeeds
    }

    /// One full sync; see the type's description.
    @discardableResult
    public func sync(now: @Sendable () -> Date = Date.init) throws -> SyncOutcome {
        let queued = try store.queuedSyncChanges(account: account.identity)
        let source = account.source
        try source.send(queued.changes)
        let feeds = try source.subscriptions()
        let cursor = try store.syncCursor(account: account.identity)
        let states = try source.articleStates(changedSince: try store.lastSync(account: account.identity),
                                              cached: try store.syncedStates(account: account.identity))
        let fetchedAt = now()
        let wanted = states.unreadIDs.union(states.starredIDs).subtracting(cursor.knownArticleIDs)
        let articles = try source.articles(newerThan: cursor.sinceID, including: wanted)
            .filter { !cursor.knownArticleIDs.contains($0.id) }
        return try store.applySync(SyncBatch(
            account: account.identity, feeds: feeds, articles: articles, states: states,
            sentThrough: queued.through, fetchedAt: fetchedAt, keepsLocalFeeds: keepsLocalFeeds))
    }

    /// Sends the queued marks without reading anything back (after a mark in the reader);
    /// returns how many were sent. On failure they stay queued for the next sync.
    @discardableResult
    public func sendQueuedChanges() throws -> Int {
        let queued = try store.queuedSyncChanges(account: account.identity)
        guard !queued.isEmpty else { return 0 }
        try account.source.send(queued.changes)
        try store.dropSyncChanges(through: queued.through)
        return queued.changes.count
    }
}
