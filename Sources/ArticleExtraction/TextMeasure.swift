/// How much text a text node holds, in the units the scorer compares.
///
/// Readability counts characters and commas. Japanese and Chinese write without spaces and with
/// few Latin commas, so a CJK character counts twice (one ideograph carries about as much as two
/// or three Latin letters) and the ideographic comma and full stop (`、，。`) count as commas;
/// otherwise a CJK article scores like a short English one and loses to the navigation.
struct TextMeasure: Equatable {
    /// Characters, white-space runs counted once, CJK characters twice.
    var length: Int32 = 0
    /// Commas and their CJK equivalents.
    var commas: Int32 = 0

    init(length: Int32 = 0, commas: Int32 = 0) {
        self.length = length
        self.commas = commas
    }

    /// Measures `text`. Leading white space is not counted: the previous node's text ends with
    /// its own.
    init(_ text: String) {
        var length: Int32 = 0
        var commas: Int32 = 0
        var previousWasSpace = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if Self.isSpace(value) {
                if !previousWasSpace { length += 1 }
                previousWasSpace = true
                continue
            }
            previousWasSpace = false
            if value < 0x80 {
                length += 1
                if value == 0x2C { commas += 1 }
                continue
            }
            length += Self.isCJK(value) ? 2 : 1
            if Self.isComma(value) { commas += 1 }
        }
        self.length = length
        self.commas = commas
    }

    /// ASCII white space, the no-break space, the Unicode spaces and the ideographic space.
    @inline(__always)
    static func isSpace(_ value: UInt32) -> Bool {
        value <= 0x20 || value == 0xA0 || (value >= 0x2000 && value <= 0x200B) || value == 0x3000
            || value == 0x202F || value == 0x205F || value == 0x85 || value == 0xFEFF
    }

    /// Kana, CJK ideographs and half-width katakana (Hangul is written with spaces: not here).
    @inline(__always)
    static func isCJK(_ value: UInt32) -> Bool {
        (value >= 0x3040 && value <= 0x30FF) || (value >= 0x3400 && value <= 0x4DBF)
            || (value >= 0x4E00 && value <= 0x9FFF) || (value >= 0xF900 && value <= 0xFAFF)
            || (value >= 0xFF66 && value <= 0xFF9F) || (value >= 0x20000 && value <= 0x2FA1F)
    }

    /// Readability's comma class (Arabic, small and presentation forms, full-width) plus the
    /// ideographic comma and full stop and their half-width forms.
    @inline(__always)
    static func isComma(_ value: UInt32) -> Bool {
        switch value {
        case 0x060C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C, 0x3001, 0x3002, 0xFF64, 0xFF61:
            return true
        default:
            return false
        }
    }
}
