import FeedStore

/// A read of the cache the reader asks the runner for (``ReaderEffect/store(_:)``): a typed
/// query and where its answer goes, compared as values in tests.
///
/// The query's type is hidden here so that every read travels as one kind of effect; the
/// answer's type is not lost — the query makes its own message (see `StoreQuery`).
struct StoreRead: Equatable, Sendable, CustomStringConvertible {
    /// Which of the runner's queues the read takes.
    enum Lane: Equatable, Sendable {
        /// What the screens show: read again whenever the store changes.
        case screen
        /// What a key asked for (the article Enter opens): never behind the screens' refreshes.
        case key
        /// After the writes asked for before it (the feeds to reload must include those the urls
        /// file has just brought into the cache).
        case afterWrites
    }

    let lane: Lane
    private let read: any QueryWithRoute

    init<Query: StoreQuery>(_ query: Query, route: Query.Route, lane: Lane = .screen) {
        self.lane = lane
        read = Routed(query: query, route: route)
    }

    /// Reads from `store` and makes the message that brings the answer back; off the main thread.
    func message(from store: FeedStore) -> ReaderMessage {
        read.message(from: store)
    }

    /// The query, when it is of type `Query` (for tests and for the runner's own bookkeeping).
    func query<Query: StoreQuery>(as type: Query.Type) -> Query? {
        (read as? Routed<Query>)?.query
    }

    var description: String { "\(read)" }

    static func == (left: StoreRead, right: StoreRead) -> Bool {
        left.lane == right.lane && left.read.isEqual(to: right.read)
    }
}

/// A query with its route, its type known.
private protocol QueryWithRoute: Sendable, CustomStringConvertible {
    func message(from store: FeedStore) -> ReaderMessage
    func isEqual(to other: any QueryWithRoute) -> Bool
}

private struct Routed<Query: StoreQuery>: QueryWithRoute {
    var query: Query
    var route: Query.Route

    func message(from store: FeedStore) -> ReaderMessage {
        Query.message(Result { try query.answer(from: store) }.mapError(StoreFailure.init), route: route)
    }

    func isEqual(to other: any QueryWithRoute) -> Bool {
        guard let other = other as? Routed<Query> else { return false }
        return other.query == query && other.route == route
    }

    var description: String { "\(query) → \(route)" }
}
