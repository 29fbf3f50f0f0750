import TerminalUI

/// `macro` and `macro-prefix` lines.
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
        var words = Array(arguments.dropFirst())
        var description: String?
        if let dashes = words.firstIndex(of: "--") {
            description = words[(dashes + 1)...].joined(separator: " ")
            words = Array(words[..<dashes])
        }
        // `a ; b` and `a; b` both separate actions.
        var steps: [[String]] = [[]]
        for word in words {
            let ends = word.hasSuffix(";")
            let text = ends ? String(word.dropLast()) : word
            if !text.isEmpty { steps[steps.count - 1].append(text) }
            if ends { steps.append([]) }
        }
        steps.removeAll { $0.isEmpty }
        guard !steps.isEmpty else { return "macro \(arguments[0]) has no action; ignored" }
        for step in steps where step[0] != "set" {
            guard KeyMap.Context.allCases.contains(where: { Self.command(named: step[0], in: $0) != nil }) else {
                return "macro \(arguments[0]): unknown action \"\(Excerpt(step[0]))\"; the macro is not defined"
            }
        }
        if let set = steps.first(where: { $0[0] == "set" && $0.count < 3 }) {
            return "macro \(arguments[0]): \(set.joined(separator: " ")) needs an option and a value; the macro is not defined"
        }
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
}
