import Dispatch
import Foundation

/// Stores the feeds of reloads from one queue of its own, several feeds per transaction.
///
/// A cold reload parses its feeds in parallel but stores them through SQLite's single writer,
/// which makes the writer the reload's critical path. Two things keep it short:
/// - **Priority.** The writes run on a `userInitiated` queue, which libdispatch on Linux runs at
///   nice 0, while feed jobs run at `background` QoS (nice 10): when every core is busy
///   parsing, the writer still gets most of one. Before, each job wrote on its own thread and
///   its writes shared the cores evenly with a dozen parses.
/// - **Group commit.** Feeds that finish while a transaction runs are stored together in the
///   next one (`FeedStore.upsert(_:)`, at most `batchLimit`): fewer commits write the item
///   indexes' shared pages to the WAL once, not once per feed.
///
/// Callers block until their own feed is stored and get its own result. Keep one writer per
/// store and process.
public final class FeedWriter: @unchecked Sendable {
    /// A feed waiting for the writer, and what became of it.
    private final class Ticket: @unchecked Sendable {
        let update: FeedUpdate
        var result: Result<Int, any Error>?
        let stored = DispatchSemaphore(value: 0)

        init(_ update: FeedUpdate) { self.update = update }
    }

    /// Enough to share a commit among the feeds that finish during one, small enough that the
    /// first of them shows up in the reader without waiting for the rest.
    static let batchLimit = 16

    private let store: FeedStore
    private let queue = DispatchQueue(label: "tidings.store.feed-writer", qos: .userInitiated)
    private let lock = NSLock()
    private var waiting: [Ticket] = []
    private var isWriting = false
    private var busy = Duration.zero

    public init(store: FeedStore) {
        self.store = store
    }

    /// Stores the feed (as `FeedStore.upsert` of a reload) and returns how many of its items are
    /// new. Blocks until it is stored.
    public func store(_ update: FeedUpdate) throws -> Int {
        let ticket = Ticket(update)
        let startsWriting = lock.withLock { () -> Bool in
            waiting.append(ticket)
            if isWriting { return false }
            isWriting = true
            return true
        }
        if startsWriting { queue.async { self.writeWaitingFeeds() } }
        ticket.stored.wait()
        return try ticket.result!.get()
    }

    /// How long the writer has spent in transactions so far (the "serial store time" of
    /// `tidings-bench reload`).
    public var busyTime: Duration { lock.withLock { busy } }

    private func writeWaitingFeeds() {
        let clock = ContinuousClock()
        while true {
            let batch = lock.withLock { () -> [Ticket] in
                let batch = Array(waiting.prefix(Self.batchLimit))
                waiting.removeFirst(batch.count)
                if batch.isEmpty { isWriting = false }
                return batch
            }
            if batch.isEmpty { return }
            let start = clock.now
            let results = store.upsert(batch.map(\.update))
            let elapsed = clock.now - start
            lock.withLock { busy += elapsed }
            for (ticket, result) in zip(batch, results) {
                ticket.result = result
                ticket.stored.signal()
            }
        }
    }
}
