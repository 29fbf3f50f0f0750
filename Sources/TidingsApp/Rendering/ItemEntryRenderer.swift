import TerminalUI

/// Draws a whole item-list row: the item's line (see ``ItemRowRenderer``), then its preview
/// when it is expanded, or a dim one-line excerpt of its text with `show-excerpts`.
///
/// ```
/// N 2026-11-20  Release notes for 2.0
///   The new version reloads feeds twice as fast and…
/// ```
struct ItemEntryRenderer: RowRenderer {
    let line: ItemRowRenderer

    /// The highlight of a selected row's first line: the theme's `listfocus_unread` for an
    /// unread item, `listfocus` otherwise.
    func selectionStyle(for entry: ItemListRows.Entry?) -> Style? {
        entry?.item.isRead == false ? line.theme.listFocusUnread : line.theme.listFocus
    }

    func render(_ entry: ItemListRows.Entry?, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        guard let entry, !area.isEmpty else { return }
        line.render(entry.item, index: entry.index, into: &grid, in: area.topRows(1))
        if let preview = entry.preview {
            for (offset, text) in preview.enumerated() where offset + 1 < area.height {
                grid.put(text.truncated(toWidth: area.width), row: area.row + offset + 1, column: area.column, limit: area.right)
            }
        } else if entry.showsExcerpt, area.height > 1, let excerpt = entry.item.excerpt {
            let indent = ItemPreviews.indent
            let text = DisplayWidth.truncate(excerpt, toWidth: max(0, area.width - indent))
            grid.put(text, row: area.row + 1, column: area.column + indent, style: .dim, limit: area.right)
        }
    }
}
