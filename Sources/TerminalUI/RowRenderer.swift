/// Draws one row of a list: the cell renderer of a ``ListView``.
///
/// The area is one row high and already blank; the list applies the selection highlight after
/// the renderer has drawn, so renderers draw every row the same way and use `isSelected` only for
/// what a highlight cannot show (such as a marker).
public protocol RowRenderer<Row> {
    associatedtype Row
    func render(_ row: Row, isSelected: Bool, into grid: inout CellGrid, in area: Rect)
}
