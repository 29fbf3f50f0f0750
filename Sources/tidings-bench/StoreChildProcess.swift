import FeedModel
import FeedParser
import FeedStore
import Foundation

/// A hidden mode of `tidings-bench` that FeedStoreTests run as a child process and SIGKILL in
/// the middle of a write: `tidings-bench store-child write PATH` upserts feeds of 300 items one
/// after another, printing `committed N` after each transaction, until killed.
///
/// `tidings-bench store-child ingest PATH COUNT news|html` stores COUNT items in feeds of 100
/// into a new cache and prints the CPU time of the writes alone: the feeds are built (and, for
/// `html`, generated as RSS and parsed) and prepared (`PreparedFeed`, as the reload does on its
/// worker threads) first, so that a profiler that counts only `upsert`
/// (`valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*FeedStore*upsert*'`)
/// sees the serial part of the store's cost. `news` items are the store benchmark's (short HTML summaries, one in
/// ten in Japanese); `html` items are the reload benchmark's (about 2.3 KB of HTML each).
enum StoreChildProcess {
    static let itemsPerFeed = 300
    static let feedCount = 1000

    /// Runs the child mode named by the command line and exits; returns when there is none.
    static func runIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count >= 4, arguments[1] == "store-child" else { return }
        do {
            switch arguments[2] {
            case "write": try write(path: arguments[3])
            case "rewrite": try rewrite(path: arguments[3])
            case "ingest" where arguments.count == 6:
                try ingest(path: arguments[3], count: Int(arguments[4]) ?? 0, kind: arguments[5])
            default:
                FileHandle.standardError.write(Data("unknown store-child mode\n".utf8))
                exit(2)
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("store-child: \(error)\n".utf8))
            exit(1)
        }
    }

    static func feedURL(_ number: Int) -> String { "https://child.example/\(number).xml" }

    private static func write(path: String) throws {
        let store = try FeedStore(path: path)
        try store.syncSubscriptions((0..<feedCount).map { Subscription(url: feedURL($0)) })
        for number in 0..<feedCount {
            let items = (0..<itemsPerFeed).map { index in
                Item(id: "urn:child:\(number):\(index)", title: "Item \(index) of feed \(number)",
                     summary: "<p>" + String(repeating: "filler text ", count: 40) + "</p>")
            }
            try store.upsert(Feed(format: .atom10, title: "Child \(number)", items: items),
                             forFeedURL: feedURL(number))
            // Unbuffered, so that the parent sees each line as soon as it is true.
            FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
        }
    }

    /// `store-child rewrite PATH`: what a `tidings reload` from cron does to a reader's cache,
    /// without the network: each subscribed feed in turn gets 100 new items, one transaction
    /// per feed, round after round, printing `committed N` after each, until killed.
    private static func rewrite(path: String) throws {
        let store = try FeedStore(path: path)
        let targets = try store.feedsToFetch()
        var round = 0
        while true {
            round += 1
            for (number, target) in targets.enumerated() {
                let items = (0..<100).map { index in
                    Item(id: "urn:rewrite:\(round):\(number):\(index)", title: "Rewritten \(index) of round \(round)",
                         published: Date(), summary: "<p>" + String(repeating: "filler text ", count: 40) + "</p>")
                }
                try store.upsert(Feed(format: .atom10, title: "Rewritten \(number)", items: items), forFeedURL: target.url)
                FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
            }
        }
    }

    private static func ingest(path: String, count: Int, kind: String) throws {
        let feedCount = max(1, (count + 99) / 100)
        let feeds: [Feed]
        switch kind {
        case "news":
            feeds = (0..<feedCount).map { StoreBenchmark.makeFeed(number: $0, itemCount: min(100, count - $0 * 100)) }
        case "html":
            feeds = try (0..<feedCount).map { number in
                var generator = RSSGenerator(seed: UInt64(number + 1))
                var text = RSSGenerator.header
                for _ in 0..<min(100, count - number * 100) { text += generator.nextItem() }
                return try FeedParser.parse(Data((text + RSSGenerator.footer).utf8))
            }
        default:
            FileHandle.standardError.write(Data("store-child ingest: unknown item kind \(kind) (news or html)\n".utf8))
            exit(2)
        }
        let prepareStart = processorSeconds()
        let prepared = feeds.map { PreparedFeed($0) }
        let prepareSeconds = processorSeconds() - prepareStart
        let store = try FeedStore(path: path)
        try store.syncSubscriptions((0..<feedCount).map { Subscription(url: feedURL($0)) })
        let start = processorSeconds()
        var stored = 0
        for (number, feed) in prepared.enumerated() {
            stored += try store.upsert(feed, forFeedURL: feedURL(number))
        }
        print(String(format: "ingest: %d %@ items in %d feeds, %.2f s of CPU to write (%.2f s to prepare beforehand)",
                     stored, kind, feedCount, processorSeconds() - start, prepareSeconds))
    }

    private static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
