import TerminalUI

/// `bind-key KEY ACTION [CONTEXT]`, `unbind-key KEY [CONTEXT]` and `bind KEY CONTEXTS ACTIONS`, in
/// newsboat's syntax, applied in file order onto the default key map.
///
///     bind-key ^R reload-all            # in every screen that can reload
///     bind-key x quit articlelist       # newsboat's quit: back to the feeds
///     unbind-key r feedlist
///     unbind-key -a help                # nothing bound in the help screen (-a: all keys)
///     bind ^D everywhere halfpagedown
///
/// Without a context a binding applies to every screen that offers the action, and `unbind-key`
/// to every screen. Every action and context newsboat has is read: a binding Tidings cannot
/// honour (a podboat key, a digit in the article view, where digits type link numbers) is
/// accepted and changes nothing. Only a mistake — an unknown key, action or context, a missing
/// argument — is a warning.
extension Config {
    /// What the action called `name` does in `context`, newsboat's names included. Newsboat's
    /// `quit` leaves a list or article for the screen below and quits only from the feed list; its
    /// `next` and `prev` move the selection of a list, and go to the next or previous article
    /// from the article view.
    public static func command(named name: String, in context: KeyMap.Context) -> KeyCommand? {
        let isList = context != .article && context != .help
        switch name {
        case "quit": return context == .feedList ? .quit : .back
        case "set-tag": return .selectTag
        case "next": return isList ? .down : .nextArticle
        case "prev": return isList ? .up : .previousArticle
        default: return KeyCommand(name: name)
        }
    }

    /// Whether `name` is an action newsboat or Tidings knows, for `bind-key`, `bind` and macros.
    static func isAction(_ name: String) -> Bool {
        command(named: name, in: .feedList) != nil || podboatActions.contains(name) || name == "macro-prefix"
    }

    /// podboat's actions: its own keys, in the `podboat` context of the file both read.
    static let podboatActions: Set<String> = [
        "pb-cancel", "pb-decreate-max-dls", "pb-delete", "pb-download", "pb-increase-max-dls", "pb-mark-as-finished",
        "pb-play", "pb-purge", "pb-reload", "pb-toggle-download-all",
    ]

    /// newsboat's contexts for screens Tidings does not have: bindings there change nothing.
    static let contextsWithoutScreen: Set<String> = ["dirbrowser", "filebrowser", "filterselection", "podboat"]

    /// Keys the reader handles before any binding: Ctrl-C quits, Ctrl-L redraws, Ctrl-Z suspends.
    static let reservedKeys: Set<Key> = [.control("c"), .control("l"), .control("z")]

    mutating func bindKey(_ arguments: [String]) -> String? {
        guard (2...3).contains(arguments.count) else {
            return "bind-key needs a key and an action, then optionally a context (bind-key ^R reload-all feedlist)"
        }
        let key: Key
        let contexts: [KeyMap.Context]?
        do {
            key = try KeyName.key(for: arguments[0])
            contexts = try Self.contexts(arguments.count == 3 ? arguments[2] : nil)
        } catch {
            return "bind-key: \(error.description); ignored"
        }
        let name = arguments[1]
        guard Self.isAction(name) else {
            return "bind-key: unknown action \"\(Excerpt(name))\"; ignored (the README lists the actions)"
        }
        bind(key, to: name, in: contexts)
        return nil
    }

    /// newsboat's newer `bind KEY CONTEXT[,CONTEXT…]|everywhere ACTION [ARGS] [; ACTION…] [-- "DESCRIPTION"]`.
    /// One key (`x`, `^R`, `<C-r>`) and one action bind as `bind-key` does; a key sequence
    /// (`gg`) or several actions are read and checked, and kept for later.
    mutating func bind(_ arguments: [String]) -> String? {
        guard arguments.count >= 3 else {
            return "bind needs a key, a context (or everywhere) and an action (bind ^R feedlist reload-all)"
        }
        var contexts: [KeyMap.Context] = []
        do {
            for name in arguments[1].split(separator: ",").map(String.init) {
                contexts += try Self.contexts(name == "everywhere" ? "all" : name) ?? []
            }
        } catch {
            return "bind: \(error.description); ignored"
        }
        let (steps, description) = Self.steps(of: Array(arguments.dropFirst(2)))
        if let problem = Self.problem(in: steps, command: "bind \(arguments[0])", result: "ignored") { return problem }
        // A key sequence (`gg`) is kept for later.
        guard let key = try? KeyName.key(for: arguments[0]) else { return nil }
        if steps.count == 1, steps[0].count == 1 {
            bind(key, to: steps[0][0], in: Array(Set(contexts)))
            return nil
        }
        // Several actions, or one with arguments (`set browser …`): run as a macro is.
        guard !Self.reservedKeys.contains(key) else { return nil }
        boundMacros[key] = BoundMacro(
            contexts: Set(contexts),
            macro: Macro(key: key, steps: steps.map { Macro.Step(name: $0[0], arguments: Array($0.dropFirst())) }, description: description))
        return nil
    }

