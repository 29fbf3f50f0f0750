import Configuration
import FeedModel
import FeedParser
import FeedStore
import Foundation
import ReaderTesting
import TidingsApp

/// `tidings-bench million [FEEDS ITEMS]`: a cache of a million articles (issue 46), 2,000 feeds of
/// 500 by default, and what a user of one sees: the reader's first frame and its memory,
/// `tidings unread`, the first page of a search for a common word, the file's size against the
/// feeds' own bytes, and what opening the cache and quitting writes to it.
///
/// The cache is built once, through the store's own API as a reload stores feeds (RSS text parsed,
/// then upserted), and kept in the temporary directory (`/tmp/tidings-bench-million-2000x500-v1/`) for the
/// next runs, by this build or another; delete that directory to build it again.
/// `tidings-bench million purge` measures `keep-articles-days`, `max-items` and `-X` on a copy
/// (see `MillionBenchmark+Purge`).
enum MillionBenchmark {
    static let defaultFeedCount = 2_000
    static let defaultItemsPerFeed = 500
    /// Feeds whose articles are all read: most of a long-kept cache has been read.
    static let readShare = 9  // in 10
    /// Raised when what the cache holds changes, so that an older cache is built again.
    static let cacheVersion = 1

    /// The files of one cache: built once, then only opened.
    struct Home {
        var directory: URL
        var cache: String { directory.appendingPathComponent("cache.db").path }
        var urls: URL { directory.appendingPathComponent("urls") }
        var config: URL { directory.appendingPathComponent("config") }
        /// Written last: its presence says the cache is whole, its text is the feeds' bytes.
        var manifest: URL { directory.appendingPathComponent("built") }

        init(directory: URL) { self.directory = directory }

        /// The cache of `feedCount` feeds of `itemsPerFeed` articles.
        init(feedCount: Int, itemsPerFeed: Int) {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("tidings-bench-million-\(feedCount)x\(itemsPerFeed)-v\(cacheVersion)", isDirectory: true)
        }
    }

    static func run(_ arguments: [String]) {
        let numbers = arguments.compactMap { Int($0) }
        let feedCount = numbers.count == 2 ? numbers[0] : defaultFeedCount
        let itemsPerFeed = numbers.count == 2 ? numbers[1] : defaultItemsPerFeed
        do {
            if arguments.contains("purge") {
                try measurePurge(feedCount: feedCount, itemsPerFeed: itemsPerFeed)
            } else {
                try measure(feedCount: feedCount, itemsPerFeed: itemsPerFeed)
            }
        } catch {
            print("million benchmark failed: \(error)")
        }
    }

    private static func measure(feedCount: Int, itemsPerFeed: Int) throws {
        let home = Home(feedCount: feedCount, itemsPerFeed: itemsPerFeed)
        let feedBytes = try buildIfMissing(home, feedCount: feedCount, itemsPerFeed: itemsPerFeed)
        print("million: \(feedCount * itemsPerFeed) articles in \(feedCount) feeds, \(megabytes(feedBytes)) of RSS; cache in \(home.directory.path)")

        // Writes first: the timings after then open a cache these two opens have left as it is.
        for run in 1...2 {
            if let written = try bytesWrittenByOpeningAndQuitting(home) {
                report(String(format: "%8d B", written), "written to the cache and its log by opening it and quitting (run \(run))",
                       target: run == 1 ? nil : ("= 0 B", written == 0))
            } else {
                report("       —", "written by opening and quitting: not measured (strace is not installed)", target: nil)
                break
            }
        }

        var runs: [(frame: Double, content: Double, peakKilobytes: Int)] = []
        for _ in 0..<7 { runs.append(try readerChild(home, mode: "frame")) }
        let frame = median(runs.map(\.frame)), content = median(runs.map(\.content))
        report(String(format: "%8.1f ms", frame), "open the cache and draw the first frame (in the process, median of 7)", target: nil)
        report(String(format: "%8.1f ms", content), "  … until the frame lists the feeds", target: ("≤ 150 ms", content <= 150))
        let peak = runs.map(\.peakKilobytes).max() ?? 0
        report(String(format: "%8.1f MB", Double(peak) / 1024), "the reader's peak memory", target: ("< 80 MB", peak < 80 * 1024))

        let unread = try unreadCommandMilliseconds(home)
        report(String(format: "%8.1f ms", unread.milliseconds), "`tidings unread` (the binary, median of 7; it printed \(unread.count))",
               target: ("≤ 100 ms", unread.milliseconds <= 100))

        let (coldSearch, warmSearch, hits) = try searchMilliseconds(home)
        report(String(format: "%8.1f ms", coldSearch), "search \"harbour\": first page (\(hits) rows), first query of a new process",
               target: ("≤ 200 ms", coldSearch <= 200))
        report(String(format: "%8.1f ms", warmSearch), "  the same, median of 7 after", target: ("≤ 200 ms", warmSearch <= 200))

        let fileBytes = FeedStore.fileSize(home.cache) + FeedStore.fileSize(home.cache + "-wal")
        let ratio = Double(fileBytes) / Double(feedBytes)
        report(String(format: "%8.2f ×", ratio), "cache file (\(megabytes(fileBytes))) against the feeds' bytes", target: ("≤ 2.5 ×", ratio <= 2.5))
    }

