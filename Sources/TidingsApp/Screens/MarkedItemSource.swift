import Configuration
import FeedStore
import TerminalUI

/// A paged list of articles drawn with the marks not yet written (see `PendingMarks`), each
/// with its place in the list (0-based, for `%i`); nil while its page is read.
@MainActor
struct MarkedItemSource: @MainActor ListDataSource {
    typealias Row = (index: Int, item: ItemRow)?

    let items: PagedItemSource
    let marks: PendingMarks

    var count: Int { items.count }

    func row(at index: Int) -> Row {
        items.row(at: index).map { (index, marks.apply(to: $0)) }
    }
}
