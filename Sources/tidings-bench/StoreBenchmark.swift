import Configuration
import FeedModel
import FeedStore
import Foundation

/// The cache's figures for `make bench`: bulk insert, opening with counts, first page of a big
/// feed, full-text search. Each figure is printed with its target.
enum StoreBenchmark {
    static let smallFeedCount = 199
    static let itemsPerSmallFeed = 251
    /// 199 × 251 + 50 051 = 100 000 items in 200 feeds.
    static let bigFeedItemCount = 50_051

    static func run() {
        do {
            try measure()
        } catch {
            print("store benchmark failed: \(error)")
        }
    }

    private static func measure() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-bench-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.db").path

        let subscriptions = (0...smallFeedCount).map { Subscription(url: feedURL($0)) }
        var feeds = (0..<smallFeedCount).map { makeFeed(number: $0, itemCount: itemsPerSmallFeed) }
        feeds.append(makeFeed(number: smallFeedCount, itemCount: bigFeedItemCount))
        let totalItems = feeds.reduce(0) { $0 + $1.items.count }

        print("store: \(totalItems) items in \(feeds.count) feeds (one of \(bigFeedItemCount)), file in \(directory.path)")
        do {
            let store = try FeedStore(path: path)
            try store.syncSubscriptions(subscriptions)
            let cpuBefore = processorSeconds()
            let insert = try time {
                for (number, feed) in feeds.enumerated() {
                    try store.upsert(feed, forFeedURL: feedURL(number))
                }
            }
            let cpu = String(format: "%.2f", processorSeconds() - cpuBefore)
            report("insert \(totalItems) items, one transaction per feed (\(cpu) s of CPU)", insert, target: 5000)
            let refetch = try time { try store.upsert(feeds[0], forFeedURL: feedURL(0)) }
            report("re-fetch of a \(itemsPerSmallFeed)-item feed, nothing new", refetch, target: nil)
        }

        // Each run opens the file anew; closing it (a checkpoint) happens outside the timing.
        var openStores: [FeedStore] = []
        let openAndCount = {
            let store = try FeedStore(path: path)
            let rows = try store.feedList()
            precondition(rows.count == feeds.count && rows.reduce(0) { $0 + $1.totalCount } == totalItems)
            openStores.append(store)
        }
        report("open the cache + all feeds' unread/total counts, first time", try time(openAndCount), target: 20)
        report("open the cache + all feeds' unread/total counts", try median(openAndCount), target: 20)
        openStores.removeAll()

        let store = try FeedStore(path: path)
        let bigFeed = try store.feedList().last!.id
        report("feed list with counts (open cache)", try median { _ = try store.feedList() }, target: 20)
        report("generation", try median { _ = try store.generation() }, target: nil)

        var firstPage: [ItemRow] = []
        let coldPage = try time { firstPage = try store.items(inFeed: bigFeed, ItemPageRequest(limit: 100)) }
        precondition(firstPage.count == 100)
        report("first page (100 rows) of a \(bigFeedItemCount)-item feed, first query", coldPage, target: 5)
        report("first page (100 rows) of a \(bigFeedItemCount)-item feed", try median {
            _ = try store.items(inFeed: bigFeed, ItemPageRequest(limit: 100))
        }, target: 5)
        report("first unread-only page (100 rows) of the same feed", try median {
            _ = try store.items(inFeed: bigFeed, ItemPageRequest(unreadOnly: true, limit: 100))
        }, target: 5)
        let deep = try store.items(inFeed: bigFeed, ItemPageRequest(offset: 40_000, limit: 1)).first!.cursor
        report("keyset page (100 rows) 40 000 rows deep", try median {
            _ = try store.items(inFeed: bigFeed, ItemPageRequest(after: deep, limit: 100))
        }, target: 5)
        report("one item with full content", try median { _ = try store.item(firstPage[50].id) }, target: nil)
        report("next unread across feeds", try median {
            _ = try store.nextUnread(after: firstPage[99].id)
        }, target: nil)

