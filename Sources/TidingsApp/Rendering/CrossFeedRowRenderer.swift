import Configuration
import FeedFetcher
import FeedStore
import TerminalUI

/// Draws one row of a list that mixes feeds (Starred, a query feed, search results): the row an
/// item list draws, and the article's feed in a column at the right.
///
/// ```
/// N 2026-11-20  Release notes for 2.0  — Ann Author        Example feed
/// ```
/// With `articlelist-format` set, the format lays the row out, `%T` being the article's feed.
struct CrossFeedRowRenderer: RowRenderer {
    var items: ItemRowRenderer

    func render(_ entry: MarkedItems.Row, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        guard let (index, row) = entry else { return }
        if items.format != nil {
            items.render(row, index: index, into: &grid, in: area)
            return
        }
        let feedWidth = min(24, area.width / 4)
        guard feedWidth >= 4 else {
            items.render(row, isSelected: isSelected, into: &grid, in: area)
            return
        }
        var itemArea = area
        itemArea.width = area.width - feedWidth - 2
        items.render(row, isSelected: isSelected, into: &grid, in: itemArea)
        let feed = DisplayWidth.truncate(row.feedName.text, toWidth: feedWidth)
        grid.put(feed, row: area.row, column: area.right - feedWidth, style: .dim, limit: area.right)
    }

    func selectionStyle(for entry: MarkedItems.Row) -> Style? {
        items.selectionStyle(for: entry?.item)
    }
}
