import FeedFetcher
import FeedModel
import Foundation

/// An in-memory cache whose store of one feed waits (at most 5 s) for another feed to start, to
/// tell whether the pipeline starts the next feed while a finished download is being stored.
/// A feed has started when its validators are read: the first thing a started feed does.
final class GatedFeedCache: FeedCache, @unchecked Sendable {
    let base = InMemoryFeedCache()
    private let storing: String
    private let awaited: String
    private let awaitedStarted = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var sawAwaited = false

    /// Storing `storing` waits for `awaited` to start.
    init(storing: String, waitsFor awaited: String) {
        self.storing = storing
        self.awaited = awaited
    }

    /// True when `awaited` started before `storing` was stored.
    var awaitedStartedFirst: Bool { lock.withLock { sawAwaited } }

    func validators(for url: String) throws -> CacheValidators? {
        if url == awaited { awaitedStarted.signal() }
        return try base.validators(for: url)
    }

    func storeFeed(_ feed: Feed, for url: String, validators: CacheValidators, permanentRedirect: String?, timing: ServerTiming) throws -> Int {
        if url == storing {
            let started = awaitedStarted.wait(timeout: .now() + 5) == .success
            lock.withLock { sawAwaited = started }
        }
        return try base.storeFeed(feed, for: url, validators: validators, permanentRedirect: permanentRedirect, timing: timing)
    }

    func recordNotModified(for url: String, permanentRedirect: String?, timing: ServerTiming) throws {
        try base.recordNotModified(for: url, permanentRedirect: permanentRedirect, timing: timing)
    }

    func recordFailure(_ failure: FetchFailure, for url: String) throws {
        try base.recordFailure(failure, for: url)
    }
}
