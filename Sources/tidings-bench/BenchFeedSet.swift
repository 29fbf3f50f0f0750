import Foundation

/// The feeds a reload benchmark serves: `count` RSS files of `itemsPerFeed` generated items in
/// `folder`, each beside its gzipped copy (served to clients that accept gzip, as nginx's
/// `gzip_static` does), unless `TIDINGS_BENCH_PLAIN` is set.
///
/// Each feed's generator makes five items more than it holds: the first version holds the
/// older ones, and `writeDailyVersion()` the newer ones, as a day later — five new items on top,
/// the five oldest gone, so every feed changes.
struct BenchFeedSet {
    static let newItemsPerDay = 5

    let folder: URL
    let count: Int
    let itemsPerFeed: Int
    let compresses = ProcessInfo.processInfo.environment["TIDINGS_BENCH_PLAIN"] == nil
    /// Bytes of the feeds as written last (uncompressed).
    private(set) var totalBytes = 0

    init(folder: URL, count: Int, itemsPerFeed: Int) throws {
        self.folder = folder
        self.count = count
        self.itemsPerFeed = itemsPerFeed
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(daily: false)
    }

    /// Replaces every feed with its version of a day later.
    mutating func writeDailyVersion() throws { try write(daily: true) }

    func file(_ number: Int) -> URL { folder.appendingPathComponent("\(number).xml") }

    private mutating func write(daily: Bool) throws {
        totalBytes = 0
        for number in 0..<count {
            var generator = RSSGenerator(seed: UInt64(number + 1))
            // Newest first, as feeds list them: the day's new items are the generator's first.
            let items = (0..<(itemsPerFeed + Self.newItemsPerDay)).map { _ in generator.nextItem() }
            let held = daily ? items.prefix(itemsPerFeed) : items.suffix(itemsPerFeed)
            let text = RSSGenerator.header + held.joined() + RSSGenerator.footer
            totalBytes += text.utf8.count
            try Data(text.utf8).write(to: file(number))
        }
        guard compresses else { return }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["sh", "-c", "gzip -k -f -6 \"$0\"/*.xml", folder.path]
        try gzip.run()
        gzip.waitUntilExit()
    }
}
