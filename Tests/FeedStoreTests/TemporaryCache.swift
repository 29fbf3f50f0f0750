import FeedModel
import FeedStore
import Foundation

/// A fresh directory under the system temp dir, removed when the value goes away.
final class TemporaryCache {
    let directory: URL
    var path: String { directory.appendingPathComponent("cache.db").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("FeedStoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Opens the cache and subscribes it to `urls` in order.
    func open(subscribing urls: [String] = []) throws -> FeedStore {
        let store = try FeedStore(path: path)
        if !urls.isEmpty { try store.syncSubscriptions(urls.map { Subscription(url: $0) }) }
        return store
    }
}

/// Test data builders.
enum Sample {
    static let base = Date(timeIntervalSince1970: 1_750_000_000)

    static func date(hours: Double) -> Date { base.addingTimeInterval(hours * 3600) }

    /// An item with a guid, dated `hours` after the base date.
    static func item(_ guid: String, hours: Double, title: String? = nil, summary: String? = nil) -> Item {
        Item(id: guid, title: title ?? "Title \(guid)", link: "https://example.org/\(guid)",
             published: date(hours: hours), summary: summary ?? "<p>Summary of \(guid)</p>")
    }

    static func feed(_ items: [Item], title: String = "Example feed") -> Feed {
        Feed(format: .rss20, title: title, link: "https://example.org/", items: items)
    }
}
