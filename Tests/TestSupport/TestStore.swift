import FeedModel
import FeedStore
import Foundation

/// A real SQLite cache in a fresh temporary directory, removed when the value goes away.
public final class TestStore {
    public let directory: URL
    public let store: FeedStore

    public init(subscriptions: [Subscription], busyTimeout: TimeInterval = FeedStore.defaultBusyTimeout) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("TidingsAppTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try FeedStore(path: directory.appendingPathComponent("cache.db").path, busyTimeout: busyTimeout)
        try store.syncSubscriptions(subscriptions)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    public static let baseDate = Date(timeIntervalSince1970: 1_763_700_000) // 2025-11-21 04:40 UTC

    /// Stores `count` items in the feed at `url`, item `n` dated `n` hours after the base date.
    public func addItems(_ count: Int, to url: String, title: String? = nil, makeTitle: (Int) -> String = { "Item \($0)" }) throws {
        let items = (0..<count).map { index in
            Item(id: "\(url)#\(index)", title: makeTitle(index), link: "https://example.org/\(index)",
                 author: index % 2 == 0 ? "Ann" : nil, published: Self.baseDate.addingTimeInterval(Double(index) * 3600),
                 summary: "<p>Body of item \(index)</p>")
        }
        try store.upsert(Feed(format: .rss20, title: title, link: "https://example.org/", items: items), forFeedURL: url)
    }
}
