import FeedModel
import FeedStore
import Foundation
import TerminalUI
import ReaderTesting
import TestSupport
import TidingsApp

/// Key → finished frame while the cache is being written (issue 13): the reader runs headless
/// on a real cache; keys arrive every 20 ms on the main queue, each timed from when it was due
/// to when the frame showing its effect is drawn — so a key that waits behind other work on the
/// main thread counts its wait.
///
/// Two kinds of writer: (a) the reader's own `R` reloading 200 feeds × 100 items, cold, from a
/// loopback server that adds 50 ms to each request; (b) another process writing the same cache
/// (a `tidings reload` from cron), one feed of 100 new items per transaction, without pause.
/// Keys that move (j/k on the feed list, in an item list) and keys that write (`N`, `s`, `A`,
/// Enter on an unread article) are measured separately.
@MainActor
struct ReaderLatencyBenchmark {
    static let itemsPerFeed = 100
    static let localItems = 3_000
    static let hostCount = 20
    static let interval = Duration.milliseconds(20)
    /// Keys measured while another process writes.
    static let keysPerRun = 100

    let directory: URL
    /// Feeds the reload fetches: 200, and 1,000 (issue 46: keys answered while a thousand feeds
    /// reload), where only the reader's own reload is measured.
    var feedCount = 200
    /// Only the scenarios whose name holds one of these words (all when empty).
    var scenarioWords: [String] = []

    /// One measured key: where it is typed, the key, what else is typed between two of them.
    struct Scenario {
        var name: String
        var opensFeed: Bool
        var key: Key
        /// Typed (untimed) after each timed key: moves to the next article or feed.
        var between: [Key]
        /// The timed frame is the one where the screen shows this (nil: the key's own frame).
        var shows: String?
    }

    static let scenarios = [
        Scenario(name: "j/k, feed list", opensFeed: false, key: .character("j"), between: [.character("k")], shows: nil),
        Scenario(name: "j/k, item list", opensFeed: true, key: .character("j"), between: [.character("k")], shows: nil),
        Scenario(name: "N, item list", opensFeed: true, key: .character("N"), between: [.character("j")], shows: nil),
        Scenario(name: "s, item list", opensFeed: true, key: .character("s"), between: [.character("j")], shows: nil),
        Scenario(name: "A, feed list", opensFeed: false, key: .character("A"), between: [.character("j")], shows: nil),
        Scenario(name: "Enter on unread", opensFeed: true, key: .enter, between: [.character("q"), .character("j")], shows: "Title: "),
    ]

    /// `tidings-bench keys [1000] [WORD…]`: only these measures, in a folder of their own — 200
    /// and 1,000 feeds, or those given; the scenarios whose name holds a word given (`keys 1000
    /// A` measures `A` during a reload of a thousand feeds).
    nonisolated static func run(_ arguments: [String]) {
        let counts = arguments.compactMap(Int.init)
        let words = arguments.filter { Int($0) == nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-keys-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try MainActor.assumeIsolated {
                for count in counts.isEmpty ? [200, 1000] : counts {
                    var benchmark = ReaderLatencyBenchmark(directory: directory, feedCount: count)
                    benchmark.scenarioWords = words
                    try benchmark.run()
                }
            }
        } catch {
            print("keys: failed: \(error)")
        }
    }

    func run() throws {
        let feeds = try BenchFeedSet(folder: directory.appendingPathComponent("latency-feeds-\(feedCount)"), count: feedCount,
                                     itemsPerFeed: Self.itemsPerFeed)
        let server = try LoopbackServer(routes: [:], hosts: (1...Self.hostCount).map { "127.0.0.\($0)" }, delay: 0.05,
                                        directory: feeds.folder.path, lifetime: 1800)
        defer { server.stop() }
        let urls = [server.url("/local.xml")]
            + (0..<feedCount).map { "http://127.0.0.\($0 % Self.hostCount + 1):\(server.port)/\($0).xml" }
        print("reader: key → finished frame, keys every \(Self.interval) (headless reader, 100×30; p50 / p95 / max, keys timed, keys lost)")
        for ownReload in feedCount == 200 ? [true, false] : [true] {
            for scenario in Self.scenarios where scenarioWords.isEmpty || scenarioWords.contains(where: scenario.name.contains) {
                let samples = try measure(scenario, ownReload: ownReload, urls: urls)
                let sorted = samples.latencies.sorted()
                func percentile(_ p: Double) -> Double {
                    sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
                }
                let background = ownReload ? "during R (\(feedCount) feeds cold)" : "while another process writes"
                ReaderBenchmark.report(
                    String(format: "%6.2f / %6.2f / %6.2f ms, %3d keys, %d lost", percentile(0.5), percentile(0.95), sorted.last ?? .nan, sorted.count, samples.lost),
                    "\(scenario.name), \(background)",
                    target: percentile(0.95) <= 16 && samples.lost == 0 ? "target p95 ≤ 16 ms, none lost: met" : "target p95 ≤ 16 ms, none lost: MISSED")
            }
        }
        if feedCount == 200 { try measureIdleCPU(urls: urls) }
    }

