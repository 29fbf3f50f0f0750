import FeedStore
import Foundation

/// What the screens know of the cache: the reads they have asked for, the marks the user has
/// made that the store may not hold yet, and the reader's clock.
///
/// A screen asks with a ``StoreQuery`` value and says what to do with the answer; the reader
/// takes the waiting reads (``takeReads()``) as `.load` effects after each message and each
/// frame, and hands each answer back (``deliver(_:_:)``) when its message arrives. So no screen
/// touches SQLite or the runner, and a test sees every read as a value.
///
/// Every screen draws its rows through ``pendingMarks``, so that `N`, `s` and `A` show at once
/// even while another writer holds the cache, and stay shown while lists are read again before
/// the write has landed.
@MainActor
public final class StoreView {
    /// Marks typed and not yet known to be in what the screens read.
    var pendingMarks = PendingMarks()
    /// The time of the message being handled: one moment for `age` in filters, given to the
    /// reader as data rather than read from the system clock.
    var now: Date
    /// Answers reads at once instead of queuing them (tests of a single screen).
    private let answerAtOnce: ((StoreQuery) -> Result<StoreAnswer, any Error>)?
    private var waiting: [StoreRead] = []
    private var handlers: [Int: @MainActor (Result<StoreAnswer, any Error>) -> Void] = [:]
    private var lastNumber = 0

    /// - Parameter answerAtOnce: answers each read as it is asked (a test of one screen reading
    ///   a real store); nil in the reader, whose runner answers them off the main thread.
    init(now: Date = Date(timeIntervalSince1970: 0), answerAtOnce: ((StoreQuery) -> Result<StoreAnswer, any Error>)? = nil) {
        self.now = now
        self.answerAtOnce = answerAtOnce
    }

    /// Asks for `query`; `deliver` gets the answer on the main actor, or nil when the read failed
    /// (the screen keeps what it shows and the next refresh tries again).
    func read(_ query: StoreQuery, then deliver: @escaping @MainActor (StoreAnswer?) -> Void) {
        read(query, thenResult: { deliver(try? $0.get()) })
    }

    /// Asks for `query`; `deliver` gets the answer or the error on the main actor.
    func read(_ query: StoreQuery, thenResult deliver: @escaping @MainActor (Result<StoreAnswer, any Error>) -> Void) {
        if let answerAtOnce {
            deliver(answerAtOnce(query))
            return
        }
        lastNumber += 1
        handlers[lastNumber] = deliver
        waiting.append(StoreRead(query: query, reply: .screen(lastNumber)))
    }

    /// The reads asked for since the last call, in order.
    func takeReads() -> [StoreRead] {
        defer { waiting = [] }
        return waiting
    }

    /// Hands the answer of read `number` to the screen that asked.
    func deliver(_ number: Int, _ result: Result<StoreAnswer, any Error>) {
        handlers.removeValue(forKey: number)?(result)
    }
}
