import TerminalUI

/// `bind-key KEY ACTION [CONTEXT]` and `unbind-key KEY [CONTEXT]`, in newsboat's syntax, applied in
/// file order onto the default key map.
///
///     bind-key ^R reload-all            # in every screen that can reload
///     bind-key x quit articlelist       # newsboat's quit: back to the feeds
///     unbind-key r feedlist
///     unbind-key -a help                # nothing bound in the help screen (-a: all keys)
///
/// Without a context a binding applies to every screen that offers the action, and `unbind-key`
/// to every screen. A line that cannot be applied changes nothing and becomes a warning.
extension Config {
    /// What the action called `name` does in `context`, newsboat's names included. Newsboat's
    /// `quit` leaves a list or article for the screen below and quits only from the feed list; its
    /// `next` and `prev` move the selection of a list (Tidings has no next-article command).
    public static func command(named name: String, in context: KeyMap.Context) -> KeyCommand? {
        let isList = context == .feedList || context == .itemList || context == .tagList || context == .urlView
        switch name {
        case "quit": return context == .feedList ? .quit : .back
        case "set-tag": return .selectTag
        case "next": return isList ? .down : nil
        case "prev": return isList ? .up : nil
        default: return KeyCommand(name: name)
        }
    }

    /// Keys the reader handles before any binding: Ctrl-C quits, Ctrl-L redraws, Ctrl-Z suspends.
    static let reservedKeys: [Key: String] = [
        .control("c"): "Ctrl-C always quits",
        .control("l"): "Ctrl-L always redraws the screen",
        .control("z"): "Ctrl-Z always suspends the reader",
    ]

    mutating func bindKey(_ arguments: [String]) -> String? {
        guard (2...3).contains(arguments.count) else {
            return "bind-key needs a key and an action, then optionally a context (bind-key ^R reload-all feedlist)"
        }
        let key: Key
        let contexts: [KeyMap.Context]
        do {
            key = try Self.bindableKey(arguments[0])
            contexts = try Self.contexts(arguments.count == 3 ? arguments[2] : nil)
        } catch {
            return "bind-key: \(error.description); ignored"
        }
        let name = arguments[1]
        guard KeyMap.Context.allCases.contains(where: { Self.command(named: name, in: $0) != nil }) else {
            return "bind-key: unknown action \"\(Excerpt(name))\"; ignored (the README lists the actions)"
        }
        // Each context with what `name` means there and whether that screen offers it.
        let targets = contexts.compactMap { context -> (KeyMap.Context, KeyCommand)? in
            guard let command = Self.command(named: name, in: context),
                  KeyMap.contexts(offering: command).contains(context) else { return nil }
            return (context, command)
        }
        if arguments.count == 3, targets.isEmpty {
            return "bind-key: \(Excerpt(name)) does nothing in the \(arguments[2]) context; ignored"
        }
        // The article view reads digits as a link number before looking at bindings.
        let typesLinkNumber = key.isASCIIDigit
        if typesLinkNumber, arguments.count == 3, contexts == [.article] {
            return "bind-key: digits type link numbers in the article view; \(arguments[0]) cannot be bound there"
        }
        for (context, command) in targets where !(typesLinkNumber && context == .article) {
            do {
                try keyMap.bind(key, to: command, in: context)
            } catch {
                return "bind-key: \(error.description); ignored"
            }
        }
        return nil
    }

    mutating func unbindKey(_ arguments: [String]) -> String? {
        guard (1...2).contains(arguments.count) else {
            return "unbind-key needs a key (or -a for all keys), then optionally a context (unbind-key r feedlist)"
        }
        let contexts: [KeyMap.Context]
        do {
            contexts = try Self.contexts(arguments.count == 2 ? arguments[1] : nil)
        } catch {
            return "unbind-key: \(error.description); ignored"
        }
        if arguments[0] == "-a" {
            for context in contexts {
                for binding in keyMap.bindings(for: context) {
                    for key in binding.keys { keyMap.unbind(key, in: context) }
                }
            }
            return nil
        }
        do {
            let key = try Self.bindableKey(arguments[0])
            for context in contexts { keyMap.unbind(key, in: context) }
        } catch {
            return "unbind-key: \(error.description); ignored"
        }
        return nil
    }

    /// The key called `name`, unless the reader keeps it for itself.
    private static func bindableKey(_ name: String) throws(KeyName.Problem) -> Key {
        let key = try KeyName.key(for: name)
        if let reason = reservedKeys[key] { throw KeyName.Problem(description: "\(reason) and cannot be bound") }
        return key
    }

    /// The contexts a line names: one, or every context when it names none.
    private static func contexts(_ name: String?) throws(KeyName.Problem) -> [KeyMap.Context] {
        guard let name else { return KeyMap.Context.allCases }
        guard let context = KeyMap.Context(rawValue: name) else {
            let known = KeyMap.Context.allCases.map(\.rawValue).joined(separator: ", ")
            throw KeyName.Problem(description: "unknown context \"\(Excerpt(name))\" (Tidings has \(known))")
        }
        return [context]
    }
}

private extension Key {
    var isASCIIDigit: Bool {
        if case .character(let character) = self { return character.isASCII && character.isNumber }
        return false
    }
}
