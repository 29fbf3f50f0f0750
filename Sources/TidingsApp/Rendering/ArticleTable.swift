import Configuration
import TerminalUI

/// A table of the article view: cells of one line each, laid out in columns aligned by display
/// width when the table fits the view, and row by row when it does not.
///
/// A table too wide for the view shows each row as a block of lines, one per cell, each cell
/// labelled with its column's header when the table has a header row:
///
///     Name   Age          Name: Alice
///     Alice  31     or    Age: 31
///                         (blank line)
///                         Name: Bob …
public struct ArticleTable: Hashable, Sendable {
    public struct Cell: Hashable, Sendable {
        public var text: StyledText
        public var isHeader: Bool
    }

    /// The table's `caption`, shown above it.
    public var caption = StyledText()
    public var rows: [[Cell]] = []
    /// Columns of indentation (the quote or list the table is in).
    public var indent = 0

    /// Columns between two cells of a row.
    static let gap = 2
    /// Columns of a header shown as a label in the row-by-row layout, at most.
    static let labelWidth = 20

    /// The first row, when all its cells are headers.
    private var header: [Cell]? {
        guard let first = rows.first, !first.isEmpty, first.allSatisfy(\.isHeader) else { return nil }
        return first
    }

    func lines(width: Int) -> [TextView.Line] {
        let columns = columnWidths(limit: width)
        let total = indent + columns.reduce(0, +) + Self.gap * max(0, columns.count - 1)
        let captionLines = caption.isEmpty ? [] : [TextView.Line(StyledText(String(repeating: " ", count: indent)) + caption, continuationIndent: indent)]
        return captionLines + (total <= width ? aligned(columns) : rowByRow())
    }

    /// Each column's width: its widest cell, measured no further than `limit`.
    private func columnWidths(limit: Int) -> [Int] {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                if index == widths.count { widths.append(0) }
                widths[index] = max(widths[index], DisplayWidth.of(cell.text.plainText, limit: limit))
            }
        }
        return widths
    }

    private func aligned(_ columns: [Int]) -> [TextView.Line] {
        let margin = String(repeating: " ", count: indent)
        var lines: [TextView.Line] = []
        for (rowIndex, row) in rows.enumerated() {
            var line = StyledText(margin)
            for (index, cell) in row.enumerated() {
                line.append(cell.text)
                // Padding only between cells: the last cell of a row needs none.
                if index < row.count - 1 {
                    line.append(String(repeating: " ", count: columns[index] - DisplayWidth.of(cell.text.plainText) + Self.gap))
                }
            }
            lines.append(TextView.Line(line, continuationIndent: indent))
            if rowIndex == 0 && header != nil {
                let rule = columns.reduce(0, +) + Self.gap * max(0, columns.count - 1)
                lines.append(TextView.Line(StyledText(margin) + StyledText(String(repeating: "─", count: rule), style: .dim)))
            }
        }
        return lines
    }

    private func rowByRow() -> [TextView.Line] {
        let margin = String(repeating: " ", count: indent)
        let labels = rows.count > 1 ? header.map { $0.map { $0.text.plainText } } : nil
        var lines: [TextView.Line] = []
        for row in rows.dropFirst(labels == nil ? 0 : 1) {
            if !lines.isEmpty { lines.append(TextView.Line("")) }
            for (index, cell) in row.enumerated() where !cell.text.isEmpty {
                var line = StyledText(margin)
                if let labels, index < labels.count, !labels[index].isEmpty {
                    line.append(DisplayWidth.truncate(labels[index], toWidth: Self.labelWidth) + ": ", style: .bold)
                }
                line.append(cell.text)
                lines.append(TextView.Line(line, continuationIndent: indent + 2))
            }
        }
        return lines
    }
}
