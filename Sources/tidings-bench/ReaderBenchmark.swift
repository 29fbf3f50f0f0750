import FeedModel
import FeedStore
import Foundation
import TerminalUI
import ReaderTesting
import TestSupport
import TidingsApp

/// The reader's figures for `make bench` (issues 5 and 13), all through the whole reader on an
/// in-memory terminal (`HeadlessReader`): the same loop, store reads, writes and frames as on a
/// real terminal, minus ncurses copying the changed cells.
///
/// - start to first frame with a 100 000-item cache (in a fresh process), peak memory;
/// - CPU per keypress on a 10 000-item list;
/// - key → finished frame, p50/p95/max, for moving keys and writing keys, while the reader's own
///   `R` reloads 200 feeds × 100 items cold from a loopback server, and while another process
///   writes the same cache.
enum ReaderBenchmark {
    static let listFeedItems = 10_000
    static let otherFeedItems = 90_000
    static let keypresses = 400

    /// `tidings-bench reader-child PATH`: starts the reader on the cache at PATH as `tidings`
    /// does, prints `frame-ms A content-ms B maxrss-kb M` (first frame; first frame listing the
    /// feeds) and exits.
    static func runChildIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard arguments.count >= 3, arguments[1] == "reader-child" else { return }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let (first, content) = try MainActor.assumeIsolated { () throws -> (Duration, Duration) in
                var firstFrame: Duration?
                let reader = try HeadlessReader(settings: settings(path: arguments[2], feeds: 2), rows: 30, columns: 100)
                firstFrame = clock.now - start
                spin(timeout: 10) { reader.text.contains("Reader bench feed 1") }
                let content = clock.now - start
                precondition(reader.text.contains("Reader bench feed 1"), "the feed list never showed")
                return (firstFrame ?? content, content)
            }
            print(String(format: "frame-ms %.3f content-ms %.3f maxrss-kb %d", milliseconds(first), milliseconds(content), peakResidentKilobytes()))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("reader-child: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() {
        do {
            try MainActor.assumeIsolated { try measure() }
        } catch {
            print("reader benchmark failed: \(error)")
        }
    }

    @MainActor
    private static func measure() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-reader-bench-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.db").path
        do {
            let store = try FeedStore(path: path)
            try store.syncSubscriptions([Subscription(url: feedURL(0)), Subscription(url: feedURL(1))])
            try store.upsert(makeFeed(number: 0, itemCount: listFeedItems), forFeedURL: feedURL(0))
            try store.upsert(makeFeed(number: 1, itemCount: otherFeedItems), forFeedURL: feedURL(1))
        }
        print("reader: cache of \(listFeedItems + otherFeedItems) items in 2 feeds; the whole reader headless, 100×30 cells")

        // Start to first frame, in a fresh process each time (as the reader starts), median of 7.
        var runs: [(process: Double, frame: Double, content: Double, peakKilobytes: Int)] = []
        for _ in 0..<7 { runs.append(try child(path: path)) }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let frame = median(runs.map(\.frame)), content = median(runs.map(\.content))
        report(String(format: "%8.3f ms", frame), "open the cache and draw the first frame (in the process)",
               target: frame <= 50 ? "target ≤ 50 ms: met" : "target ≤ 50 ms: MISSED")
        report(String(format: "%8.3f ms", content), "  … until the frame lists the feeds (read off the main thread)",
               target: content <= 50 ? "target ≤ 50 ms: met" : "target ≤ 50 ms: MISSED")
        report(String(format: "%8.3f ms", median(runs.map(\.process))), "whole process: exec, first frame with the feeds, exit", target: nil)
        let peak = runs.map(\.peakKilobytes).max() ?? 0
        report(String(format: "%8.1f MB", Double(peak) / 1024), "peak memory with the feed list open", target: peak < 60 * 1024 ? "target < 60 MB: met" : "target < 60 MB: MISSED")

        // CPU per keypress on the 10 000-item list: the key, the page reads it causes, the frames.
        let perKey = try keypressSeconds(path: path)
        report(String(format: "%8.3f ms", perKey * 1000), "CPU per keypress on a \(listFeedItems)-item list (key, reads, frames)", target: perKey < 0.002 ? "target < 2 ms: met" : "target < 2 ms: MISSED")
        let withPreviews = try keypressSeconds(path: path, keys: previewKeys)
        report(String(format: "%8.3f ms", withPreviews * 1000), "  the same, Space expanding previews along the way", target: nil)
        let filtering = try keypressSeconds(path: path, keys: filterKeys)
        report(String(format: "%8.3f ms", filtering * 1000), "  CPU per quick-filter keystroke (the list narrowed in SQL + frame)", target: nil)

