import FeedStore

/// What the screens know of the cache: reads that run off the main thread, and the marks the
/// user has made that the store may not hold yet.
///
/// Every screen draws its rows through ``pendingMarks``, so that `N`, `s` and `A` show at once
/// even while another writer holds the cache, and stay shown while lists are read again before
/// the write has landed.
@MainActor
public final class StoreView {
    let reads: any StoreReading
    /// Marks typed and not yet known to be in what the screens read.
    var pendingMarks = PendingMarks()

    public init(reads: any StoreReading) {
        self.reads = reads
    }

    /// Runs `query` off the main thread and `deliver` with its value on it; a failed read is
    /// delivered as nil (the screen keeps what it shows and the next refresh tries again).
    func read<Value: Sendable>(_ query: @escaping @Sendable (FeedStore) throws -> Value, then deliver: @escaping @MainActor (Value?) -> Void) {
        reads.read(query) { result in deliver(try? result.get()) }
    }
}