    // MARK: - The cache

    static func feedURL(_ number: Int) -> String { "https://million.example/feed/\(number).xml" }
    static func feedTitle(_ number: Int) -> String { "Million bench feed \(number)" }

    /// Builds the cache unless a whole one is there; returns the feeds' bytes.
    static func buildIfMissing(_ home: Home, feedCount: Int, itemsPerFeed: Int) throws -> Int64 {
        if let text = try? String(contentsOf: home.manifest, encoding: .utf8), let bytes = Int64(text) { return bytes }
        try? FileManager.default.removeItem(at: home.directory)
        try FileManager.default.createDirectory(at: home.directory, withIntermediateDirectories: true)
        print("million: building the cache (once; kept for the next runs)…")
        let clock = ContinuousClock()
        let start = clock.now
        let urls = (0..<feedCount).map(feedURL)
        try (urls.joined(separator: "\n") + "\n").write(to: home.urls, atomically: true, encoding: .utf8)
        try "".write(to: home.config, atomically: true, encoding: .utf8)

        let store = try FeedStore(path: home.cache)
        try store.syncSubscriptions(urls.map { Subscription(url: $0) })
        var feedBytes: Int64 = 0
        // Stored as a reload stores them: parsed, then written a few feeds to a transaction
        // (`FeedWriter`), their text indexed after.
        var batch: [FeedUpdate] = []
        for number in 0..<feedCount {
            let document = rss(feed: number, itemCount: itemsPerFeed)
            feedBytes += Int64(document.count)
            let feed = try FeedParser.parse(document)
            batch.append(FeedUpdate(PreparedFeed(feed), forFeedURL: feedURL(number)))
            if batch.count == 20 || number == feedCount - 1 {
                for result in store.upsert(batch) { _ = try result.get() }
                batch.removeAll()
            }
            if (number + 1) % 200 == 0 { print("million:   \(number + 1) feeds stored") }
        }
        try store.indexAllStoredBodies()
        let rows = try store.feedList()
        for row in rows where Int(row.url.split(separator: "/").last!.split(separator: ".").first!)! % 10 < readShare {
            try store.markFeed(row.id, read: true)
        }
        store.checkpoint()
        try String(feedBytes).write(to: home.manifest, atomically: true, encoding: .utf8)
        print(String(format: "million: built in %.0f s", ReaderBenchmark.milliseconds(clock.now - start) / 1000))
        return feedBytes
    }

    private static let words = [
        "harbour", "lighthouse", "weather", "market", "river", "garden", "library", "station",
        "bridge", "council", "festival", "museum", "forest", "railway", "school", "island",
        "concert", "election", "harvest", "bakery", "theatre", "valley", "coast", "summit",
    ]

