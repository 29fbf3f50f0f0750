import FeedFetcher

/// A feed server and the login used on it, as `urls-source` ("fever", "freshrss", "greader"…) configures them.
///
/// `identity` names the account in the cache (never the password): a cache synced with another
/// server or login forgets the old server ids instead of mixing them up.
public struct SyncAccount: Sendable, CustomStringConvertible {
    public let source: any SyncSource
    /// The server's address and the login, e.g. `fever https://rss.example.org/fever/ me@example.org`.
    public let identity: String

    public init(source: any SyncSource, identity: String) {
        self.source = source
        self.identity = identity
    }

    public var description: String { "\(source)" }
}
