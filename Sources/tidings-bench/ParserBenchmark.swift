import CRawSAX
import FeedModel
import FeedParser
import Foundation

/// Throughput of the feed parser against raw libxml2 (SAX2 push, empty callbacks) on a generated
/// ~50 MB RSS 2.0 feed and on many small feeds, the share of the text helpers, and peak memory.
enum ParserBenchmark {
    static let chunkSize = 64 << 10
    /// The generated feeds' own URL: their items link to relative images, resolved against it as
    /// they would be in real use.
    static let feedURL = URL(string: "https://bench.example/feed.xml")!

    static func run(_ arguments: [String]) {
        print("== parser: FeedParser vs raw libxml2 SAX2 push (\(chunkSize >> 10) KiB chunks, best of 5 alternating runs)")
        let big = RSSGenerator.feed(bytes: 50 << 20, seed: 1)
        let mb = Double(big.count) / 1_048_576
        var items = 0
        let (raw, ours) = bestInterleaved(
            { big.withUnsafeBytes { _ = tidings_raw_sax_parse($0.baseAddress, $0.count, chunkSize) } },
            { items = parse(big).items.count })
        print(String(format: "large feed %.1f MB, %d items", mb, items))
        print(String(format: "  raw libxml2   %7.1f MB/s", mb / raw))
        print(String(format: "  FeedParser    %7.1f MB/s", mb / ours))
        print(String(format: "  ratio         %7.1f %%", 100 * raw / ours))

        let small = (0..<400).map { RSSGenerator.feed(bytes: 40 << 10, seed: UInt64($0 + 2)) }
        let smallMB = Double(small.reduce(0) { $0 + $1.count }) / 1_048_576
        let (smallRaw, smallOurs) = bestInterleaved(
            { for feed in small { feed.withUnsafeBytes { _ = tidings_raw_sax_parse($0.baseAddress, $0.count, chunkSize) } } },
            { for feed in small { _ = parse(feed) } })
        print(String(format: "small feeds %d × ~40 KB (%.1f MB)", small.count, smallMB))
        print(String(format: "  raw libxml2   %7.1f MB/s", smallMB / smallRaw))
        print(String(format: "  FeedParser    %7.1f MB/s", smallMB / smallOurs))
        print(String(format: "  ratio         %7.1f %%", 100 * smallRaw / smallOurs))

        // The text helpers on the same work per item: one description sanitised, one link resolved,
        // one title made plain text, against the feed's URL as the parser does. What remains is
        // the XML engine's own cost.
        let descriptions = RSSGenerator.descriptions(count: 20_000, seed: 9)
        let links = (0..<20_000).map { "https://bench.example/posts/\($0)" }
        let titles = (0..<20_000).map { "Title number \($0) &amp; caf&eacute; \n  words" }
        let sanitise = best { for html in descriptions { _ = HTMLSanitizer.sanitize(html, baseURL: feedURL) } } / 20_000
        let resolve = best { for link in links { _ = URLResolver.resolve(link, against: feedURL) } } / 20_000
        let plain = best { for title in titles { _ = PlainText.fromHTML(title) } } / 20_000
        let helpers = (sanitise + resolve + plain) * Double(items)
        print(String(format: "  per item: HTMLSanitizer %.1f µs, URLResolver %.1f µs, PlainText %.1f µs = ~%.0f %% of FeedParser's time",
                     sanitise * 1e6, resolve * 1e6, plain * 1e6, 100 * helpers / ours))
        print(String(format: "  FeedParser without the text helpers ~%.1f MB/s, ratio ~%.1f %%",
                     mb / (ours - helpers), 100 * raw / (ours - helpers)))

        print("peak memory (RSS, fresh process, feed streamed in chunks, never held whole)")
        for megabytes in [5, 50] {
            print("  " + memoryProbe(megabytes: megabytes))
        }
    }

    /// Internal entry points the benchmark runs in a fresh process.
    static func subcommand(_ name: String) -> (([String]) -> Void)? {
        switch name {
        case "parser-memory": return { measureMemory($0) }
        case "parser-profile": return { profile($0) }
        case "parser-profile-raw": return { profileRaw($0) }
        case "parser-feed": return { writeFeed($0) }
        default: return nil
        }
    }

    /// `tidings-bench parser-profile [FILE | MEGABYTES]`: parses FILE (or a generated feed of
    /// MEGABYTES, 50 by default) ten times and nothing else, for `perf record` or callgrind.
    private static func profile(_ arguments: [String]) {
        let megabytes = arguments.first.flatMap { Int($0) } ?? 50
        let feed = arguments.first.flatMap { FileManager.default.contents(atPath: $0) }
            ?? RSSGenerator.feed(bytes: megabytes << 20, seed: 1)
        var items = 0
        for _ in 0..<10 { items += parse(feed).items.count }
        print("parsed \(items) items")
    }

