import TerminalUI

/// How keys are named in `bind-key` and `unbind-key` lines.
///
/// Newsboat's names work, and so do the spellings the help screen shows (``Key/description``):
///
///     KeyName.key(for: "x")        // .character("x")
///     KeyName.key(for: "^R")       // .control("r"); also "Ctrl-R", "<C-r>"
///     KeyName.key(for: "NPAGE")    // .pageDown; also "PgDn", "pagedown"
///     KeyName.key(for: "F5")       // .function(5)
///
/// A single character is taken as it is, case included (`q` and `Q` are different keys) and
/// non-ASCII characters too (`é`, `ü`). Named keys ignore case. `^H`, `^I`, `^J`, `^M` and `^[`
/// are what terminals send for Backspace, Tab, Enter and Esc, so they name those keys.
enum KeyName {
    /// Why a key name was not understood.
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// The key called `name`.
    static func key(for name: String) throws(Problem) -> Key {
        if name.count == 1, let character = name.first {
            guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw Problem(description: "a control character is not a key name; write ^X for Ctrl-X")
            }
            return .character(character)
        }
        // newsboat's newer spelling: `<C-n>`, `<ENTER>`, `<SPACE>`.
        if name.count > 2, name.hasPrefix("<"), name.hasSuffix(">") {
            let inner = String(name.dropFirst().dropLast())
            return try key(for: inner.lowercased().hasPrefix("c-") ? "^" + inner.dropFirst(2) : inner)
        }
        let lowered = name.lowercased()
        if let key = named[lowered] { return key }
        if lowered.hasPrefix("^") { return try control(String(name.dropFirst()), written: name) }
        if lowered.hasPrefix("ctrl-") { return try control(String(name.dropFirst(5)), written: name) }
        if lowered.hasPrefix("alt-") || lowered.hasPrefix("m-"), let character = name.last,
           name.count == (lowered.hasPrefix("m-") ? 3 : 5) {
            return .alt(character)
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), String(number) == lowered.dropFirst() {
            guard (1...63).contains(number) else { throw Problem(description: "there is no function key \(name); F1 to F63 exist") }
            return .function(number)
        }
        throw Problem(description: "\"\(Excerpt(name))\" is not a key name (a character, ^X, ENTER, SPACE, TAB, ESC, UP, DOWN, LEFT, RIGHT, PPAGE, NPAGE, HOME, END, BACKSPACE, DEL, INS or F1–F12)")
    }

    /// Ctrl plus `rest`, which must be one letter (or `[`, which is Esc).
    private static func control(_ rest: String, written: String) throws(Problem) -> Key {
        guard rest.count == 1, let character = rest.lowercased().first else {
            throw Problem(description: "\"\(Excerpt(written))\" is not a key name: Ctrl goes with one letter, as in ^R")
        }
        switch character {
        case "h": return .backspace
        case "i": return .tab
        case "j", "m": return .enter
        case "[": return .escape
        case "a"..."z": return .control(character)
        default: throw Problem(description: "\"\(Excerpt(written))\" is not a key terminals send; Ctrl goes with a letter, as in ^R")
        }
    }

    /// Newsboat's names of special keys and Tidings' own (as the help screen writes them), in
    /// lower case.
    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter,
        "space": .character(" "),
        "tab": .tab,
        "backtab": .backTab, "shift-tab": .backTab, "btab": .backTab,
        "esc": .escape, "escape": .escape,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "ppage": .pageUp, "pgup": .pageUp, "pageup": .pageUp,
        "npage": .pageDown, "pgdn": .pageDown, "pagedown": .pageDown,
        "home": .home, "end": .end,
        "backspace": .backspace,
        "del": .delete, "delete": .delete, "dc": .delete,
        "ins": .insert, "insert": .insert, "ic": .insert,
    ]
}
