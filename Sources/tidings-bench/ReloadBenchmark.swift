import FeedFetcher
import FeedModel
import FeedParser
import FeedStore
import Foundation
import TidingsApp

/// The reload targets of issue 4: 200 feeds × 100 items served by a loopback server that adds
/// 50 ms to every request; cold reload < 3 s, second reload (all 304) < 1 s, peak memory < 100 MB.
///
/// The server (Tests/Support/feedserver.py) listens on 20 loopback addresses, ten feeds each, as
/// feeds are spread over many sites in real lists, and sends them gzipped, as feed servers do;
/// the store is a real SQLite file. Each
/// configuration runs on a fresh cache: a cold reload, then a reload where every answer is 304.
///
/// With 50 ms per request, 200 requests cost at least 200 × 50 ms / concurrency: 1.25 s with the
/// default 8 downloads at once, so the 304 target needs `reload-threads 16` (0.63 s).
enum ReloadBenchmark {
    static let feedCount = 200
    static let itemsPerFeed = 100
    static let hostCount = 20
    static let latency = 0.05

    static func run() {
        do {
            try measure()
        } catch {
            print("reload: failed: \(error)")
        }
    }

    private static func measure() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-reload-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let feeds = directory.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        var totalBytes = 0
        for number in 0..<feedCount {
            var generator = RSSGenerator(seed: UInt64(number + 1))
            var text = RSSGenerator.header
            for _ in 0..<itemsPerFeed { text += generator.nextItem() }
            text += RSSGenerator.footer
            totalBytes += text.utf8.count
            try Data(text.utf8).write(to: feeds.appendingPathComponent("\(number).xml"))
        }
        // Feed servers compress: the server sends FILE.gz to clients that accept gzip
        // (TIDINGS_BENCH_PLAIN=1 measures uncompressed transfers instead).
        let compresses = ProcessInfo.processInfo.environment["TIDINGS_BENCH_PLAIN"] == nil
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["sh", "-c", "gzip -k -6 \"$0\"/*.xml", feeds.path]
        if compresses {
            try gzip.run()
            gzip.waitUntilExit()
        }
        let server = try BenchServer(directory: feeds.path, hosts: (1...hostCount).map { "127.0.0.\($0)" }, latency: latency)
        defer { server.stop() }
        let urls = (0..<feedCount).map { "http://127.0.0.\($0 % hostCount + 1):\(server.port)/\($0).xml" }
        print("reload: \(feedCount) feeds × \(itemsPerFeed) items (\(totalBytes / 1_000_000) MB\(compresses ? ", sent gzipped" : "")) "
            + "on \(hostCount) loopback hosts, \(Int(latency * 1000)) ms added per request")

        for threads in [8, 16] {
            let cachePath = directory.appendingPathComponent("cache-\(threads).db").path
            let store = try FeedStore(path: cachePath)
            try store.syncSubscriptions(urls.map { Subscription(url: $0) })
            let cache = TimedCache(StoreFeedCache(store: store))
            let fetcher = FeedFetcher(cache: cache, options: FetchOptions(concurrency: threads))
            let queue = DispatchQueue(label: "bench.reload")

            let coldStart = Date()
            let coldProcessor = processorSeconds()
            let cold = fetcher.reload(try cache.base.fetchRequests(), on: queue).wait()
            let coldSeconds = Date().timeIntervalSince(coldStart)
            let coldCPU = processorSeconds() - coldProcessor
            let storing = cache.storeSeconds
            let warmStart = Date()
            let warmProcessor = processorSeconds()
            let warm = fetcher.reload(try cache.base.fetchRequests(), on: queue).wait()
            let warmSeconds = Date().timeIntervalSince(warmStart)
            let warmCPU = processorSeconds() - warmProcessor

            print(String(format: "reload: reload-threads %2d  cold %.2f s (target < 3 s; CPU %.2f s of which store writes %.2f s; %d updated, %d new items, %d failed)",
                         threads, coldSeconds, coldCPU, storing, cold.updated, cold.newItems, cold.failed))
            print(String(format: "reload: reload-threads %2d  all-304 %.2f s (target < 1 s; CPU %.2f s; %d not modified, %d failed; floor %.2f s)",
                         threads, warmSeconds, warmCPU, warm.notModified, warm.failed, Double(feedCount) * latency / Double(threads)))
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print(String(format: "reload: peak memory %.1f MB (target < 100 MB; whole process, all four reloads)", Double(usage.ru_maxrss) / 1024))
        try measureWithoutNetwork(feeds: feeds, directory: directory, urls: urls)
    }
}

extension ReloadBenchmark {
    /// The same work without HTTP, one feed after another: what parsing and storing cost alone,
    /// to tell the pipeline's overhead from theirs.
    fileprivate static func measureWithoutNetwork(feeds: URL, directory: URL, urls: [String]) throws {
        let documents = try (0..<feedCount).map { try Data(contentsOf: feeds.appendingPathComponent("\($0).xml")) }
        let parseStart = Date()
        let parsed = try documents.map { try FeedParser.parse($0) }
        let parseSeconds = Date().timeIntervalSince(parseStart)
        let store = try FeedStore(path: directory.appendingPathComponent("cache-direct.db").path)
        try store.syncSubscriptions(urls.map { Subscription(url: $0) })
        let storeStart = Date()
        for (url, feed) in zip(urls, parsed) { _ = try store.upsert(feed, forFeedURL: url) }
        let storeSeconds = Date().timeIntervalSince(storeStart)
        print(String(format: "reload: without HTTP, one by one: parse %.2f s, store %.2f s", parseSeconds, storeSeconds))
    }
}

/// User and system CPU time of this process so far (the server is another process).
private func processorSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}

/// The store cache, adding up the wall time its writes take (they are serialised by SQLite).
private final class TimedCache: FeedCache, @unchecked Sendable {
    let base: StoreFeedCache
    private let lock = NSLock()
    private var storing: TimeInterval = 0

    init(_ base: StoreFeedCache) { self.base = base }

    var storeSeconds: TimeInterval { lock.withLock { storing } }

    func validators(for url: String) throws -> CacheValidators? { try base.validators(for: url) }

    func storeFeed(_ feed: Feed, for url: String, validators: CacheValidators, permanentRedirect: String?) throws -> Int {
        let start = Date()
        defer {
            let elapsed = Date().timeIntervalSince(start)
            lock.withLock { storing += elapsed }
        }
        return try base.storeFeed(feed, for: url, validators: validators, permanentRedirect: permanentRedirect)
    }

    func recordNotModified(for url: String, permanentRedirect: String?) throws {
        try base.recordNotModified(for: url, permanentRedirect: permanentRedirect)
    }

    func recordFailure(_ failure: FetchFailure, for url: String) throws { try base.recordFailure(failure, for: url) }
}

/// Tests/Support/feedserver.py serving a directory, started and stopped by the benchmark.
private final class BenchServer {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(directory: String, hosts: [String], latency: Double) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Support/feedserver.py").path
        let config = URL(fileURLWithPath: directory).deletingLastPathComponent().appendingPathComponent("server.json")
        try Data("{\"delay\": \(latency)}".utf8).write(to: config)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--config", config.path, "--dir", directory,
                             "--hosts", hosts.joined(separator: ","), "--lifetime", "600", "--watch-stdin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the loopback server did not start"])
        }
        self.port = port
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