        for (words, label) in [("harbour", "common word"), ("lighthouse harbour", "two words"),
                               ("quasar", "rare word"), ("天気", "two-character Japanese"),
                               ("東京都", "three-character Japanese")] {
            var hits = 0
            let figure = try median { hits = try store.search(words: words, ItemPageRequest(limit: 100)).count }
            report("search \"\(words)\" (\(label), \(hits) rows of the first page)", figure, target: 20)
        }
        // What the results screen asks for: a query matching about half the cache, its first
        // page, and a page 40 000 matches deep (after the row before, as the screen pages).
        // The last two: a feed of 251 old items, whose matches come after 50 000 newer ones.
        for text in [#"harbour feed:"Bench feed 199""#, #"feed:"Bench feed 199""#, #"harbour feed:"Bench feed 0""#, #"feed:"Bench feed 0""#] {
            let query = try SearchQuery(text)
            let matches = try store.search(query, ItemPageRequest(limit: 1_000_000)).count
            report("search \(text): first page of 100 of \(matches) matches", try median {
                _ = try store.search(query, ItemPageRequest(limit: 100))
            }, target: 20)
            guard let deep = try store.search(query, ItemPageRequest(offset: 40_000, limit: 1)).first?.cursor else { continue }
            report("search \(text): page of 100 after match 40 000", try median {
                _ = try store.search(query, ItemPageRequest(after: deep, limit: 100))
            }, target: 20)
        }
        report("mark the \(bigFeedItemCount)-item feed read", try time {
            try store.markFeed(bigFeed, read: true)
        }, target: nil)
    }

    // MARK: - Synthetic feeds

    static func feedURL(_ number: Int) -> String { "https://bench.example/feed/\(number).xml" }

    private static let words = [
        "harbour", "lighthouse", "weather", "market", "river", "garden", "library", "station",
        "bridge", "council", "festival", "museum", "forest", "railway", "school", "island",
        "concert", "election", "harvest", "bakery", "theatre", "valley", "coast", "summit",
    ]
    private static let japanese = ["東京都の天気は晴れ", "新しい図書館が開館しました", "駅前の市場", "祭りの準備が始まる"]

    /// A feed whose items look like a news site's: a title, an author, an HTML summary of a
    /// few hundred characters, one in ten in Japanese, a rare word in one in a thousand.
    static func makeFeed(number: Int, itemCount: Int) -> Feed {
        var generator = SplitMix64(seed: UInt64(number) &+ 1)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var items: [Item] = []
        items.reserveCapacity(itemCount)
        for index in 0..<itemCount {
            let pick = { (list: [String]) in list[Int(generator.next() % UInt64(list.count))] }
            var body = (0..<40).map { _ in pick(words) }.joined(separator: " ")
            if index % 10 == 3 { body += " " + pick(japanese) }
            if index % 1000 == 7 { body += " quasar" }
            let title = (0..<6).map { _ in pick(words) }.joined(separator: " ")
            items.append(Item(
                id: "urn:bench:\(number):\(index)", title: title.capitalized,
                link: "https://bench.example/\(number)/\(index)", author: "Reporter \(index % 17)",
                published: start.addingTimeInterval(Double(itemCount - index) * 600),
                summary: "<p>\(body)</p>", categories: [pick(words)]))
        }
        return Feed(format: .rss20, title: "Bench feed \(number)", link: "https://bench.example/\(number)/",
                    items: items)
    }

    // MARK: - Timing

    /// User + system CPU time of this process: on a machine shared with other work the wall
    /// clock alone overstates what the insert costs.
    private static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
        let micros = usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
        return Double(seconds) + Double(micros) / 1e6
    }

    private static func time(_ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    /// The median of 15 runs after one warm-up.
    private static func median(_ body: () throws -> Void) throws -> Duration {
        try body()
        var runs: [Duration] = []
        for _ in 0..<15 { runs.append(try time(body)) }
        return runs.sorted()[runs.count / 2]
    }

    private static func report(_ label: String, _ duration: Duration, target milliseconds: Double?) {
        let value = Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        let figure = value >= 100 ? String(format: "%8.0f ms", value) : String(format: "%8.3f ms", value)
        let verdict = milliseconds.map { value < $0 ? "  (target < \(Int($0)) ms: met)" : "  (target < \(Int($0)) ms: MISSED)" } ?? ""
        print("store: \(figure)  \(label)\(verdict)")
    }
}

/// A small deterministic generator, so that every run benchmarks the same text.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
