import CNcursesw

/// Turns what ncurses' `get_wch` returns into ``Key`` values.
///
/// Kept apart from ``Terminal`` so the mapping can be tested without a terminal. It remembers a
/// pending Esc so that Esc followed at once by a character (how terminals send Alt) becomes one
/// ``Key/alt(_:)`` key.
public struct KeyDecoder: Sendable {
    private var pendingEscape = false

    public init() {}

    /// Decodes one value from `get_wch`: `isKeyCode` is true when it returned `KEY_CODE_YES`.
    /// Returns the keys that are complete (none, one, or a held Esc and this key).
    public mutating func decode(_ value: UInt32, isKeyCode: Bool) -> [Key] {
        let key = isKeyCode ? Self.functionKey(value) : Self.characterKey(value)
        if pendingEscape {
            pendingEscape = false
            if case .character(let character)? = key { return [.alt(character)] }
            if key == .escape { return [.escape, .escape] }
            return [.escape] + (key.map { [$0] } ?? [])
        }
        if key == .escape {
            pendingEscape = true
            return []
        }
        return key.map { [$0] } ?? []
    }

    /// Ends a batch of input: an Esc still held was pressed on its own.
    public mutating func flush() -> [Key] {
        guard pendingEscape else { return [] }
        pendingEscape = false
        return [.escape]
    }

    static func characterKey(_ value: UInt32) -> Key? {
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(value + 0x60)!))
        case 0x00, 0x1C...0x1F, 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    static func functionKey(_ code: UInt32) -> Key? {
        let code = Int32(bitPattern: code)
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1, KEY_LL: return .end
        case KEY_A3: return .pageUp
        case KEY_C3: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }
}