        // What storing an item costs more for them: its excerpt and folded title (`ListText`).
        let items = makeFeed(number: 0, itemCount: listFeedItems).items
        let before = processorSeconds()
        var kept = 0
        for item in items {
            kept += ListText.excerpt(summary: item.summary, content: item.content)?.utf8.count ?? 0
            kept += item.title.map(ListText.folded)?.utf8.count ?? 0
        }
        let perItem = (processorSeconds() - before) / Double(items.count)
        precondition(kept > 0)
        report(String(format: "%8.3f µs", perItem * 1e6), "excerpt and folded title computed per stored item", target: nil)

        try ReaderLatencyBenchmark(directory: directory).run()
        try ReaderLatencyBenchmark(directory: directory, feedCount: 1000).run()
    }

    /// Movement with Space toggling previews: every preview is rendered once, then cached.
    private static let previewKeys: [Key] = [.down, .character(" "), .down, .character(" "), .pageDown, .character(" "), .up, .end, .character(" "), .home]

    /// `F`, a word typed and erased letter by letter, Enter, Esc: each letter filters 10 000 rows.
    private static let filterKeys: [Key] = [.character("F")] + "article 12".map { Key.character($0) }
        + Array(repeating: Key.backspace, count: 10) + [.enter, .escape]

    /// The reader's settings for a cache at `path` whose urls file lists `feeds` bench feeds.
    static func settings(path: String, feeds: Int, urls: [String]? = nil) -> ReaderSettings {
        let urls = urls ?? (0..<feeds).map(feedURL)
        return ReaderSettings(
            urlsPath: path + ".urls", subscriptions: urls.map { Subscription(url: $0) }, cachePath: path, logPath: path + ".log")
    }

    @MainActor
    private static func keypressSeconds(path: String, keys: [Key] = [.down, .down, .pageDown, .down, .up, .pageDown, .end, .home]) throws -> Double {
        let reader = try HeadlessReader(settings: settings(path: path, feeds: 2), rows: 30, columns: 100)
        spin(timeout: 10) { reader.isIdle && reader.text.contains("Reader bench feed 0") }
        reader.press(.enter)
        spin(timeout: 10) { reader.isIdle && reader.text.contains("Article 9999") }
        let before = processorSeconds()
        for index in 0..<keypresses {
            reader.press(keys[index % keys.count])
            spin(timeout: 10) { reader.isIdle }
        }
        return (processorSeconds() - before) / Double(keypresses)
    }

    private static func child(path: String) throws -> (process: Double, frame: Double, content: Double, peakKilobytes: Int) {
        let process = Process()
        process.executableURL = executableURL()
        process.arguments = ["reader-child", path]
        let output = Pipe()
        process.standardOutput = output
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let whole = milliseconds(clock.now - start)
        let words = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, words.count == 6, let frame = Double(words[1]), let content = Double(words[3]), let peak = Int(words[5]) else {
            throw ChildFailed(output: String(decoding: data, as: UTF8.self))
        }
        return (whole, frame, content, peak)
    }

    /// This program, to start it again as a child.
    static func executableURL() -> URL {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }

    struct ChildFailed: Error { var output: String }

    /// Runs the main queue (where the reader's messages arrive) until `condition` holds or
    /// `timeout` seconds pass.
    @MainActor
    static func spin(timeout: TimeInterval, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.001))
        }
    }

    static func feedURL(_ number: Int) -> String { "https://reader-bench.example/\(number).xml" }

    static func makeFeed(number: Int, itemCount: Int) -> Feed {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let items = (0..<itemCount).map { index in
            Item(id: "urn:reader-bench:\(number):\(index)", title: "Article \(index) of feed \(number): a headline of ordinary length",
                 link: "https://reader-bench.example/\(number)/\(index)", author: index % 3 == 0 ? "Author \(index % 17)" : nil,
                 published: start.addingTimeInterval(Double(index) * 60),
                 summary: "<p>Summary of article \(index), with <b>some</b> markup and a <a href=\"https://e.example/\(index)\">link</a>.</p>")
        }
        return Feed(format: .rss20, title: "Reader bench feed \(number)", items: items)
    }

    static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// `VmHWM` of /proc/self/status: the peak of this process image. (`ru_maxrss` would not do:
    /// Linux carries it across `execve`, so the child would report the parent's peak.)
    static func peakResidentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return -1 }
        return Int(line.split(whereSeparator: \.isWhitespace)[1]) ?? -1
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func report(_ figure: String, _ label: String, target: String?) {
        print("reader: \(figure)  \(label)\(target.map { "  (\($0))" } ?? "")")
    }
}
