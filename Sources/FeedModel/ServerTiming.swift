/// What a server said, in the headers of its answer, about when to ask it again: how long the
/// document stays fresh (`Cache-Control: max-age`, else `Expires`), and how long to wait before
/// the next request (`Retry-After`, with a 429 or a 503).
///
/// Durations are counted from when the answer arrived, so that whoever records them reads them
/// against its own clock: a date the server wrote (`Expires`, `Retry-After: <date>`) is taken
/// relative to the server's own `Date` header when it sent one, so a server whose clock is off
/// still means what it says.
public struct ServerTiming: Sendable, Hashable {
    /// Seconds the document stays fresh; nil when the server said nothing (or `no-cache`).
    public var freshFor: Double?
    /// Seconds to wait before asking again (`Retry-After`); nil when the server did not ask.
    public var retryAfter: Double?
    /// True when the wait is the whole host's (a 429 Too Many Requests: the server is tired of
    /// this client, not of one feed), false when it is the feed's alone (a 503).
    public var isHostWide: Bool

    public init(freshFor: Double? = nil, retryAfter: Double? = nil, isHostWide: Bool = false) {
        self.freshFor = freshFor
        self.retryAfter = retryAfter
        self.isHostWide = isHostWide
    }

    /// True when the server said nothing about time.
    public var isEmpty: Bool { freshFor == nil && retryAfter == nil }
}
