import CNcursesw

/// Turns what ncurses' `get_wch` returns into ``Key`` values.
///
/// Kept apart from ``Terminal`` so the mapping can be tested without a terminal. It remembers a
/// pending Esc so that Esc followed at once by a character (how terminals send Alt) becomes one
/// ``Key/alt(_:)`` key.
///
/// It is also the one place where mouse reports are read. ncurses is told to leave them alone
/// (`CursesTerminal` turns its `KEY_MOUSE` off), so they arrive as the bytes the terminal sent:
/// SGR reports, `Esc [ < button ; column ; row M` (`m` for a release), become ``Key/mouse(_:)``;
/// the legacy X10 form, `Esc [ M` and three bytes, is dropped whole. A report cut in two by the
/// reads waits for its end across batches; a report that turns out to be garbage (a number of
/// more than five digits, more than three numbers, a button no ``MouseEvent`` has) is dropped,
/// and a key that interrupts one is kept.
public struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        /// Esc was read.
        case escape
        /// `Esc [` was read: a mouse report, or Alt-[.
        case controlSequence
        /// `Esc [ <` was read: the numbers of an SGR mouse report so far.
        case mouseReport(SGRMouseReport)
        /// `Esc [ M` was read: this many bytes of an X10 report are still to be dropped.
        case legacyMouseReport(remaining: Int)
    }

    private var state = State.ground

    public init() {}

    /// Decodes one value from `get_wch`: `isKeyCode` is true when it returned `KEY_CODE_YES`.
    /// Returns the keys that are complete (none, one, or a held Esc and this key).
    public mutating func decode(_ value: UInt32, isKeyCode: Bool) -> [Key] {
        if isKeyCode {
            // A keypad key cannot be part of a report: whatever was held ends here.
            let held = pendingKeys()
            state = .ground
            return held + (Self.functionKey(value).map { [$0] } ?? [])
        }
        switch state {
        case .ground:
            if value == 0x1B {
                state = .escape
                return []
            }
            return Self.characterKey(value).map { [$0] } ?? []
        case .escape:
            state = .ground
            if value == UInt32(UInt8(ascii: "[")) {
                state = .controlSequence
                return []
            }
            switch Self.characterKey(value) {
            case .character(let character)?: return [.alt(character)]
            case .escape?: return [.escape, .escape]
            case let key?: return [.escape, key]
            case nil: return [.escape]
            }
        case .controlSequence:
            state = .ground
            switch value {
            case UInt32(UInt8(ascii: "<")):
                state = .mouseReport(SGRMouseReport())
                return []
            case UInt32(UInt8(ascii: "M")):
                state = .legacyMouseReport(remaining: 3)
                return []
            default:
                return [.alt("[")] + decode(value, isKeyCode: false)
            }
        case .mouseReport(var report):
            switch report.read(value) {
            case .needsMore:
                state = .mouseReport(report)
                return []
            case .finished(let event):
                state = .ground
                return event.map { [.mouse($0)] } ?? []
            case .interrupted:
                state = .ground
                return decode(value, isKeyCode: false)
            }
        case .legacyMouseReport(let remaining):
            // X10 bytes are 32 and up: anything lower is a key typed after a cut report.
            guard value >= 0x20 else {
                state = .ground
                return decode(value, isKeyCode: false)
            }
            state = remaining > 1 ? .legacyMouseReport(remaining: remaining - 1) : .ground
            return []
        }
    }

    /// Ends a batch of input: an Esc still held was pressed on its own (`Esc [` was Alt-[). The
    /// start of a mouse report is kept for the next batch, where the rest of it will be.
    public mutating func flush() -> [Key] {
        let held = pendingKeys()
        switch state {
        case .mouseReport: break
        // ncurses drops X10 bytes that are not UTF-8: the rest of one may never come.
        default: state = .ground
        }
        return held
    }

    /// What the input held so far stands for if nothing more comes.
    private func pendingKeys() -> [Key] {
        switch state {
        case .escape: [.escape]
        case .controlSequence: [.alt("[")]
        case .ground, .mouseReport, .legacyMouseReport: []
        }
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
