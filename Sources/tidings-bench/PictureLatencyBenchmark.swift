import Configuration
import FeedModel
import FeedStore
import Foundation
import ImageRendering
import ReaderTesting
import TerminalUI
import TestSupport
import TidingsApp

/// Key → finished frame in an article while its pictures load (issue 33): an article with 24
/// pictures of 1600 × 1200 pixels served on loopback (50 ms per request), opened in the headless
/// reader (100 × 30, cells of 10 × 20 pixels); `j`/`k` every 20 ms from the moment it opens, each
/// timed from when it was due to when its frame is drawn, while the pictures are downloaded,
/// decoded, scaled and encoded in the background and the text makes room for each as it comes.
/// The same keys with `image-protocol none` (nothing loads) are the baseline of the same run.
@MainActor
struct PictureLatencyBenchmark {
    static let pictureCount = 24
    static let keyCount = 150
    static let interval = Duration.milliseconds(20)

    static func run() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-bench-pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try PictureLatencyBenchmark(directory: directory).measure()
        } catch {
            print("pictures: failed: \(error)")
        }
    }

    let directory: URL

    private func measure() throws {
        let served = directory.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        for number in 0..<Self.pictureCount {
            try Data(Self.gradient(width: 1600, height: 1200, seed: number)).write(to: served.appendingPathComponent("\(number).png"))
        }
        let server = try LoopbackServer(routes: [:], delay: 0.05, directory: served.path, lifetime: 600)
        defer { server.stop() }
        let html = (0..<Self.pictureCount).map { number in
            "<p>Paragraph \(number) before a picture, long enough to wrap on a narrow screen and be read.</p>"
                + "<p><img src=\"\(server.url("/\(number).png"))\" alt=\"picture \(number)\"></p>"
        }.joined()
        print("pictures: key → finished frame in an article of \(Self.pictureCount) pictures of 1600×1200 while they load, keys every \(Self.interval) (headless reader, 100×30; p50 / p95 / max)")
        for choice in [ImageProtocolChoice.none, .kitty, .sixel, .blocks] {
            let (latencies, arrived) = try keys(in: html, imageProtocol: choice)
            let sorted = latencies.sorted()
            func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))] }
            print(String(format: "pictures: %6.2f / %6.2f / %6.2f ms  j/k, image-protocol %@ (%d of %d pictures drawn while the %d keys were timed)",
                         percentile(0.5), percentile(0.95), sorted.last ?? .nan, choice.rawValue, arrived, Self.pictureCount, sorted.count))
        }
    }

    /// Times `keyCount` keys in the article with `imageProtocol`; also how many pictures were
    /// drawn by the last key.
    private func keys(in html: String, imageProtocol: ImageProtocolChoice) throws -> (latencies: [Double], arrived: Int) {
        let home = directory.appendingPathComponent(imageProtocol.rawValue)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let path = home.appendingPathComponent("cache.db").path
        let url = "https://pictures-bench.example/feed.xml"
        let store = try FeedStore(path: path)
        try store.syncSubscriptions([Subscription(url: url)])
        let item = Item(id: "urn:pictures", title: "Pictures", link: "https://pictures-bench.example/1",
                        published: Date(timeIntervalSince1970: 1_700_000_000), content: html)
        try store.upsert(Feed(format: .rss20, title: "Pictures bench", items: [item]), forFeedURL: url)
        var settings = ReaderBenchmark.settings(path: path, feeds: 0, urls: [url])
        settings.config[\.imageProtocol] = imageProtocol
        let reader = try HeadlessReader(settings: settings, rows: 30, columns: 100)
        ReaderBenchmark.spin(timeout: 10) { reader.isIdle && reader.text.contains("Pictures bench") }
        reader.press(.enter)
        ReaderBenchmark.spin(timeout: 10) { reader.isIdle && reader.text.contains("Pictures") }
        reader.press(.enter)
        ReaderBenchmark.spin(timeout: 10) { reader.text.contains("Title: Pictures") }
        let clock = ContinuousClock()
        var due = clock.now
        var latencies: [Double] = []
        for index in 0..<Self.keyCount {
            due += Self.interval
            while clock.now < due { _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.001)) }
            let frames = reader.terminal.frameCount
            reader.press(.character(index % 4 < 2 ? "j" : "k"))
            ReaderBenchmark.spin(timeout: 2) { reader.terminal.frameCount > frames }
            latencies.append(ReaderBenchmark.milliseconds(clock.now - due))
        }
        let arrived = reader.runtime.picturesDrawnOnTop
        ReaderBenchmark.spin(timeout: 60) { reader.isIdle }
        return (latencies, arrived)
    }

    /// A picture that compresses like a photo's smooth areas but differs per `seed`.
    static func gradient(width: Int, height: Int, seed: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                pixels[offset] = UInt8(truncatingIfNeeded: x / 7 + seed * 10)
                pixels[offset + 1] = UInt8(truncatingIfNeeded: y / 5)
                pixels[offset + 2] = UInt8(truncatingIfNeeded: (x + y) / 11)
            }
        }
        return DecodedImage(width: width, height: height, rgba: pixels).pngBytes() ?? []
    }
}
