/// The numbers of an SGR mouse report (`Esc [ < button ; column ; row M`), read after `Esc [ <`
/// one byte at a time.
///
/// The button number carries the modifiers (+4 Shift, +8 Alt, +16 Ctrl), motion (+32) and the
/// wheel (64 up, 65 down); columns and rows count from 1. Nothing is stored but three numbers,
/// so a report of any length costs no memory: one with a number longer than five digits is read
/// to its end and dropped.
struct SGRMouseReport: Sendable {
    enum Outcome {
        case needsMore
        /// The report ended: its event, or nil for one that is malformed or has no
        /// ``MouseEvent`` (horizontal wheel, buttons 8 to 11, motion without a button).
        case finished(MouseEvent?)
        /// The byte is not part of a report: the report is dropped and the byte read as a key.
        case interrupted
    }

    static let maximumDigits = 5

    private var numbers = [0, 0, 0]
    private var index = 0
    private var digits = 0
    private var isMalformed = false

    mutating func read(_ value: UInt32) -> Outcome {
        switch value {
        case 0x30...0x39:
            digits += 1
            if digits > Self.maximumDigits {
                isMalformed = true
            } else if index < numbers.count {
                numbers[index] = numbers[index] * 10 + Int(value - 0x30)
            }
            return .needsMore
        case UInt32(UInt8(ascii: ";")):
            if digits == 0 { isMalformed = true }
            index += 1
            digits = 0
            if index >= numbers.count { isMalformed = true }
            return .needsMore
        case UInt32(UInt8(ascii: "M")), UInt32(UInt8(ascii: "m")):
            guard !isMalformed, index == numbers.count - 1, digits > 0 else { return .finished(nil) }
            return .finished(event(isRelease: value == UInt32(UInt8(ascii: "m"))))
        default:
            return .interrupted
        }
    }

    private func event(isRelease: Bool) -> MouseEvent? {
        let (button, column, row) = (numbers[0], numbers[1], numbers[2])
        guard column >= 1, row >= 1 else { return nil }
        var modifiers: MouseEvent.Modifiers = []
        if button & 4 != 0 { modifiers.insert(.shift) }
        if button & 8 != 0 { modifiers.insert(.alt) }
        if button & 16 != 0 { modifiers.insert(.control) }
        let isMotion = button & 32 != 0
        let action: MouseEvent.Action
        switch (button & ~(4 | 8 | 16 | 32), isMotion, isRelease) {
        case (0...3, _, true): action = .release
        case (0, false, false): action = .press(.left)
        case (1, false, false): action = .press(.middle)
        case (2, false, false): action = .press(.right)
        case (0, true, false): action = .drag(.left)
        case (1, true, false): action = .drag(.middle)
        case (2, true, false): action = .drag(.right)
        case (64, false, false): action = .wheelUp
        case (65, false, false): action = .wheelDown
        default: return nil
        }
        return MouseEvent(action: action, row: row - 1, column: column - 1, modifiers: modifiers)
    }
}
