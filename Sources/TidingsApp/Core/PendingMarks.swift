import Configuration
import FeedStore

/// The marks made and not yet seen in the store, laid over the rows the screens read.
///
/// Applying them is idempotent: a row is set, never toggled. A count is adjusted from what the
/// screen showed when the mark was made, and only in counts read before the mark was written
/// (the store's generation after the write tells which): a list read again after the write
/// already counts it.
struct PendingMarks: Equatable, Sendable {
    private struct Entry: Equatable, Sendable {
        var number: Int
        var mark: ItemMark
        /// The store's generation once the mark was written; nil while it is not.
        var writtenGeneration: Int64?

        func isCounted(at generation: Int64?) -> Bool {
            guard let writtenGeneration, let generation else { return false }
            return generation >= writtenGeneration
        }
    }

    private var entries: [Entry] = []
    private var lastNumber = 0

    var isEmpty: Bool { entries.isEmpty }

    /// Adds `mark`; returns its number.
    mutating func add(_ mark: ItemMark) -> Int {
        lastNumber += 1
        entries.append(Entry(number: lastNumber, mark: mark))
        return lastNumber
    }

    /// Notes that the marks numbered up to `number` are in the store from `generation` on.
    mutating func written(through number: Int, generation: Int64) {
        for index in entries.indices where entries[index].number <= number && entries[index].writtenGeneration == nil {
            entries[index].writtenGeneration = generation
        }
    }

    /// Forgets the marks numbered up to `number` (the screens have read the store since).
    mutating func remove(through number: Int) {
        entries.removeAll { $0.number <= number && $0.writtenGeneration != nil }
    }

    /// `row` as it will be once the marks are written.
    func apply(to row: ItemRow) -> ItemRow {
        var row = row
        for entry in entries {
            switch entry.mark {
            case .read(let id, _, let isRead, _) where id == row.id: row.isRead = isRead
            case .starred(let id, let isStarred, _) where id == row.id: row.isStarred = isStarred
            case .flags(let id, let others, let isStarred, _) where id == row.id:
                row.flags = others
                row.isStarred = isStarred
            case .feedRead(let feed, _) where feed == row.feedID: row.isRead = true
            case .queryRead(_, _, _, _, let shown) where shown.contains(row.id): row.isRead = true
            case .itemsRead(let items, let isRead) where items[row.id] != nil: row.isRead = isRead
            default: break
            }
        }
        return row
    }

    /// `feed`, read at store generation `generation`, with its unread count as it will be once
    /// the marks are written.
    func apply(to feed: FeedListRow, readAt generation: Int64?) -> FeedListRow {
        apply(to: [feed], readAt: generation)[0]
    }

    /// `feeds`, read at `generation`, with their unread counts as they will be once the marks
    /// are written, in one pass over the marks: the feed list lays its rows over the marks
    /// several times a frame, and during a reload marks wait for the writer while keys keep
    /// coming — a thousand feeds times hundreds of marks, each `itemsRead` counted feed by feed,
    /// took the screen seconds a frame (issue 46's bench).
    func apply(to feeds: [FeedListRow], readAt generation: Int64?) -> [FeedListRow] {
        // Per feed, in the marks' order: whether a mark set its count to zero, and the change
        // after the last such mark.
        var changes: [FeedID: (zeroed: Bool, delta: Int)] = [:]
        for entry in entries where !entry.isCounted(at: generation) {
            switch entry.mark {
            case .read(_, let id, let isRead, let wasRead) where isRead != wasRead:
                changes[id, default: (false, 0)].delta += isRead ? -1 : 1
            case .feedRead(let id, _):
                changes[id] = (true, 0)
            case .itemsRead(let items, let isRead):
                for id in items.values { changes[id, default: (false, 0)].delta += isRead ? -1 : 1 }
            default: break
            }
        }
        guard !changes.isEmpty else { return feeds }
        var feeds = feeds
        for index in feeds.indices {
            guard let change = changes[feeds[index].id] else { continue }
            let unread = (change.zeroed ? 0 : feeds[index].unreadCount) + change.delta
            feeds[index].unreadCount = min(max(0, unread), feeds[index].totalCount)
        }
        return feeds
    }

    /// The starred articles' counts, read at `generation`, as they will be once the marks are
    /// written.
    func apply(to counts: ItemCounts, readAt generation: Int64?) -> ItemCounts {
        var counts = counts
        for entry in entries where !entry.isCounted(at: generation) {
            let isStarred: Bool, wasStarred: Bool
            switch entry.mark {
            case .starred(_, let starred, let was), .flags(_, _, let starred, let was): (isStarred, wasStarred) = (starred, was)
            default: continue
            }
            guard isStarred != wasStarred else { continue }
            counts.total = max(0, counts.total + (isStarred ? 1 : -1))
        }
        counts.unread = min(counts.unread, counts.total)
        return counts
    }
}
