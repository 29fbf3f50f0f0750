import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import TidingsApp

/// The reload targets of issue 4: 200 feeds × 100 items served by a loopback server that adds
/// 50 ms to every request; cold reload < 3 s, second reload (all 304) < 1 s, peak memory < 100 MB.
///
/// The server (Tests/Support/feedserver.py) listens on 20 loopback addresses, ten feeds each, as
/// feeds are spread over many sites in real lists; the store is a real SQLite file. Each
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
        let server = try BenchServer(directory: feeds.path, hosts: (1...hostCount).map { "127.0.0.\($0)" }, latency: latency)
        defer { server.stop() }
        let urls = (0..<feedCount).map { "http://127.0.0.\($0 % hostCount + 1):\(server.port)/\($0).xml" }
        print("reload: \(feedCount) feeds × \(itemsPerFeed) items (\(totalBytes / 1_000_000) MB) on \(hostCount) loopback hosts, "
            + "\(Int(latency * 1000)) ms added per request")

        for threads in [8, 16] {
            let cachePath = directory.appendingPathComponent("cache-\(threads).db").path
            let store = try FeedStore(path: cachePath)
            try store.syncSubscriptions(urls.map { Subscription(url: $0) })
            let cache = StoreFeedCache(store: store)
            let fetcher = FeedFetcher(cache: cache, options: FetchOptions(concurrency: threads))
            let queue = DispatchQueue(label: "bench.reload")

            let coldStart = Date()
            let cold = fetcher.reload(try cache.fetchRequests(), on: queue).wait()
            let coldSeconds = Date().timeIntervalSince(coldStart)
            let warmStart = Date()
            let warm = fetcher.reload(try cache.fetchRequests(), on: queue).wait()
            let warmSeconds = Date().timeIntervalSince(warmStart)

            print(String(format: "reload: reload-threads %2d  cold %.2f s (target < 3 s; %d updated, %d new items, %d failed)",
                         threads, coldSeconds, cold.updated, cold.newItems, cold.failed))
            print(String(format: "reload: reload-threads %2d  all-304 %.2f s (target < 1 s; %d not modified, %d failed; floor %.2f s)",
                         threads, warmSeconds, warm.notModified, warm.failed, Double(feedCount) * latency / Double(threads)))
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print(String(format: "reload: peak memory %.1f MB (target < 100 MB; whole process, both runs)", Double(usage.ru_maxrss) / 1024))
    }
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
