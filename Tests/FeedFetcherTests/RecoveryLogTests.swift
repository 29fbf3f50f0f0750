import FeedFetcher
import Foundation
import Logging
import Testing

/// What the parser repairs in a fetched feed reaches the log, with the feed and the byte offset.
@Suite struct RecoveryLogTests {
    /// Keeps every message logged through it.
    final class CapturingLogHandler: LogHandler, @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        var messages: [String] { lock.withLock { lines } }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String, line: UInt) {
            let feed = metadata?["feed"].map { " [\($0)]" } ?? ""
            lock.withLock { lines.append("\(level): \(message)\(feed)") }
        }
    }

    @Test func aControlCharacterInCDATAIsLoggedWithItsFeedAndOffset() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-recovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let prefix = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title><item><title>One</title></item><item><description><![CDATA[a"
        let document = prefix + "\u{1B}b]]></description><title>Two</title></item></channel></rss>"
        let file = directory.appendingPathComponent("feed.xml")
        try Data(document.utf8).write(to: file)

        let handler = CapturingLogHandler()
        let cache = InMemoryFeedCache()
        let fetcher = FeedFetcher(cache: cache, logger: Logger(label: "tests.recovery") { _ in handler })
        let summary = fetcher.reload([file.absoluteString], on: DispatchQueue(label: "tests.recovery")).wait(timeout: 30)
        #expect(summary?.updated == 1)
        #expect(cache.feed(for: file.absoluteString)?.items.map(\.title) == ["One", "Two"])
        let recovered = handler.messages.filter { $0.contains("recovered:") }
        #expect(recovered == ["notice: recovered: dropped control character U+001B at byte \(prefix.utf8.count) [\(file.absoluteString)]"])
    }
}
