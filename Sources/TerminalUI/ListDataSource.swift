/// The rows of a list, fetched one at a time.
///
/// ``ListView`` asks only for the rows it shows, so a source can page them from a database and
/// a list of 100 000 rows costs no more to draw than a list of ten.
public protocol ListDataSource<Row> {
    associatedtype Row
    /// Number of rows in the list.
    var count: Int { get }
    /// The row at `index`, where `0 <= index < count`.
    func row(at index: Int) -> Row
}
