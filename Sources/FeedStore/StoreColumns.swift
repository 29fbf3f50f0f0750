import FeedModel
import Foundation
import GRDB

/// The columns of a table that an upsert writes from `Source`, listed once: the insert, the
/// update and the read of those columns, and their bindings, are all made from the list, so that
/// a new column is one line in it and no statement can bind a value to the wrong position.
///
/// Each column has a name, the value bound from `Source` and, for the columns that hold a field
/// of `Model`, the field its stored value is read back into. See `PreparedFeed.Entry.columns`
/// and `FeedUpdate.columns`.
///
/// ```swift
/// static let columns = StoreColumns<PreparedFeed.Entry, Item>([
///     .init("title", { $0.item.title }, read: \.title),
///     .init("excerpt", { $0.excerpt }),
/// ])
/// let sql = "INSERT INTO item (\(columns.names())) VALUES (\(columns.placeholders))"
/// columns.bind(entry, to: &insert)
/// ```
struct StoreColumns<Source, Model>: Sendable {
    struct Column: Sendable {
        let name: String
        /// What an update sets the column to, `?` standing for the bound value.
        let assignment: String
        fileprivate let bind: @Sendable (Source, inout TypedStatement) -> Void
        /// Nil for a column derived from `Model` rather than holding one of its fields.
        fileprivate let read: (@Sendable (inout Model, Row) -> Void)?

        /// A text column.
        init(_ name: String, assignment: String = "?", _ value: @escaping @Sendable (Source) -> String?) {
            self.init(name, assignment, bind: { $1.bind(value($0)) }, read: nil)
        }

        /// A number column.
        init(_ name: String, assignment: String = "?", _ value: @escaping @Sendable (Source) -> Double?) {
            self.init(name, assignment, bind: { $1.bind(value($0)) }, read: nil)
        }

        /// An integer column.
        init(_ name: String, assignment: String = "?", _ value: @escaping @Sendable (Source) -> Int64?) {
            self.init(name, assignment, bind: { $1.bind(value($0)) }, read: nil)
        }

        /// A text column that holds a field of the model.
        init(
            _ name: String, _ value: @escaping @Sendable (Source) -> String?, read field: WritableKeyPath<Model, String?> & Sendable
        ) {
            self.init(name, "?", bind: { $1.bind(value($0)) }, read: { model, row in model[keyPath: field] = row[name] })
        }

        /// A date field of the model, stored as seconds since 1970 (see `StoredDate`).
        init(
            _ name: String, _ value: @escaping @Sendable (Source) -> Double?, read field: WritableKeyPath<Model, Date?> & Sendable
        ) {
            self.init(
                name, "?", bind: { $1.bind(value($0)) }, read: { model, row in model[keyPath: field] = StoredDate.date(row[name]) })
        }

        /// A field of the model stored as JSON text; a value that does not decode reads as the
        /// model's default.
        init<Value: Decodable & Sendable>(
            _ name: String, json value: @escaping @Sendable (Source) -> String, read field: WritableKeyPath<Model, Value> & Sendable
        ) {
            self.init(name, "?", bind: { $1.bind(value($0)) }, read: { model, row in
                model[keyPath: field] = FeedStore.decodeJSON(Value.self, from: row[name], default: model[keyPath: field])
            })
        }

        private init(
            _ name: String, _ assignment: String, bind: @escaping @Sendable (Source, inout TypedStatement) -> Void,
            read: (@Sendable (inout Model, Row) -> Void)?
        ) {
            self.name = name
            self.assignment = assignment
            self.bind = bind
            self.read = read
        }
    }

    let columns: [Column]

    init(_ columns: [Column]) {
        self.columns = columns
    }

    /// `a, b, c`, each name qualified with `table` when one is given.
    func names(of table: String? = nil) -> String {
        let prefix = table.map { "\($0)." } ?? ""
        return columns.map { prefix + $0.name }.joined(separator: ", ")
    }

    /// `?, ?, ?`: the values of an insert.
    var placeholders: String {
        Array(repeating: "?", count: columns.count).joined(separator: ", ")
    }

    /// `a = ?, b = COALESCE(?, b)`: the assignments of an update.
    var assignments: String {
        columns.map { "\($0.name) = \($0.assignment)" }.joined(separator: ", ")
    }

    /// `a IS NOT ? OR b IS NOT COALESCE(?, b)`: whether an update would change any column, to
    /// bind after the assignments' values (`bind` again).
    var differences: String {
        columns.map { "\($0.name) IS NOT \($0.assignment)" }.joined(separator: " OR ")
    }

    /// Binds every column's value, in the order of the list.
    func bind(_ source: Source, to statement: inout TypedStatement) {
        for column in columns { column.bind(source, &statement) }
    }

    /// Sets the fields of `model` that columns hold from a row that selected `names()`.
    func read(into model: inout Model, from row: Row) {
        for column in columns { column.read?(&model, row) }
    }
}
