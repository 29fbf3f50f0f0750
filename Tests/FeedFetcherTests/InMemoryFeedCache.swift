import FeedFetcher
import FeedModel
import Foundation

/// A thread-safe `FeedCache` that keeps everything in memory and remembers every call, so tests
/// can check what the pipeline wrote (and what it did not).
final class InMemoryFeedCache: FeedCache, @unchecked Sendable {
    enum Call: Equatable {
        case validators(String)
        case store(String)
        case notModified(String)
        case failure(String, FetchFailure)
        case permanentRedirect(String, String)
    }

    private let lock = NSLock()
    private var savedValidators: [String: CacheValidators] = [:]
    private var feeds: [String: Feed] = [:]
    private var itemKeys: [String: Set<String>] = [:]
    private var log: [Call] = []
    private var timings: [String: ServerTiming] = [:]

    init(validators: [String: CacheValidators] = [:]) {
        savedValidators = validators
    }

    var calls: [Call] { lock.withLock { log } }

    func feed(for url: String) -> Feed? { lock.withLock { feeds[url] } }

    func savedValidators(for url: String) -> CacheValidators? { lock.withLock { savedValidators[url] } }

    /// What the server said of time with the last answer stored or not modified for `url`.
    func timing(for url: String) -> ServerTiming? { lock.withLock { timings[url] } }

    func validators(for url: String) throws -> CacheValidators? {
        lock.withLock {
            log.append(.validators(url))
            return savedValidators[url]
        }
    }

    func storeFeed(_ feed: Feed, for url: String, validators: CacheValidators, permanentRedirect: String?, timing: ServerTiming) throws -> Int {
        lock.withLock {
            log.append(.store(url))
            timings[url] = timing
            if let permanentRedirect { log.append(.permanentRedirect(url, permanentRedirect)) }
            feeds[url] = feed
            savedValidators[url] = validators
            var known = itemKeys[url, default: []]
            var newItems = 0
            for item in feed.items {
                let key = item.id ?? item.link ?? (item.title ?? "")
                if known.insert(key).inserted { newItems += 1 }
            }
            itemKeys[url] = known
            return newItems
        }
    }

    func recordNotModified(for url: String, permanentRedirect: String?, timing: ServerTiming) throws {
        lock.withLock {
            log.append(.notModified(url))
            timings[url] = timing
            if let permanentRedirect { log.append(.permanentRedirect(url, permanentRedirect)) }
        }
    }

    func recordFailure(_ failure: FetchFailure, for url: String) throws {
        lock.withLock { log.append(.failure(url, failure)) }
    }
}
