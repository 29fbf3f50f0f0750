import FeedFetcher
import FeedModel
import FeedParser
import FeedServices
import FeedStore
import Foundation
import TestSupport
import TidingsApp

/// The reload targets of issue 12, with the defaults a user gets (`FetchOptions()`), in three
/// scenarios served by a loopback server that adds 50 ms to every request:
///
/// - `20-hosts`: 200 feeds × 100 items (about 46 MB) spread over 20 loopback addresses, as feeds
///   are spread over many sites in real lists. Targets: cold ≤ 2.0 s, all-304 ≤ 0.8 s, serial
///   store time ≤ 1.0 s.
/// - `one-host`: the same feeds all on one address (YouTube channels, an RSSHub instance).
///   Target: cold ≤ 3.0 s.
/// - `small-feeds`: 2 000 feeds × 20 items on 20 addresses.
///
/// Each scenario runs in a child process of its own (`tidings-bench reload-scenario NAME`), so
/// that its peak memory (target ≤ 80 MB) and CPU time are its own; the server is another process
/// and counts in neither. Feeds are sent gzipped, as feed servers do (`TIDINGS_BENCH_PLAIN=1`
/// sends them as they are); `TIDINGS_BENCH_RELOAD_THREADS=N` and
/// `TIDINGS_BENCH_CONNECTIONS_PER_HOST=N` measure other limits (8 and 2 were the old defaults).
/// The store is a real SQLite file, fresh for each scenario: a cold reload, then a reload where
/// every answer is 304. "Serial store time" is the time the store's single writer is busy
/// (`FeedStore.upsert` of a prepared feed, and the 304 bookkeeping): with two cores, a cold
/// reload cannot be shorter than it.
enum ReloadBenchmark {
    struct Scenario {
        let name: String
        let feedCount: Int
        let itemsPerFeed: Int
        let hostCount: Int
    }

    static let scenarios = [
        Scenario(name: "20-hosts", feedCount: 200, itemsPerFeed: 100, hostCount: 20),
        Scenario(name: "one-host", feedCount: 200, itemsPerFeed: 100, hostCount: 1),
        Scenario(name: "small-feeds", feedCount: 2000, itemsPerFeed: 20, hostCount: 20),
    ]
    static let latency = 0.05

    /// Runs every scenario (or those named) in its own child process, one after another.
    static func run(_ names: [String]) {
        for name in names where !scenarios.contains(where: { $0.name == name }) {
            print("reload: unknown scenario \(name); known: \(scenarios.map(\.name).joined(separator: ", "))")
        }
        let chosen = names.isEmpty ? scenarios : scenarios.filter { names.contains($0.name) }
        for scenario in chosen {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["reload-scenario", scenario.name]
            do {
                try child.run()
                child.waitUntilExit()
            } catch {
                print("reload: \(scenario.name): could not start: \(error)")
            }
        }
    }

