import FeedModel

/// Where a reload reads validators from and writes its results to.
///
/// The pipeline knows nothing of SQLite: the application adapts its store to this protocol, and
/// tests use an in-memory one. Every method is called from the pipeline's worker threads, one call
/// at a time per feed but concurrently across feeds, so implementations must be thread-safe. Each
/// call should be one transaction: a reload cancelled between two calls leaves the cache
/// consistent.
///
/// `url` is always the feed's location exactly as subscribed (`https://…`, `file://…`,
/// `exec:…`, `filter:…`), credentials included: it is the key, never something to print.
public protocol FeedCache: Sendable {
    /// The validators saved with the last successful download of `url`, if any.
    func validators(for url: String) throws -> CacheValidators?

    /// Saves a freshly parsed feed and its new validators; returns how many of its items were new.
    /// Items already known keep their read state; items no longer in the document are kept.
    ///
    /// `permanentRedirect` is set when every redirect on the way was permanent (301/308): the
    /// cache decides when to believe it (the store moves the fetch URL only after two successes in
    /// a row lead to the same place; the urls file is never rewritten without being asked). Nil
    /// means this fetch was not permanently redirected. `timing` is what the server said of when
    /// to ask again (how long the document stays fresh), counted from now.
    func storeFeed(_ feed: Feed, for url: String, validators: CacheValidators, permanentRedirect: String?, timing: ServerTiming) throws -> Int

    /// Notes that the server answered `304 Not Modified` (or the file did not change);
    /// `permanentRedirect` and `timing` as for `storeFeed`.
    func recordNotModified(for url: String, permanentRedirect: String?, timing: ServerTiming) throws

    /// Notes that the download failed; the feed keeps its old items. A server that asked to
    /// wait says for how long in the failure (`FetchFailure.serverAskedToWait`).
    func recordFailure(_ failure: FetchFailure, for url: String) throws
}

extension FeedCache {
    /// `storeFeed` for an answer that said nothing of time (a file, a command, a test).
    @discardableResult
    public func storeFeed(_ feed: Feed, for url: String, validators: CacheValidators, permanentRedirect: String?) throws -> Int {
        try storeFeed(feed, for: url, validators: validators, permanentRedirect: permanentRedirect, timing: ServerTiming())
    }

    /// `recordNotModified` for an answer that said nothing of time.
    public func recordNotModified(for url: String, permanentRedirect: String?) throws {
        try recordNotModified(for: url, permanentRedirect: permanentRedirect, timing: ServerTiming())
    }
}
