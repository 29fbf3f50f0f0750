import Configuration
import FeedFetcher
import FeedStore
import Foundation
import TerminalUI

/// Draws one row of search results: an article as every list of several feeds draws it (see
/// `CrossFeedRowRenderer`: the feed in a column at the right, `articlelist-format` with `%T`
/// the feed when set), or where the results are still being read.
///
/// ```
/// N 2026-11-20  Kernel release notes  — Ann Author                LWN.net
///   2025-03-02  Async all the way down                            Swift on Linux
///   loading more…
/// ```
struct SearchResultRowRenderer: RowRenderer {
    let articles: CrossFeedRowRenderer
    let theme: Theme

    init(_ context: ScreenContext) {
        articles = CrossFeedRowRenderer(items: ItemRowRenderer(context, showsFeedTitle: true))
        theme = context.theme
    }

    func render(_ row: SearchResultRow, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        switch row {
        case .loading(let isFirstPage):
            grid.put(isFirstPage ? "  Searching…" : "  loading more…", row: area.row, column: area.column, style: .dim, limit: area.right)
        case .failed(let message):
            grid.put("  Cannot read more results: \(message) (Enter tries again)", row: area.row, column: area.column,
                     style: theme.listFailed, limit: area.right)
        case .item(let item, let index):
            articles.render((index, item), isSelected: isSelected, into: &grid, in: area)
        }
    }

    func selectionStyle(for row: SearchResultRow) -> Style? {
        if case .item(let item, let index) = row { return articles.selectionStyle(for: (index, item)) }
        return theme.listFocus
    }
}
