import Configuration
import FeedStore
import TerminalUI

/// The rows of an item list as the list view draws them: each item with its place in the list
/// and what goes under its title — the preview lines when it is expanded, else the excerpt line
/// when `show-excerpts` is on. Built for each frame over the screen's paged items and previews.
struct ItemListRows: ListDataSource {
    /// One row: an item, its 0-based index, and the lines under its title.
    struct Entry {
        var index: Int
        var item: ItemRow
        /// The expanded preview's lines; nil when the item is not expanded.
        var preview: [StyledText]?
        /// Whether an excerpt line goes under the title (when there is no preview).
        var showsExcerpt: Bool

        /// Lines the row takes.
        var height: Int { 1 + (preview?.count ?? (showsExcerpt ? 1 : 0)) }
    }

    let items: PagedItems
    /// Marks made and not yet read back from the store, shown at once.
    let marks: PendingMarks
    let previews: ItemPreviews
    let expanded: Set<ItemID>
    let showsExcerpts: Bool

    var count: Int { items.count }

    func row(at index: Int) -> Entry? {
        guard let item = items.row(at: index).map({ marks.apply(to: $0) }) else { return nil }
        let preview = expanded.contains(item.id) ? previews.lines(for: item.id) : nil
        return Entry(index: index, item: item, preview: preview, showsExcerpt: showsExcerpts)
    }

    /// Lines the row at `index` takes; cheap when no item is expanded.
    func height(at index: Int) -> Int {
        let plain = showsExcerpts ? 2 : 1
        guard !expanded.isEmpty, let item = items.row(at: index), expanded.contains(item.id) else { return plain }
        return 1 + previews.lines(for: item.id).count
    }
}

/// A paged list of articles drawn with the marks not yet written (see `PendingMarks`), each
/// with its place in the list (0-based, for `%i`); nil while its page is read.
struct MarkedItems: ListDataSource {
    typealias Row = (index: Int, item: ItemRow)?

    let items: PagedItems
    let marks: PendingMarks

    var count: Int { items.count }

    func row(at index: Int) -> Row {
        items.row(at: index).map { (index, marks.apply(to: $0)) }
    }
}
