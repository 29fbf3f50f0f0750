/// Draws one row of a list: the cell renderer of a ``ListView``.
///
/// The area is one row high and already blank; the list applies the selection highlight after
/// the renderer has drawn, so renderers draw every row the same way and use `isSelected` only for
/// what a highlight cannot show (such as a marker).
public protocol RowRenderer<Row> {
    associatedtype Row
    func render(_ row: Row, isSelected: Bool, into grid: inout CellGrid, in area: Rect)
    /// How the list highlights `row` when it is selected, drawn over what ``render(_:isSelected:into:in:)``
    /// drew (see ``Style/overlaid(with:)``); nil (the default) for the list's own highlight.
    func selectionStyle(for row: Row) -> Style?
}

extension RowRenderer {
    public func selectionStyle(for row: Row) -> Style? { nil }
}