    /// Binds `key` to the action called `name` in `contexts` (nil: wherever it is offered).
    private mutating func bind(_ key: Key, to name: String, in contexts: [KeyMap.Context]?) {
        // A later binding of the key replaces a `bind` line's actions.
        boundMacros[key] = nil
        if name == "macro-prefix" {
            macroPrefixKey = key
            return
        }
        // The reader keeps these keys; the article view reads digits as a link number.
        guard !Self.reservedKeys.contains(key) else { return }
        for context in contexts ?? KeyMap.Context.allCases {
            guard let command = Self.command(named: name, in: context), !(key.isASCIIDigit && context == .article) else { continue }
            if contexts == nil, command.isPerformed, !KeyMap.contexts(offering: command).contains(context) { continue }
            keyMap.bind(key, to: command, in: context)
        }
    }

    mutating func unbindKey(_ arguments: [String]) -> String? {
        guard (1...2).contains(arguments.count) else {
            return "unbind-key needs a key (or -a for all keys), then optionally a context (unbind-key r feedlist)"
        }
        let contexts: [KeyMap.Context]
        do {
            contexts = try Self.contexts(arguments.count == 2 ? arguments[1] : nil) ?? KeyMap.Context.allCases
        } catch {
            return "unbind-key: \(error.description); ignored"
        }
        if arguments[0] == "-a" {
            for key in boundMacros.keys { boundMacros[key]?.contexts.subtract(contexts) }
            for context in contexts {
                for binding in keyMap.bindings(for: context) {
                    for key in binding.keys { keyMap.unbind(key, in: context) }
                }
            }
            return nil
        }
        do {
            let key = try KeyName.key(for: arguments[0])
            guard !Self.reservedKeys.contains(key) else { return nil }
            for context in contexts { keyMap.unbind(key, in: context) }
            boundMacros[key]?.contexts.subtract(contexts)
        } catch {
            return "unbind-key: \(error.description); ignored"
        }
        return nil
    }

    /// The contexts a line names: one, every context for `all`, none for a screen Tidings does
    /// not have; nil when it names none (each action's own contexts).
    private static func contexts(_ name: String?) throws(KeyName.Problem) -> [KeyMap.Context]? {
        guard let name else { return nil }
        if name == "all" { return KeyMap.Context.allCases }
        if contextsWithoutScreen.contains(name) { return [] }
        guard let context = KeyMap.Context(rawValue: name) else {
            let known = (KeyMap.Context.allCases.map(\.rawValue) + contextsWithoutScreen.sorted() + ["all"]).joined(separator: ", ")
            throw KeyName.Problem(description: "unknown context \"\(Excerpt(name))\" (newsboat's are \(known))")
        }
        return [context]
    }

    /// The actions of a macro, `bind` or `run-on-startup` line: `ACTION [ARGS] ; ACTION …`, then
    /// an optional `-- DESCRIPTION`. `a ; b` and `a; b` both separate actions.
    static func steps(of words: [String]) -> (steps: [[String]], description: String?) {
        var words = words
        var description: String?
        if let dashes = words.firstIndex(of: "--") {
            description = words[(dashes + 1)...].joined(separator: " ")
            words = Array(words[..<dashes])
        }
        var steps: [[String]] = [[]]
        for word in words {
            let ends = word.hasSuffix(";")
            let text = ends ? String(word.dropLast()) : word
            if !text.isEmpty { steps[steps.count - 1].append(text) }
            if ends { steps.append([]) }
        }
        return (steps.filter { !$0.isEmpty }, description)
    }

    /// What is wrong with `steps`, if anything: no action, an unknown one, or a `set` without
    /// an option (`set OPTION` alone shows the value when run, as `:set OPTION` does).
    /// `result` says what becomes of the line.
    static func problem(in steps: [[String]], command: String, result: String) -> String? {
        guard !steps.isEmpty else { return "\(command) has no action; \(result)" }
        if let unknown = steps.first(where: { $0[0] != "set" && !isAction($0[0]) }) {
            return "\(command): unknown action \"\(Excerpt(unknown[0]))\"; \(result)"
        }
        if steps.contains(where: { $0 == ["set"] }) {
            return "\(command): set needs an option and a value; \(result)"
        }
        return nil
    }
}

private extension Key {
    var isASCIIDigit: Bool {
        if case .character(let character) = self { return character.isASCII && character.isNumber }
        return false
    }
}
