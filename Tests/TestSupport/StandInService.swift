import Foundation

/// A stand-in of one service (`GoogleReaderStandIn`, `NextcloudNewsStandIn`, `NewsBlurStandIn`,
/// `FeedbinStandIn`): its `StandInServer`, and what every test does with it, the same for each.
public protocol StandInService: AnyObject {
    var server: StandInServer { get }
}

extension StandInService {
    /// Serves the feed files the stand-in subscribes to.
    public var feeds: LoopbackServer { server.feeds }
    /// The port it answers on while it runs.
    public var port: Int { server.port }

    /// Writes (or rewrites) feed files, for `refresh()` to find.
    public func write(_ files: [String: String]) throws { try server.write(files) }
    /// Fetches every feed again, as the server does on its schedule: new articles in the feed
    /// files arrive.
    public func refresh() throws { try server.run(["--refresh"]) }
    /// Every request it answered, `METHOD PATH?QUERY` (and ` -> N articles`), oldest first.
    public func requestLog() -> [String] { server.requestLog() }
    public func start(port: Int = 0) throws { try server.start(port: port) }
    public func restart() throws { try server.restart() }
    public func stop() { server.stop() }

    /// Stops it from a task of the global executor: a test on the main actor must not wait there
    /// for a process to end (the main queue serves other tests' timers and processes).
    public func stopOffMain() async {
        await Task.detached { [server] in server.stop() }.value
    }
}
