/// Why the terminal could not be used.
public enum TerminalError: Error, CustomStringConvertible, Sendable {
    /// Standard input or output is not a terminal (the reader was piped or redirected).
    case notATerminal
    /// ncurses could not start, e.g. `TERM` names a terminal with no terminfo entry.
    case cannotStart(String)

    public var description: String {
        switch self {
        case .notATerminal: return "standard input and output must be a terminal"
        case .cannotStart(let reason): return "cannot start the terminal: \(reason)"
        }
    }
}
