import TerminalUI

/// `macro`, `macro-prefix` and `run-on-startup` lines.
extension Config {
    /// `macro KEY ACTION [ARGUMENTS] ; ACTION … [-- "DESCRIPTION"]`: each action is one the keys
    /// can be bound to, or `set OPTION VALUE`. A macro with an unknown action is not defined.
    mutating func macro(_ arguments: [String]) -> String? {
        guard arguments.count >= 2 else { return "macro needs a key and at least one action" }
        let key: Key
        do {
            key = try KeyName.key(for: arguments[0])
        } catch {
            return "macro: \(error.description); ignored"
        }
        let (steps, description) = Self.steps(of: Array(arguments.dropFirst()))
        if let problem = Self.problem(in: steps, command: "macro \(arguments[0])", result: "the macro is not defined") { return problem }
        macros[key] = Macro(key: key, steps: steps.map { Macro.Step(name: $0[0], arguments: Array($0.dropFirst())) },
                            description: description)
        return nil
    }

    mutating func macroPrefix(_ arguments: [String]) -> String? {
        guard arguments.count == 1 else { return "macro-prefix takes one key" }
        do {
            macroPrefixKey = try KeyName.key(for: arguments[0])
        } catch {
            return "macro-prefix: \(error.description); default kept"
        }
        return nil
    }

    /// `run-on-startup ACTION [ARGUMENTS] ; ACTION …`: checked as a macro's actions are, and kept
    /// in `startupActions` for the reader.
    mutating func runOnStartup(_ arguments: [String]) -> String? {
        let (steps, _) = Self.steps(of: arguments)
        if let problem = Self.problem(in: steps, command: "run-on-startup", result: "ignored") { return problem }
        startupActions = steps.map { Macro.Step(name: $0[0], arguments: Array($0.dropFirst())) }
        return nil
    }
}
