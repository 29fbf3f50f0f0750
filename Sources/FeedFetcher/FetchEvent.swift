import FeedModel

/// What the pipeline reports about one feed during a reload, on the queue the caller chose.
///
/// Each feed gets `started` then exactly one of the other kinds — except a feed cancelled before
/// its turn came, which gets `cancelled` alone. `completed`/`total` count the feeds of the whole
/// reload, for a progress bar.
public struct FetchEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The download began.
        case started
        /// The feed was downloaded, parsed and stored; `newItems` of its items were not known before.
        case finished(newItems: Int)
        /// The server (or file) said nothing changed; nothing was parsed or written but the check time.
        case notModified
        /// The feed could not be refreshed; it keeps its old items.
        case failed(FetchFailure)
        /// The feed or the whole reload was cancelled; nothing was written for it.
        case cancelled
    }

    /// The feed's location as subscribed. It may hold credentials: display `displayURL`.
    public var url: String
    public var kind: Kind
    /// Feeds of this reload that reached an end (any kind but `started`), this one included.
    public var completed: Int
    /// Feeds in this reload.
    public var total: Int

    public init(url: String, kind: Kind, completed: Int, total: Int) {
        self.url = url
        self.kind = kind
        self.completed = completed
        self.total = total
    }

    /// The location without credentials, fit for a screen or a log.
    public var displayURL: String { CredentialRedaction.redact(url) }
}
