import Foundation
import FeedFetcher
import FeedModel
import FeedStore

/// The SQLite cache as the pipeline's `FeedCache`: validators come from the store, results go
/// into it, each call one transaction.
///
/// The store only knows feeds that were synced from the urls file (`syncSubscriptions`):
/// `fetchRequests()` lists exactly those, with the address each is fetched from (which differs
/// from its URL after a confirmed permanent redirect).
///
/// A reload's feeds are stored by one `FeedWriter`, several per transaction; their articles'
/// text goes into the full-text index after it (`FeedStore.indexStoredBodies`), which whoever
/// ran the reload calls.
public struct StoreFeedCache: FeedCache {
    public let store: FeedStore
    public let writer: FeedWriter
    private let fetchedTitles = FetchedTitles()

    public init(store: FeedStore) {
        self.store = store
        writer = FeedWriter(store: store)
    }

    /// The title of the feed at `url` as this cache last stored it, nil before (or when it has
    /// none): what `tidings reload` names a feed by on its first fetch, before the cache knew it.
    public func fetchedTitle(for url: String) -> String? {
        fetchedTitles.title(for: url)
    }

    /// The subscribed feeds (hidden ones included), in urls-file order, as pipeline requests.
    /// `localOnly`: not the feeds a feed server lists (see `FeedStore.feedsToFetch`).
    public func fetchRequests(localOnly: Bool = false) throws -> [FetchRequest] {
        try store.feedsToFetch(localOnly: localOnly).map(\.request)
    }

    public func validators(for url: String) throws -> CacheValidators? {
        let validators = try store.validators(forFeedURL: url)
        return validators.isEmpty ? nil : validators
    }

    /// Prepares the feed on the calling worker thread, in parallel with other feeds, so that the
    /// store's single writer only runs SQL (see `PreparedFeed`).
    public func storeFeed(
        _ feed: Feed, for url: String, validators: CacheValidators, permanentRedirect: String?, timing: ServerTiming
    ) throws -> Int {
        let newItems = try writer.store(FeedUpdate(
            PreparedFeed(feed, similarityHashes: store.foldsNearDuplicates), forFeedURL: url, validators: validators, permanentRedirect: permanentRedirect,
            timing: timing))
        fetchedTitles.set(feed.title, for: url)
        return newItems
    }

    public func recordNotModified(for url: String, permanentRedirect: String?, timing: ServerTiming) throws {
        try store.recordNotModified(forFeedURL: url, permanentRedirect: permanentRedirect, timing: timing)
    }

    public func recordFailure(_ failure: FetchFailure, for url: String) throws {
        try store.recordFailure(forFeedURL: url, reason: failure.description, timing: failure.serverTiming)
    }
}

/// The titles `StoreFeedCache` stored, by feed URL; written by the reload's workers.
private final class FetchedTitles: @unchecked Sendable {
    private let lock = NSLock()
    private var titles: [String: String] = [:]

    func set(_ title: String?, for url: String) {
        guard let title = title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else { return }
        lock.withLock { titles[url] = title }
    }

    func title(for url: String) -> String? {
        lock.withLock { titles[url] }
    }
}