    /// One feed's RSS document: items like a news site's (those of `StoreBenchmark`), a title,
    /// a link, an author, a category and an HTML summary of a few hundred bytes, one day apart.
    static func rss(feed number: Int, itemCount: Int) -> Data {
        var generator = SplitMix64(seed: UInt64(number) &+ 1)
        let pick = { (generator: inout SplitMix64) in words[Int(generator.next() % UInt64(words.count))] }
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
            <title>\(feedTitle(number))</title><link>https://million.example/\(number)/</link>
            <description>A generated feed of the million-article benchmark</description>

            """
        // Newest first, a day apart, from the end of November 2026 back over 500 days: a
        // `keep-articles-days` of a year keeps some and drops some.
        let newest = 1_796_000_000 - number * 37
        for index in 0..<itemCount {
            let title = (0..<6).map { _ in pick(&generator) }.joined(separator: " ").capitalized
            let body = (0..<40).map { _ in pick(&generator) }.joined(separator: " ")
            text += """
                <item><title>\(title)</title><link>https://million.example/\(number)/\(index)</link>\
                <guid isPermaLink="false">urn:million:\(number):\(index)</guid>\
                <pubDate>\(rfc822(newest - index * 86_400))</pubDate><dc:creator>Reporter \(index % 17)</dc:creator>\
                <category>\(pick(&generator))</category><description>&lt;p&gt;\(body)&lt;/p&gt;</description></item>

                """
        }
        text += "</channel></rss>\n"
        return Data(text.utf8)
    }

    private static func rfc822(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S +0000", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: - The reader, in a child process

    /// `tidings-bench million-child CACHE URLS frame|quit`: opens the reader on the cache with the
    /// urls file's feeds as `tidings` does; prints `frame-ms A content-ms B maxrss-kb M` once the
    /// feed list shows, then exits at once (`frame`) or quits as `q` does (`quit`).
    static func runChildIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count == 5, arguments[1] == "million-child" else { return }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try MainActor.assumeIsolated {
                let subscriptions = try UrlsFile.load(from: URL(fileURLWithPath: arguments[3])).subscriptions
                let cache = arguments[2]
                let settings = ReaderSettings(urlsPath: arguments[3], subscriptions: subscriptions, cachePath: cache, logPath: cache + ".log")
                let reader = try HeadlessReader(settings: settings, rows: 30, columns: 100)
                let frame = clock.now - start
                ReaderBenchmark.spin(timeout: 30) { reader.text.contains(feedTitle(0)) }
                let content = clock.now - start
                precondition(reader.text.contains(feedTitle(0)), "the feed list never showed")
                print(String(format: "frame-ms %.3f content-ms %.3f maxrss-kb %d", ReaderBenchmark.milliseconds(frame),
                             ReaderBenchmark.milliseconds(content), ReaderBenchmark.peakResidentKilobytes()))
                if arguments[4] == "quit" {
                    // Everything the start asked for is done before the key, as a person's `q` comes.
                    ReaderBenchmark.spin(timeout: 60) { reader.isIdle }
                    reader.press(.character("q"))
                    ReaderBenchmark.spin(timeout: 60) { reader.exitStatus != nil }
                    precondition(reader.exitStatus == 0, "the reader did not quit")
                }
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("million-child: \(error)\n".utf8))
            exit(1)
        }
    }

    private static func readerChild(_ home: Home, mode: String) throws -> (frame: Double, content: Double, peakKilobytes: Int) {
        let output = try runProcess(ReaderBenchmark.executableURL(), ["million-child", home.cache, home.urls.path, mode])
        let words = output.text.split(whereSeparator: \.isWhitespace)
        guard output.status == 0, words.count == 6, let frame = Double(words[1]), let content = Double(words[3]), let peak = Int(words[5]) else {
            throw ReaderBenchmark.ChildFailed(output: output.text)
        }
        return (frame, content, peak)
    }

    /// What one start and quit of the reader writes to the cache and its write-ahead log, in bytes:
    /// the child runs under `strace`, which names the file of every `pwrite` (SQLite writes
    /// pages with nothing else); nil without strace.
    private static func bytesWrittenByOpeningAndQuitting(_ home: Home) throws -> Int64? {
        guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
        let traces = home.directory.appendingPathComponent("strace")
        try? FileManager.default.removeItem(at: traces)
        try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: traces) }
        let output = try runProcess(URL(fileURLWithPath: strace), [
            "-f", "-ff", "-qq", "-y", "-e", "trace=write,pwrite64,pwritev,pwritev2", "-o", traces.appendingPathComponent("trace").path,
            ReaderBenchmark.executableURL().path, "million-child", home.cache, home.urls.path, "quit",
        ])
        guard output.status == 0 else { throw ReaderBenchmark.ChildFailed(output: output.text) }
        let cacheFiles: Set<String> = [home.cache, home.cache + "-wal"].map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }.reduce(into: []) { $0.insert($1) }
        var written: Int64 = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: traces.path) {
            let trace = try String(contentsOf: traces.appendingPathComponent(name), encoding: .utf8)
            for line in trace.split(separator: "\n") {
                // `pwrite64(5</path/cache.db-wal>, "…"..., 16408, 32) = 16408`
                guard let open = line.firstIndex(of: "<"), let close = line[open...].firstIndex(of: ">"),
                      cacheFiles.contains(String(line[line.index(after: open)..<close])),
                      let equals = line.range(of: " = ", options: .backwards),
                      let bytes = Int64(line[equals.upperBound...].prefix { $0.isNumber })
                else { continue }
                written += bytes
            }
        }
        return written
    }

    // MARK: - `tidings unread` and search

    /// The `tidings` binary beside this program (`swift build -c release --product tidings`).
    static func tidingsBinary() throws -> URL {
        let url = ReaderBenchmark.executableURL().deletingLastPathComponent().appendingPathComponent("tidings")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw ReaderBenchmark.ChildFailed(output: "no tidings binary at \(url.path): swift build -c release --product tidings")
        }
        return url
    }

    private static func unreadCommandMilliseconds(_ home: Home) throws -> (milliseconds: Double, count: Int) {
        let binary = try tidingsBinary()
        var times: [Double] = []
        var count = -1
        for _ in 0..<8 {
            let clock = ContinuousClock()
            let start = clock.now
            let output = try runProcess(binary, ["-u", home.urls.path, "-c", home.cache, "-C", home.config.path, "unread"])
            times.append(ReaderBenchmark.milliseconds(clock.now - start))
            guard output.status == 0, let printed = Int(output.text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ReaderBenchmark.ChildFailed(output: output.text)
            }
            count = printed
        }
        // The first run only warms the file's pages.
        return (median(Array(times.dropFirst())), count)
    }

    private static func searchMilliseconds(_ home: Home) throws -> (cold: Double, warm: Double, rows: Int) {
        let store = try FeedStore(path: home.cache)
        let query = try SearchQuery("harbour")
        // The results screen's page (`SearchResults.pageSize`).
        let request = ItemPageRequest(limit: 100)
        let clock = ContinuousClock()
        let start = clock.now
        let rows = try store.search(query, request).count
        let cold = ReaderBenchmark.milliseconds(clock.now - start)
        var times: [Double] = []
        for _ in 0..<7 {
            let start = clock.now
            _ = try store.search(query, request)
            times.append(ReaderBenchmark.milliseconds(clock.now - start))
        }
        return (cold, median(times), rows)
    }

    // MARK: - Helpers

    /// Runs `executable` to its end and returns its status, standard output and peak memory.
    static func runProcess(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, text: String, peakKilobytes: Int) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-bench-million-\(getpid()).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try MeasuredRun.run(executable.path, arguments, outputFile: output, keepsStandardError: true)
        return (run.exitStatus, run.output, Int(run.peakMegabytes * 1024))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func megabytes(_ bytes: Int64) -> String { String(format: "%.0f MB", Double(bytes) / 1_000_000) }

    static func report(_ figure: String, _ label: String, target: (text: String, isMet: Bool)?) {
        let verdict = target.map { "  (target \($0.text): \($0.isMet ? "met" : "MISSED"))" } ?? ""
        print("million: \(figure)  \(label)\(verdict)")
    }
}
