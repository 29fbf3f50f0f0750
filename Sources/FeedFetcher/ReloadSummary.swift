/// How a reload went, counted per feed.
public struct ReloadSummary: Sendable, Hashable {
    /// One feed that could not be refreshed, and why.
    public struct Failure: Sendable, Hashable {
        /// The location as subscribed (may hold credentials: display `CredentialRedaction.redact(url)`).
        public var url: String
        public var reason: FetchFailure

        public init(url: String, reason: FetchFailure) {
            self.url = url
            self.reason = reason
        }
    }

    public var total = 0
    /// Downloaded, parsed and stored.
    public var updated = 0
    public var notModified = 0
    public var failed = 0
    public var cancelled = 0
    /// Items stored for the first time, over all feeds.
    public var newItems = 0
    /// The failures, in the order they happened.
    public var failures: [Failure] = []

    public init() {}

    /// Feeds that were refreshed without error (updated or not modified).
    public var succeeded: Int { updated + notModified }

    mutating func count(_ kind: FetchEvent.Kind, for url: String) {
        switch kind {
        case .started: break
        case .finished(let newItems):
            updated += 1
            self.newItems += newItems
        case .notModified: notModified += 1
        case .failed(let reason):
            failed += 1
            failures.append(Failure(url: url, reason: reason))
        case .cancelled: cancelled += 1
        }
    }
}