    private func freshCache(urls: [String], name: String) throws -> String {
        let path = directory.appendingPathComponent("latency-\(name).db").path
        for suffix in ["", "-wal", "-shm", "-marks"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let store = try FeedStore(path: path)
        try store.syncSubscriptions(urls.map { Subscription(url: $0) })
        try store.upsert(ReaderBenchmark.makeFeed(number: 0, itemCount: Self.localItems), forFeedURL: urls[0])
        return path
    }

    private func measure(_ scenario: Scenario, ownReload: Bool, urls: [String]) throws -> (latencies: [Double], lost: Int) {
        let path = try freshCache(urls: urls, name: ownReload ? "own" : "other")
        let reader = try HeadlessReader(settings: ReaderBenchmark.settings(path: path, feeds: 0, urls: urls), rows: 30, columns: 100)
        ReaderBenchmark.spin(timeout: 10) { reader.isIdle && reader.text.contains("Reader bench feed 0") }
        if scenario.opensFeed {
            reader.press(.enter)
            ReaderBenchmark.spin(timeout: 10) { reader.isIdle && reader.text.contains("Article 2999") }
        }
        var writer: Process?
        if ownReload {
            reader.press(.character("R"))
            ReaderBenchmark.spin(timeout: 10) { reader.isReloading }
        } else {
            writer = try startWriter(path: path)
        }
        defer {
            writer?.terminate()
            writer?.waitUntilExit()
        }
        let clock = ContinuousClock()
        var due = clock.now
        var latencies: [Double] = []
        var lost = 0
        while ownReload ? reader.isReloading : latencies.count + lost < Self.keysPerRun {
            due += Self.interval
            wait(until: due, clock: clock)
            reader.press(scenario.key)
            if let shows = scenario.shows {
                ReaderBenchmark.spin(timeout: 2) { reader.text.contains(shows) }
                guard reader.text.contains(shows) else {
                    lost += 1
                    continue
                }
            }
            latencies.append(ReaderBenchmark.milliseconds(clock.now - due))
            for key in scenario.between {
                due += Self.interval
                wait(until: due, clock: clock)
                reader.press(key)
            }
        }
        // Every mark must be in the store once the writer lets go.
        ReaderBenchmark.spin(timeout: 60) { reader.isIdle && !reader.isReloading }
        return (latencies, lost)
    }

    /// Runs the main queue until `due`.
    private func wait(until due: ContinuousClock.Instant, clock: ContinuousClock) {
        while clock.now < due {
            let left = due - clock.now
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(min(0.001, max(0, Double(left.components.attoseconds) / 1e18))))
        }
    }

    /// Starts `tidings-bench store-child rewrite PATH` and waits for its first transaction.
    private func startWriter(path: String) throws -> Process {
        let process = Process()
        process.executableURL = ReaderBenchmark.executableURL()
        process.arguments = ["store-child", "rewrite", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        _ = try output.fileHandleForReading.read(upToCount: 10)
        // Keep reading so that the child never blocks on a full pipe.
        let handle = output.fileHandleForReading
        DispatchQueue.global().async { while let data = try? handle.read(upToCount: 65536), !data.isEmpty {} }
        return process
    }

    /// CPU used by an idle reader (no key, no reload) over two seconds: nothing polls.
    private func measureIdleCPU(urls: [String]) throws {
        let path = try freshCache(urls: urls, name: "idle")
        let reader = try HeadlessReader(settings: ReaderBenchmark.settings(path: path, feeds: 0, urls: urls), rows: 30, columns: 100)
        ReaderBenchmark.spin(timeout: 10) { reader.isIdle && reader.text.contains("Reader bench feed 0") }
        // A frame scheduled by the last answer may still be on the main queue: not idle work.
        ReaderBenchmark.spin(timeout: 0.2) { false }
        let before = ReaderBenchmark.processorSeconds()
        let frames = reader.terminal.frameCount
        // Woken only by the reader's own work: a loop that polled would measure itself.
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline { _ = RunLoop.main.run(mode: .default, before: deadline) }
        let used = ReaderBenchmark.processorSeconds() - before
        ReaderBenchmark.report(String(format: "%8.3f ms", used * 1000), "CPU of an idle reader over 2 s (\(reader.terminal.frameCount - frames) frames drawn)",
                               target: reader.terminal.frameCount == frames ? "target 0 frames: met" : "target 0 frames: MISSED")
    }
}
