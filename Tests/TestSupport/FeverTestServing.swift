import Foundation

/// A real Fever API server on loopback for the Fever tests: coldsweat (`FeverTestServer`).
public protocol FeverTestServing: AnyObject, Sendable {
    /// The Fever endpoint, as a user would configure it.
    var feverEndpoint: URL { get }
    var feverLogin: String { get }
    var feverPassword: String { get }
    /// The port the Fever server answers on while it runs.
    var port: Int { get }
    /// Subscribes to the feeds of another OPML document (`FEEDS` is the feed server) and
    /// fetches them.
    func importSubscriptions(_ opml: String, files: [String: String]) throws
    /// Starts serving (again) on a free port, or on `port`.
    func start(port: Int) throws
    /// Starts serving again on the port it served on before.
    func restart() throws
    func stop()
}

extension FeverTestServer: FeverTestServing {
    public var feverEndpoint: URL { endpoint }
    public var feverLogin: String { FeverTestServer.email }
    public var feverPassword: String { FeverTestServer.password }
}