    /// `tidings-bench parser-profile-raw [FILE | MEGABYTES]`: the same feed through raw libxml2
    /// ten times, for comparing instruction counts with `parser-profile`.
    private static func profileRaw(_ arguments: [String]) {
        let megabytes = arguments.first.flatMap { Int($0) } ?? 50
        let feed = arguments.first.flatMap { FileManager.default.contents(atPath: $0) }
            ?? RSSGenerator.feed(bytes: megabytes << 20, seed: 1)
        var elements = 0
        for _ in 0..<10 {
            elements += feed.withUnsafeBytes { tidings_raw_sax_parse($0.baseAddress, $0.count, chunkSize) }
        }
        print("parsed \(elements) elements")
    }

    /// `tidings-bench parser-feed MEGABYTES FILE`: writes the generated feed to FILE, so that
    /// `tidings parse` can be profiled on it (under callgrind, where generating it would be
    /// counted too) and its output compared between builds.
    private static func writeFeed(_ arguments: [String]) {
        guard arguments.count == 2, let megabytes = Int(arguments[0]) else {
            fatalError("usage: tidings-bench parser-feed MEGABYTES FILE")
        }
        let feed = RSSGenerator.feed(bytes: megabytes << 20, seed: 1)
        guard FileManager.default.createFile(atPath: arguments[1], contents: feed) else {
            fatalError("cannot write \(arguments[1])")
        }
    }

    private static func parse(_ data: Data) -> Feed {
        let parser = FeedParser(url: feedURL)
        do {
            var offset = 0
            while offset < data.count {
                let end = min(offset + chunkSize, data.count)
                // As the fetcher hands chunks over: as `Data`.
                try parser.append(data[offset..<end])
                offset = end
            }
            return try parser.finish()
        } catch {
            fatalError("benchmark feed rejected: \(error)")
        }
    }

    /// The fastest of five runs of each, alternating, so that load from other processes on a shared
    /// machine weighs on both sides of the ratio alike.
    private static func bestInterleaved(_ first: () -> Void, _ second: () -> Void) -> (Double, Double) {
        var fastest = (Double.infinity, Double.infinity)
        for _ in 0..<5 {
            fastest.0 = min(fastest.0, best(runs: 1, first))
            fastest.1 = min(fastest.1, best(runs: 1, second))
        }
        return fastest
    }

    private static func best(runs: Int = 3, _ body: () -> Void) -> Double {
        var fastest = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return fastest
    }

    private static func memoryProbe(megabytes: Int) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["parser-memory", String(megabytes)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return "cannot start probe: \(error)" }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Streams a generated feed of the given size through the parser, generating each chunk on the
    /// fly, and reports the peak resident set size next to the size of the items kept.
    private static func measureMemory(_ arguments: [String]) {
        let megabytes = Int(arguments.first ?? "") ?? 5
        let baseline = peakResidentKiB()
        let parser = FeedParser(url: feedURL)
        var generator = RSSGenerator(seed: 3)
        var produced = 0
        do {
            try parser.append(Data(RSSGenerator.header.utf8))
            while produced < megabytes << 20 {
                var chunk = ""
                while chunk.utf8.count < chunkSize { chunk += generator.nextItem() }
                produced += chunk.utf8.count
                try parser.append(Data(chunk.utf8))
            }
            try parser.append(Data(RSSGenerator.footer.utf8))
            let feed = try parser.finish()
            let kept = feed.items.reduce(0) { total, item in
                total + [item.title, item.link, item.summary, item.content, item.id, item.author]
                    .reduce(0) { $0 + ($1?.utf8.count ?? 0) }
            }
            let peak = peakResidentKiB()
            print(String(format: "%3d MB feed: peak RSS %.1f MB (%.1f MB before parsing), items kept %d holding %.1f MB of text, growth beyond items %.1f MB",
                         megabytes, Double(peak) / 1024, Double(baseline) / 1024, feed.items.count,
                         Double(kept) / 1_048_576, Double(peak - baseline) / 1024 - Double(kept) / 1_048_576))
        } catch {
            print("probe failed: \(error)")
        }
    }

    /// The process's peak resident set (`VmHWM`), which, unlike `getrusage`, is not inherited
    /// from the parent process across fork and exec.
    private static func peakResidentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? 0
        }
        return 0
    }
}
