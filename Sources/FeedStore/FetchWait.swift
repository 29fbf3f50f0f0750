import Foundation

/// When a feed may be fetched again, and why not before (the feed-health screen's "next" column).
public struct FetchWait: Sendable, Hashable {
    public var until: Date
    public var reason: Reason

    public init(until: Date, reason: Reason) {
        self.until = until
        self.reason = reason
    }

    /// What set the time; the raw value is how the feed list and `tidings feeds` say it.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The feed's `reload-time` since its last fetch.
        case reloadTime = "reload-time"
        /// The feed's own `<ttl>` or `sy:updatePeriod`/`sy:updateFrequency`.
        case feedTTL = "ttl"
        /// The server's `Cache-Control: max-age` or `Expires`.
        case serverCache = "cache-control"
        /// The server's `Retry-After` (a 429 for the whole host, a 503 for the feed): the one
        /// wait a manual reload keeps too.
        case retryAfter = "retry-after"
        /// The feed keeps failing: the wait since its last try doubles with each failure.
        case backOff = "back-off"
    }
}
