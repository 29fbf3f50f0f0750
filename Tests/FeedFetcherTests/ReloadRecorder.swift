import FeedFetcher
import Foundation

/// Runs a reload to its end and keeps its events, for assertions.
final class ReloadRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [FetchEvent] = []
    let queue = DispatchQueue(label: "tests.fetch.events")

    var events: [FetchEvent] { lock.withLock { recorded } }

    func record(_ event: FetchEvent) { lock.withLock { recorded.append(event) } }

    /// The final kind for each URL (the last event that is not `started`).
    func outcome(for url: String) -> FetchEvent.Kind? {
        events.last { $0.url == url && $0.kind != .started }?.kind
    }

    /// Starts a reload and returns it without waiting.
    func start(_ urls: [String], cache: any FeedCache, options: FetchOptions) -> Reload {
        start(requests: urls.map { FetchRequest(url: $0) }, cache: cache, options: options)
    }

    /// The same for requests (each perhaps with its own settings).
    func start(requests: [FetchRequest], cache: any FeedCache, options: FetchOptions) -> Reload {
        FeedFetcher(cache: cache, options: options).reload(requests, on: queue) { [self] event in record(event) }
    }

    /// Reloads `requests` and waits for the summary, as `run` does.
    func run(requests: [FetchRequest], cache: any FeedCache, options: FetchOptions = FetchOptions(), limit: TimeInterval = 30)
        -> ReloadSummary?
    {
        start(requests: requests, cache: cache, options: options).wait(timeout: limit)
    }

    /// Reloads and waits for the summary (at most `limit` seconds: a hung reload fails the test
    /// instead of hanging it).
    func run(_ urls: [String], cache: any FeedCache, options: FetchOptions = FetchOptions(), limit: TimeInterval = 30)
        -> ReloadSummary?
    {
        start(urls, cache: cache, options: options).wait(timeout: limit)
    }
}

enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
}
