import FeedStore

/// A read of the cache, as a value that names its answer: the runner answers it off the main
/// thread (``answer(from:)``) and hands the typed answer to ``message(_:route:)``, which makes
/// the one message that carries it back. A reply of another type than the query's cannot be
/// written: the compiler checks `Answer` on both sides.
///
///     struct TagSummariesQuery: StoreQuery {
///         func answer(from store: FeedStore) throws -> [TagSummary] { try store.tagSummaries() }
///         static func message(_ result: StoreResult<[TagSummary]>, route: ScreenTicket) -> ReaderMessage {
///             .tagsRead(route, result)
///         }
///     }
protocol StoreQuery: Equatable, Sendable {
    associatedtype Answer: Sendable
    /// Who takes the answer: a screen and its request's number, or what a key asked for.
    associatedtype Route: Equatable, Sendable

    /// Reads the answer; runs off the main thread, never in `update`.
    func answer(from store: FeedStore) throws -> Answer

    /// The message that brings `result` back to the reader.
    static func message(_ result: StoreResult<Answer>, route: Route) -> ReaderMessage
}

/// A read's answer, or why the cache could not give it (one line).
typealias StoreResult<Answer> = Result<Answer, StoreFailure>

/// Why a read of the cache failed.
struct StoreFailure: Error, Equatable, Sendable, CustomStringConvertible {
    var description: String

    init(_ error: any Error) {
        description = "\(error)"
    }

    init(description: String) {
        self.description = description
    }
}

/// Which screen asked for a read, and its request's number: an answer to a screen that has
/// gone, or overtaken by a newer request of its screen, is dropped.
struct ScreenTicket: Hashable, Sendable {
    var screen: ScreenID
    var request: Int
}
