import FeedModel
import FeedStore
import FilterLanguage
import Foundation

/// The same story once over 100 000 articles (`tidings-bench stories`, issue 42): a cache where
/// one article in five is a story that four feeds carry (links that differ by their `utm_`
/// parameters and scheme), the store benchmark's otherwise. Pages of a query feed over every
/// article and of search results, folded and not, their counts, "New since last time", reading
/// a story, and what joining stories and the text fingerprints cost as articles arrive.
enum StoryBenchmark {
    static func run() {
        do {
            try measure()
        } catch {
            print("stories benchmark failed: \(error)")
        }
    }

    /// Feeds `4k … 4k+3` carry the same story as every fifth article.
    static func makeFeed(number: Int, itemCount: Int) -> Feed {
        var feed = StoreBenchmark.makeFeed(number: number, itemCount: itemCount)
        for index in stride(from: 0, to: feed.items.count, by: 5) {
            feed.items[index].link = "http\(number % 2 == 0 ? "s" : "")://news.example/story/\(number / 4)/\(index)?utm_source=feed\(number)"
        }
        return feed
    }

    private static func measure() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-bench-stories-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = StoreBenchmark.smallFeedCount
        let feeds = (0...count).map { makeFeed(number: $0, itemCount: $0 == count ? StoreBenchmark.bigFeedItemCount : StoreBenchmark.itemsPerSmallFeed) }
        let plainFeeds = (0...count).map { StoreBenchmark.makeFeed(number: $0, itemCount: $0 == count ? StoreBenchmark.bigFeedItemCount : StoreBenchmark.itemsPerSmallFeed) }

        // Arrival: the same 100 000 articles with and without stories to join, in one run.
        var stores: [FeedStore] = []
        for (name, feeds) in [("plain", plainFeeds), ("stories", feeds)] {
            let store = try FeedStore(path: directory.appendingPathComponent("\(name).db").path)
            try store.syncSubscriptions((0...count).map { Subscription(url: StoreBenchmark.feedURL($0)) })
            let cpu = ReaderBenchmark.processorSeconds()
            let insert = try time {
                for (number, feed) in feeds.enumerated() { try store.upsert(feed, forFeedURL: StoreBenchmark.feedURL(number)) }
            }
            let label = name == "plain" ? "no article shares a story" : "one in five is a story of 4 feeds"
            report("insert 100 000 items, one transaction per feed, \(label) (\(String(format: "%.2f", ReaderBenchmark.processorSeconds() - cpu)) s of CPU)",
                   insert, target: nil)
            stores.append(store)
        }
        let store = stores[1]
        let stories = try store.items(matching: try FilterParser.parse("total_count > 0"), ItemPageRequest(limit: 100_000, foldsStories: true)).count
        print("stories: 100 000 items in 200 feeds, \(stories) stories")

        let everything = try FilterParser.parse("total_count > 0")
        let harbour = try FilterParser.parse(#"title =~ "harbour""#)
        for (label, expression) in [("every article", everything), (#"title =~ "harbour""#, harbour)] {
            for folded in [false, true] {
                let name = "query feed over \(label)\(folded ? ", folded" : ""): "
                var rows = 0
                report(name + "first page", try median {
                    rows = try store.items(matching: expression, ItemPageRequest(limit: 100, foldsStories: folded)).count
                }, target: 50, rows: rows)
                // The 50th page, reached through the cursors as the list scrolls.
                var cursor: ItemCursor?
                for _ in 0..<49 { cursor = try store.items(matching: expression, ItemPageRequest(after: cursor, limit: 100, foldsStories: folded)).last?.cursor }
                report(name + "page 50", try median {
                    rows = try store.items(matching: expression, ItemPageRequest(after: cursor, limit: 100, foldsStories: folded)).count
                }, target: 50, rows: rows)
                report(name + "unread only, first page", try median {
                    rows = try store.items(matching: expression, ItemPageRequest(unreadOnly: true, limit: 100, foldsStories: folded)).count
                }, target: 50, rows: rows)
            }
        }
        for folded in [false, true] {
            var counts: [ItemCounts] = []
            report("counts of 2 query feeds, one pass\(folded ? ", folded" : "")", try median {
                counts = try store.counts(matching: [everything, harbour], foldingStories: folded)
            }, target: nil, rows: counts.first?.total)
            var rows = 0
            report("search harbour\(folded ? ", folded" : ""): first page", try median {
                rows = try store.search(words: "harbour", ItemPageRequest(limit: 100, foldsStories: folded)).count
            }, target: 50, rows: rows)
        }

        // "New since last time": the last 2 000 articles to arrive.
        let since = Date()
        try store.upsert(makeFeed(number: 0, itemCount: 2_000 + StoreBenchmark.itemsPerSmallFeed), forFeedURL: StoreBenchmark.feedURL(0), at: since.addingTimeInterval(1))
        for folded in [false, true] {
            var rows = 0
            report("New since last time (2 000 arrived)\(folded ? ", folded" : ""): first page", try median {
                rows = try store.items(arrivedAfter: since, ItemPageRequest(limit: 100, foldsStories: folded)).count
            }, target: 50, rows: rows)
        }

        let story = try store.items(matching: everything, ItemPageRequest(limit: 100, foldsStories: true)).first { $0.storyCopies > 0 }!
        var marked = 0
        report("read a story of \(story.storyCopies + 1) copies (every copy marked)", try time {
            marked = try store.markStories(containing: [story.id], read: true).count
        }, target: nil, rows: marked)

        // What a fingerprint costs as an article is prepared (off the writer, in parallel).
        let sample = Feed(format: .rss20, items: Array(plainFeeds[count].items.prefix(10_000)))
        let plainCPU = try cpuTime { _ = PreparedFeed(sample) }
        let hashedCPU = try cpuTime { _ = PreparedFeed(sample, similarityHashes: true) }
        print(String(format: "stories: %8.1f µs  preparing an article for storing, and %.1f µs with its text fingerprint (fold-near-duplicates)",
                     plainCPU / 10_000 * 1e6, hashedCPU / 10_000 * 1e6))
    }

    private static func time(_ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    private static func cpuTime(_ body: () throws -> Void) throws -> Double {
        let start = ReaderBenchmark.processorSeconds()
        try body()
        return ReaderBenchmark.processorSeconds() - start
    }

    /// The median of 7 runs after one warm-up.
    private static func median(_ body: () throws -> Void) throws -> Duration {
        try body()
        var runs: [Duration] = []
        for _ in 0..<7 { runs.append(try time(body)) }
        return runs.sorted()[runs.count / 2]
    }

    private static func report(_ label: String, _ duration: Duration, target: Double?, rows: Int? = nil) {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        let verdict = target.map { value <= $0 ? "(target ≤ \(Int($0)) ms: met)" : "(target ≤ \(Int($0)) ms: MISSED)" } ?? ""
        print(String(format: "stories: %8.1f ms  ", value) + label + (rows.map { " [\($0) rows]" } ?? "") + "  " + verdict)
    }
}
