import FeedStore

extension Array where Element == ItemRow {
    /// Takes the read and starred marks of `current` (the same articles read again) for the rows
    /// in `range` (all when nil); an article dropped from the cache keeps its row (opening it says
    /// it is gone).
    mutating func takeMarks(of current: [ItemRow], in range: Range<Int>? = nil) {
        let byID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in (range ?? indices).clamped(to: indices) {
            guard let now = byID[self[index].id] else { continue }
            self[index].isRead = now.isRead
            self[index].isStarred = now.isStarred
        }
    }
}
