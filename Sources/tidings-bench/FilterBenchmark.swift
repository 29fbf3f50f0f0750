import Configuration
import FeedModel
import FeedStore
import FilterLanguage
import Foundation
import TerminalUI
import ReaderTesting
import TidingsApp

/// Filter expressions over 100 000 articles (`tidings-bench filters`): the first screen of a
/// query feed or a filtered list, query-feed counts, and the killfile applied at start.
enum FilterBenchmark {
    static func run() {
        do {
            try measure()
        } catch {
            print("filters benchmark failed: \(error)")
        }
    }

    private static func measure() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-bench-filters-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try FeedStore(path: directory.appendingPathComponent("cache.db").path)
        // The store benchmark's cache: 100 000 items in 200 feeds, one of 50 051.
        try store.syncSubscriptions((0...StoreBenchmark.smallFeedCount).map { Subscription(url: StoreBenchmark.feedURL($0)) })
        for number in 0...StoreBenchmark.smallFeedCount {
            let count = number == StoreBenchmark.smallFeedCount ? StoreBenchmark.bigFeedItemCount : StoreBenchmark.itemsPerSmallFeed
            try store.upsert(StoreBenchmark.makeFeed(number: number, itemCount: count), forFeedURL: StoreBenchmark.feedURL(number))
        }
        print("filters: 100 000 items in 200 feeds")
        let bigFeed = try store.feedList().last!.id

        let cases = [
            (#"title =~ "harbour""#, "regex, common"),
            (#"content =~ "quasar""#, "regex in the article text, rare"),
            (#"unread = "yes" and age > 30"#, "no regex"),
            (#"author = "Reporter 3" or tags # "none""#, "equality"),
        ]
        for (source, label) in cases {
            let expression = try FilterParser.parse(source)
            var rows = 0
            report("query feed \(source) (\(label)): first page", try median {
                rows = try store.items(matching: expression, ItemPageRequest(limit: 100)).count
            }, rows: rows)
            report("the 50 051-item feed filtered by \(source): first page", try median {
                rows = try store.items(matching: expression, inFeed: bigFeed, ItemPageRequest(limit: 100)).count
            }, rows: rows)
        }
        let counted = try cases.map { try FilterParser.parse($0.0) }
        report("counts of \(counted.count) query feeds, one pass", try median { _ = try store.counts(matching: counted) }, rows: nil)

        let killfile = Killfile(rules: [Killfile.Rule(feedURL: nil, expression: try FilterParser.parse(#"title =~ "^harbour""#))], mode: .display)
        var hidden = 0
        report("killfile at start, first time (hides what it matches)", try time { hidden = try store.applyKillfile(killfile).hidden }, rows: hidden)
        report("killfile at start, nothing new to hide", try median { _ = try store.applyKillfile(killfile) }, rows: nil)
        report("first page of the 50 051-item feed with the killfile", try median {
            _ = try store.items(inFeed: bigFeed, ItemPageRequest(limit: 100))
        }, rows: nil)
        try MainActor.assumeIsolated { try measureReader(path: store.path, killfile: killfile) }
    }

    /// The whole reader (headless, 100×30) on the same cache, with the killfile and two query
    /// feeds: Enter on a query feed until the frame shows its rows.
    @MainActor
    private static func measureReader(path: String, killfile: Killfile) throws {
        let urls = UrlsFile(parsing: #"""
            "query:Lighthouses:title =~ \"lighthouse\""
            "query:Quasars:content =~ \"quasar\""
            """#)
        for (index, title) in ["Lighthouses", "Quasars"].enumerated() {
            var runs: [Duration] = []
            for _ in 0..<5 {
                var settings = ReaderSettings(
                    urlsPath: path + ".urls",
                    subscriptions: (0...StoreBenchmark.smallFeedCount).map { Subscription(url: StoreBenchmark.feedURL($0)) },
                    cachePath: path, logPath: path + ".log")
                settings.config.killfileRules = killfile.rules
                settings.config[\.ignoreMode] = killfile.mode
                settings.queryFeeds = urls.queryFeeds
                let reader = try HeadlessReader(settings: settings, rows: 30, columns: 100)
                ReaderBenchmark.spin(timeout: 30) { reader.text.contains("Bench feed 0") && !reader.text.contains("(…)") }
                ReaderBenchmark.spin(timeout: 30) { reader.isIdle }
                for _ in 0..<index { reader.press(.down) }
                let clock = ContinuousClock()
                let start = clock.now
                reader.press(.enter)
                ReaderBenchmark.spin(timeout: 30) { reader.lines.count > 2 && reader.lines[0].contains(title) && reader.lines[1].contains("Bench feed") }
                runs.append(clock.now - start)
                ReaderBenchmark.spin(timeout: 30) { reader.isIdle }
            }
            report("reader: Enter on the query feed \(title) until its rows are drawn, first page", runs.sorted()[runs.count / 2], rows: nil)
        }
    }

    private static func time(_ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    /// The median of 7 runs after one warm-up.
    private static func median(_ body: () throws -> Void) throws -> Duration {
        try body()
        var runs: [Duration] = []
        for _ in 0..<7 { runs.append(try time(body)) }
        return runs.sorted()[runs.count / 2]
    }

    /// Prints a figure; only first screens have a target (counts and the killfile run in the
    /// background, while the lists are already shown).
    private static func report(_ label: String, _ duration: Duration, rows: Int?) {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        let isFirstScreen = label.contains("first page")
        let verdict = !isFirstScreen ? "(background)" : value <= 100 ? "(target ≤ 100 ms: met)" : "(target ≤ 100 ms: MISSED)"
        print(String(format: "filters: %8.1f ms  ", value) + label
              + (rows.map { " [\($0) rows]" } ?? "") + "  " + verdict)
    }
}
