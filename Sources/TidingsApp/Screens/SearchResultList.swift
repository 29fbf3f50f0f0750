import Configuration
import FeedStore
import TerminalUI

/// What the results list draws: a snapshot of the rows read so far and the row after them.
struct SearchResultList: ListDataSource {
    var rows: [ItemRow]
    var tail: SearchResultRow?
    /// Marks made and not yet read back from the store, shown at once.
    var marks = PendingMarks()

    var count: Int { rows.count + (tail == nil ? 0 : 1) }

    func row(at index: Int) -> SearchResultRow {
        index < rows.count ? .item(marks.apply(to: rows[index]), index: index) : tail ?? .loading(isFirstPage: false)
    }
}
