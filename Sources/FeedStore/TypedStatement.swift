import GRDB

#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// A prepared statement whose values are bound one by one through SQLite's C API, for the
/// statements the upsert runs once per item.
///
/// GRDB's `StatementArguments` box every value in an existential, turn it into a
/// `DatabaseValue`, check the count and bind through nested closures: for the item insert that
/// cost about as much as SQLite's own work. Here the statements are fixed and every value's type
/// is known, so values go straight to `sqlite3_bind_*`. Errors are GRDB's `DatabaseError`, as
/// from any other statement. Only for statements run inside a transaction GRDB opened.
///
/// ```swift
/// var insert = TypedStatement(try db.cachedStatement(sql: "INSERT INTO t (a, b) VALUES (?, ?)"))
/// insert.bind(text)
/// insert.bind(date)
/// try insert.run()
/// ```
struct TypedStatement {
    private let statement: Statement
    /// The 1-based index of the next value to bind.
    private var index: CInt = 1

    /// SQLite copies the text during the call, so the Swift string need not outlive it.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    init(_ statement: Statement) {
        self.statement = statement
        // A statement GRDB ran last is left after its last step, where binding is refused.
        sqlite3_reset(statement.sqliteStatement)
    }

    mutating func bind(_ text: String?) {
        guard var text else { return bindNull() }
        let code = text.withUTF8 { bytes in
            // An empty buffer may have no address, which SQLite would take for NULL.
            bytes.withMemoryRebound(to: CChar.self) { characters in
                sqlite3_bind_text(
                    statement.sqliteStatement, index, characters.baseAddress ?? Self.emptyText,
                    CInt(characters.count), Self.transient)
            }
        }
        check(code)
    }

    mutating func bind(_ number: Double?) {
        guard let number else { return bindNull() }
        check(sqlite3_bind_double(statement.sqliteStatement, index, number))
    }

    mutating func bind(_ integer: Int64) {
        check(sqlite3_bind_int64(statement.sqliteStatement, index, integer))
    }

    mutating func bind(_ integer: Int64?) {
        guard let integer else { return bindNull() }
        bind(integer)
    }

    private mutating func bindNull() {
        check(sqlite3_bind_null(statement.sqliteStatement, index))
    }

    /// A C string constant of length zero.
    private static var emptyText: UnsafePointer<CChar> {
        UnsafeRawPointer(("" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// Binding fails only on a wrong index or a misused statement: a programming error here.
    private mutating func check(_ code: CInt) {
        precondition(code == SQLITE_OK, "sqlite3_bind failed (\(code)) at \(index) in \(statement.sql)")
        index += 1
    }

    /// Runs the statement to its end with the values bound since the last run.
    mutating func run() throws {
        let sqliteStatement = statement.sqliteStatement
        precondition(index == sqlite3_bind_parameter_count(sqliteStatement) + 1, "not every value is bound: \(statement.sql)")
        defer {
            // Ready for the next values; the copies of this run's text are freed.
            sqlite3_reset(sqliteStatement)
            sqlite3_clear_bindings(sqliteStatement)
            index = 1
        }
        while true {
            switch sqlite3_step(sqliteStatement) {
            case SQLITE_ROW:
                continue
            case SQLITE_DONE:
                return
            case let code:
                let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(sqliteStatement)))
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
            }
        }
    }
}
