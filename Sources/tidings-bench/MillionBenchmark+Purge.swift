import FeedStore
import Foundation

/// `tidings-bench million purge`: what newsboat's purges do to the million-article cache, on a copy
/// of it — `keep-articles-days 365` and `max-items 250` as `tidings reload` applies them after a
/// reload (`BatchReload.applyRetention`), then `tidings -X` — and whether the file stays within
/// 2.5 × the feeds' bytes.
extension MillionBenchmark {
    static let keptDays = 365
    static let maxItems = 250

    static func measurePurge(feedCount: Int, itemsPerFeed: Int) throws {
        let original = Home(feedCount: feedCount, itemsPerFeed: itemsPerFeed)
        let feedBytes = try buildIfMissing(original, feedCount: feedCount, itemsPerFeed: itemsPerFeed)
        let home = Home(directory: original.directory.appendingPathComponent("purge", isDirectory: true))
        try? FileManager.default.removeItem(at: home.directory)
        try FileManager.default.createDirectory(at: home.directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home.directory) }
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: original.cache + suffix) {
            try FileManager.default.copyItem(atPath: original.cache + suffix, toPath: home.cache + suffix)
        }
        for file in [\Home.urls, \Home.config] { try FileManager.default.copyItem(at: original[keyPath: file], to: home[keyPath: file]) }
        print("million purge: a copy of the cache of \(feedCount * itemsPerFeed) articles, \(megabytes(fileBytes(home)))")

        // In a process of its own, as `tidings reload` applies them: its memory is its own, and this
        // one stays small (Linux carries a parent's peak memory into the children it starts).
        let purge = try runProcess(ReaderBenchmark.executableURL(), ["million-purge-child", home.cache])
        let words = purge.text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard purge.status == 0, words.count == 7 else { throw ReaderBenchmark.ChildFailed(output: purge.text) }
        let (old, oldMilliseconds, oldPeak, beyond, beyondMilliseconds, kept, peak) = (words[0], words[1], words[2], words[3], words[4], words[5], words[6])
        report(String(format: "%8.1f s ", Double(oldMilliseconds) / 1000),
               "keep-articles-days \(keptDays): \(old) articles deleted (peak memory \(oldPeak / 1024) MB)", target: nil)
        report(String(format: "%8.1f s ", Double(beyondMilliseconds) / 1000),
               "max-items \(maxItems): \(beyond) more deleted, read ones only (peak memory \(peak / 1024) MB)", target: nil)
        let keptFeedBytes = Int64(Double(feedBytes) * Double(kept) / Double(feedCount * itemsPerFeed))
        report(String(format: "%8.2f × ", Double(fileBytes(home)) / Double(feedBytes)),
               "file (\(megabytes(fileBytes(home)))) against the feeds' bytes, before -X", target: nil)

        let clock = ContinuousClock()
        let start = clock.now
        let vacuum = try runProcess(try tidingsBinary(), ["-u", home.urls.path, "-c", home.cache, "-C", home.config.path, "-X"])
        guard vacuum.status == 0 else { throw ReaderBenchmark.ChildFailed(output: vacuum.text) }
        report(String(format: "%8.1f s ", ReaderBenchmark.milliseconds(clock.now - start) / 1000),
               "tidings -X (peak memory \(vacuum.peakKilobytes / 1024) MB)", target: nil)
        // The feeds still carry every article: the cache keeps the purged ones' keys (tombstones),
        // so that a reload does not bring them back.
        let ratio = Double(fileBytes(home)) / Double(feedBytes)
        report(String(format: "%8.2f × ", ratio), "file (\(megabytes(fileBytes(home)))) against the feeds' bytes, after -X",
               target: ("≤ 2.5 ×", ratio <= 2.5))
        report(String(format: "%8.2f × ", Double(fileBytes(home)) / Double(keptFeedBytes)),
               "  against the \(kept) kept articles' share of them (the tombstones' keys and titles beside them)", target: nil)
    }

    /// `tidings-bench million-purge-child CACHE`: applies `keep-articles-days` and `max-items` to
    /// the million-article cache at CACHE as `tidings reload` does after a reload, then prints
    /// how many articles each deleted, in how many milliseconds and the process's peak memory in
    /// KB after it, and how many are kept.
    static func runPurgeChildIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count == 3, arguments[1] == "million-purge-child" else { return }
        do {
            let store = try FeedStore(path: arguments[2])
            // A day after the newest article (see `rss(feed:itemCount:)`).
            let now = Date(timeIntervalSince1970: 1_796_000_000 + 86_400)
            let clock = ContinuousClock()
            var start = clock.now
            let old = try store.deleteArticles(olderThanDays: keptDays, now: now)
            let oldTime = clock.now - start
            let oldPeak = ReaderBenchmark.peakResidentKilobytes()
            start = clock.now
            let beyond = try store.applyRetention(defaultMaxItems: maxItems)
            let beyondTime = clock.now - start
            store.checkpoint()
            let kept = try store.feedList().reduce(0) { $0 + $1.totalCount }
            print(old, Int(ReaderBenchmark.milliseconds(oldTime)), oldPeak, beyond, Int(ReaderBenchmark.milliseconds(beyondTime)), kept,
                  ReaderBenchmark.peakResidentKilobytes())
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("million-purge-child: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The cache file and its log.
    private static func fileBytes(_ home: Home) -> Int64 {
        FeedStore.fileSize(home.cache) + FeedStore.fileSize(home.cache + "-wal")
    }
}
