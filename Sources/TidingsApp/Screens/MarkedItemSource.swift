import Configuration
import FeedStore
import TerminalUI

/// A paged list of articles drawn with the marks not yet written (see `PendingMarks`).
@MainActor
struct MarkedItemSource: @MainActor ListDataSource {
    let items: PagedItemSource
    let marks: PendingMarks

    var count: Int { items.count }

    func row(at index: Int) -> ItemRow? {
        items.row(at: index).map { marks.apply(to: $0) }
    }
}
