/// A list held in memory, for short lists and tests.
public struct ArrayDataSource<Row>: ListDataSource {
    public var rows: [Row]

    public init(_ rows: [Row]) {
        self.rows = rows
    }

    public var count: Int { rows.count }

    public func row(at index: Int) -> Row { rows[index] }
}
