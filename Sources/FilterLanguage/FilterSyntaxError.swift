/// Why a filter expression was refused: one line, with the column (1-based, in characters) where
/// the problem starts.
///
///     column 9: expected an operator (=, !=, =~, !~, #, !#, <, >, <=, >=, between) after "title"
public struct FilterSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var column: Int
    public var message: String

    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    public var description: String { "column \(column): \(message)" }
}
