import TerminalUI

/// A `macro KEY ACTION [ARGUMENTS] ; ACTION …` line of the config: what the key runs after the
/// macro prefix (`,` by default, `macro-prefix`), as newsboat does.
public struct Macro: Sendable, Hashable {
    /// One step: an action name (`open-in-browser`) or `set` with its option and value.
    public struct Step: Sendable, Hashable {
        public var name: String
        public var arguments: [String]
    }

    public var key: Key
    public var steps: [Step]
    /// The text after `--`, for the help.
    public var description: String?

    /// What the macro does, for the help and the prompt after the macro prefix: its description,
    /// or else its steps as written.
    public var summary: String {
        description ?? steps.map { ([$0.name] + $0.arguments.map(NewsboatTokenizer.quoteIfNeeded)).joined(separator: " ") }.joined(separator: "; ")
    }
}