    /// Runs the scenario named by `tidings-bench reload-scenario NAME` and exits; returns when the
    /// command line asks for none.
    static func runScenarioIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count == 3, arguments[1] == "reload-scenario" else { return }
        guard let scenario = scenarios.first(where: { $0.name == arguments[2] }) else {
            FileHandle.standardError.write(Data("unknown reload scenario \(arguments[2])\n".utf8))
            exit(2)
        }
        do {
            try measure(scenario)
            exit(0)
        } catch {
            print("reload: \(scenario.name): failed: \(error)")
            exit(1)
        }
    }

    private static func measure(_ scenario: Scenario) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-reload-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let feedSet = try BenchFeedSet(folder: directory.appendingPathComponent("feeds"), count: scenario.feedCount,
                                       itemsPerFeed: scenario.itemsPerFeed)
        let (feeds, totalBytes, compresses) = (feedSet.folder, feedSet.totalBytes, feedSet.compresses)
        let hosts = (1...scenario.hostCount).map { "127.0.0.\($0)" }
        let server = try LoopbackServer(routes: [:], hosts: hosts, delay: latency, directory: feeds.path, lifetime: 600)
        defer { server.stop() }
        let urls = (0..<scenario.feedCount).map { "http://\(hosts[$0 % hosts.count]):\(server.port)/\($0).xml" }

        var options = FetchOptions()
        if let threads = ProcessInfo.processInfo.environment["TIDINGS_BENCH_RELOAD_THREADS"].flatMap(Int.init) {
            options.concurrency = threads
        }
        if let connections = ProcessInfo.processInfo.environment["TIDINGS_BENCH_CONNECTIONS_PER_HOST"].flatMap(Int.init) {
            options.connectionsPerHost = connections
        }
        let label = "reload: \(scenario.name):"
        print("\(label) \(scenario.feedCount) feeds × \(scenario.itemsPerFeed) items (\(totalBytes / 1_000_000) MB"
            + "\(compresses ? ", sent gzipped" : "")) on \(scenario.hostCount) loopback host\(scenario.hostCount == 1 ? "" : "s"), "
            + "\(Int(latency * 1000)) ms added per request; reload-threads \(options.concurrency), "
            + "\(options.connectionsPerHost) connections per host")

        let store = try FeedStore(path: directory.appendingPathComponent("cache.db").path)
        try store.syncSubscriptions(urls.map { Subscription(url: $0) })
        let cache = TimedCache(StoreFeedCache(store: store))
        let fetcher = FeedFetcher(cache: cache, options: options)
        let queue = DispatchQueue(label: "bench.reload")

        let coldStart = Date()
        let coldProcessor = processorSeconds()
        let cold = fetcher.reload(try cache.base.fetchRequests(), on: queue).wait()
        let coldSeconds = Date().timeIntervalSince(coldStart)
        let coldCPU = processorSeconds() - coldProcessor
        let coldStore = cache.takeStoreSeconds()
        // What the reader and `tidings reload` do once a reload is over (see `StoreFeedCache`).
        let indexStart = Date()
        try store.indexAllStoredBodies()
        let indexSeconds = Date().timeIntervalSince(indexStart)
        print(String(format: "\(label) cold     %.2f s  serial store %.2f s  CPU %.2f s  (%d updated, %d new items, %d failed)",
                     coldSeconds, coldStore, coldCPU, cold.updated, cold.newItems, cold.failed))
        print(String(format: "\(label)          then the articles' text indexed for search in %.2f s", indexSeconds))

        let warmStart = Date()
        let warmProcessor = processorSeconds()
        let warm = fetcher.reload(try cache.base.fetchRequests(), on: queue).wait()
        let warmSeconds = Date().timeIntervalSince(warmStart)
        let warmCPU = processorSeconds() - warmProcessor
        let warmStore = cache.takeStoreSeconds()
        print(String(format: "\(label) all-304  %.2f s  serial store %.2f s  CPU %.2f s  (%d not modified, %d failed)",
                     warmSeconds, warmStore, warmCPU, warm.notModified, warm.failed))

        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let fileMB = fileSize(store.path) / 1_000_000
        print(String(format: "\(label) peak memory %.1f MB (both reloads)  cache file %.1f MB", Double(usage.ru_maxrss) / 1024, fileMB))
        try measureWithoutNetwork(scenario, feeds: feeds, directory: directory, urls: urls, label: label)
    }

    /// The same work without HTTP, one feed after another: what parsing, preparing and storing
    /// cost alone, to tell the pipeline's overhead from theirs (and the store's figure without
    /// another core competing).
    private static func measureWithoutNetwork(_ scenario: Scenario, feeds: URL, directory: URL, urls: [String], label: String) throws {
        let documents = try (0..<scenario.feedCount).map { try Data(contentsOf: feeds.appendingPathComponent("\($0).xml")) }
        let parseStart = Date()
        let parsed = try documents.map { try FeedParser.parse($0) }
        let parseSeconds = Date().timeIntervalSince(parseStart)
        let prepareStart = Date()
        let prepared = parsed.map { PreparedFeed($0) }
        let prepareSeconds = Date().timeIntervalSince(prepareStart)
        let store = try FeedStore(path: directory.appendingPathComponent("cache-direct.db").path)
        try store.syncSubscriptions(urls.map { Subscription(url: $0) })
        let storeStart = Date()
        for (url, feed) in zip(urls, prepared) { _ = try store.upsert(feed, forFeedURL: url, indexingBodies: false) }
        let storeSeconds = Date().timeIntervalSince(storeStart)
        let indexStart = Date()
        try store.indexAllStoredBodies()
        let indexSeconds = Date().timeIntervalSince(indexStart)
        print(String(format: "\(label) without HTTP, one by one: parse %.2f s, prepare %.2f s, store %.2f s, index text %.2f s",
                     parseSeconds, prepareSeconds, storeSeconds, indexSeconds))
    }

    private static func fileSize(_ path: String) -> Double {
        // The WAL holds committed pages not yet copied back: both are the cache's size on disk.
        [path, path + "-wal"].reduce(0) { total, file in
            total + Double((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
    }
}

/// User and system CPU time of this process so far (the server is another process).
private func processorSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}

/// The store cache, adding up the time its single writer is busy: the `FeedWriter`'s
/// transactions, and the 304 bookkeeping, which the jobs write themselves (taking turns on a lock
/// of this class, so that time spent waiting for the writer is not counted as writing).
private final class TimedCache: FeedCache, @unchecked Sendable {
    let base: StoreFeedCache
    private let writer = NSLock()
    private let lock = NSLock()
    private var bookkeeping: TimeInterval = 0
    private var storedUntilLastCall = Duration.zero

    init(_ base: StoreFeedCache) { self.base = base }

    /// The serial store time since the last call.
    func takeStoreSeconds() -> TimeInterval {
        let stored = base.writer.busyTime
        defer { storedUntilLastCall = stored }
        let storing = stored - storedUntilLastCall
        return lock.withLock {
            defer { bookkeeping = 0 }
            return bookkeeping
        } + Double(storing.components.seconds) + Double(storing.components.attoseconds) * 1e-18
    }

    func validators(for url: String) throws -> CacheValidators? { try base.validators(for: url) }

    func storeFeed(_ feed: Feed, for url: String, validators: CacheValidators, permanentRedirect: String?, timing: ServerTiming) throws -> Int {
        try base.storeFeed(feed, for: url, validators: validators, permanentRedirect: permanentRedirect, timing: timing)
    }

    func recordNotModified(for url: String, permanentRedirect: String?, timing: ServerTiming) throws {
        try writer.withLock {
            let start = Date()
            defer {
                let elapsed = Date().timeIntervalSince(start)
                lock.withLock { bookkeeping += elapsed }
            }
            try base.recordNotModified(for: url, permanentRedirect: permanentRedirect, timing: timing)
        }
    }

    func recordFailure(_ failure: FetchFailure, for url: String) throws { try base.recordFailure(failure, for: url) }
}
