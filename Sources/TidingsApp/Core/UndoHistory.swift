import FeedStore

/// The changes keys made to articles in this session — read, starred, flags, deleted — newest
/// last, each with what takes it back (`undo`, `U`). The last ``limit`` are kept.
///
/// A change to one article is known when it is made. One to many (`A`, `C`, a query feed's `A`,
/// `delete-all-articles`) is known once the cache has written it: the articles it changed come
/// back with the write (``takeWritten(through:_:)``, ``takeDeleted(_:)``), and until then the change
/// cannot be undone yet.
struct UndoHistory: Sendable {
    /// What takes one change back.
    enum Step: Hashable, Sendable {
        case mark(ItemMark)
        /// Lists again these articles deleted by the user.
        case restore([ItemID])
    }

    struct Change: Sendable {
        /// What the change did, for "Undid: …" (`marked 37 articles of LWN read`); `%n` stands
        /// for the number of articles, known once written.
        var description: String
        var steps: [Step]
        /// The numbers of the marks whose written articles make the steps (read again as unread).
        var awaitedMarks: Set<Int> = []
        /// Whether the steps are the articles a deletion deletes, once it reports them.
        var awaitsDeletion = false
        var count = 0

        var isKnown: Bool { awaitedMarks.isEmpty && !awaitsDeletion }

        /// The description with the number of articles filled in.
        var text: String {
            description.replacingOccurrences(of: "%n", with: count == 1 ? "1 article" : "\(count) articles")
        }
    }

    /// How many changes are kept.
    static let limit = 100

    private(set) var changes: [Change] = []

    mutating func record(_ change: Change) {
        changes.append(change)
        if changes.count > Self.limit { changes.removeFirst(changes.count - Self.limit) }
    }

    /// The marks numbered up to `number` are written; `written` are the articles those of many
    /// made read, by number: what their undo makes unread.
    mutating func takeWritten(through number: Int, _ written: [Int: [ItemID: FeedID]]) {
        for index in changes.indices {
            for mark in changes[index].awaitedMarks where mark <= number {
                changes[index].awaitedMarks.remove(mark)
                guard let items = written[mark], !items.isEmpty else { continue }
                changes[index].count += items.count
                changes[index].steps.append(.mark(.itemsRead(items, isRead: false)))
            }
        }
    }

    /// The articles the oldest deletion still waiting for them deleted.
    mutating func takeDeleted(_ deleted: [ItemID]) {
        guard let index = changes.firstIndex(where: \.awaitsDeletion) else { return }
        changes[index].awaitsDeletion = false
        changes[index].count = deleted.count
        if !deleted.isEmpty { changes[index].steps.append(.restore(deleted)) }
    }

    /// Takes the newest change off the history; nil when there is none.
    mutating func takeLast() -> Change? {
        changes.popLast()
    }

    /// Puts back a change taken off too early (not written yet).
    mutating func putBack(_ change: Change) {
        changes.append(change)
    }
}
