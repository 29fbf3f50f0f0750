import FeedModel

/// The marks made here that a feed server does not have yet, oldest first, as the cache's
/// durable queue holds them (`FeedStore.queuedSyncChanges`).
public struct QueuedSyncChanges: Sendable, Equatable {
    /// The changes, in the order they were made.
    public var changes: [SyncChange]
    /// The queue number of the last one (0 when there is none): pass it to
    /// `FeedStore.dropSyncChanges(through:)` or `SyncBatch.sentThrough` once they are sent.
    public var through: Int64

    public init(changes: [SyncChange] = [], through: Int64 = 0) {
        self.changes = changes
        self.through = through
    }

    public var isEmpty: Bool { changes.isEmpty }
}
