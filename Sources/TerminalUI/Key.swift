/// One keypress, decoded from the terminal.
public enum Key: Hashable, Sendable {
    /// A printable character: letters, digits, punctuation, CJK, emoji, space.
    case character(Character)
    /// Control plus a letter, given in lower case: Ctrl-U is `.control("u")`.
    case control(Character)
    /// Alt (Meta) plus a printable character, which terminals send as Esc and the character.
    case alt(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, backTab, delete, insert
    /// A function key, F1 = `.function(1)`.
    case function(Int)
    /// The terminal changed size; the next frame must be laid out again.
    case resize
    /// A click, release, drag or wheel turn, while ``Terminal/reportsMouse`` is on.
    case mouse(MouseEvent)
}

extension Key: CustomStringConvertible {
    /// How the key is written in help screens: `j`, `Enter`, `Ctrl-U`, `PgDn`.
    public var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-\(letter.uppercased())"
        case .alt(let character): return "Alt-\(character)"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .function(let number): return "F\(number)"
        case .resize: return "Resize"
        case .mouse(let event): return event.description
        }
    }
}
