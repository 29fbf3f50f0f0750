import FeedStore

/// How screens read the cache: the query runs away from the main thread and its result comes
/// back on it, through the reader's one entry point, after which the screen is drawn again.
///
/// The reader's implementation is the `EffectRunner` (one serial queue of reads, which SQLite's
/// WAL mode never makes wait for a writer). Tests of single screens read synchronously.
@MainActor
public protocol StoreReading: AnyObject {
    /// Runs `query` on the store off the main thread, then `deliver` on the main thread.
    func read<Value: Sendable>(
        _ query: @escaping @Sendable (FeedStore) throws -> Value,
        then deliver: @escaping @MainActor (Result<Value, any Error>) -> Void)
}
