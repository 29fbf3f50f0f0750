extension JSONFeedDecoder {
    /// The document with the faults that make Foundation's `JSONDecoder` refuse it whole, though
    /// every other field is fine, mended; nil when it has none of them (so that the caller reports
    /// the real error). Bad input loses only itself:
    /// - bytes that are not UTF-8 become U+FFFD (a repairing `String(decoding:as:)`);
    /// - a lone surrogate escape (`\ud800` without its partner, or a stray `\udc00`) becomes
    ///   `\ufffd`, as the XML side does for `&#xD800;`;
    /// - a raw control character inside a string, which JSON requires escaped, is escaped (a raw
    ///   NUL is dropped, as in XML).
    ///
    ///     repaired(Array(#"{"title":"a\ud800b"}"#.utf8))  // {"title":"a\ufffdb"}
    static func repaired(_ document: [UInt8]) -> [UInt8]? {
        var changed = false
        var bytes = document
        if !bytes.withUnsafeBytes(EncodingSniffer.isValidUTF8) {
            bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
            changed = true
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard inString else {
                if byte == quote { inString = true }
                out.append(byte)
                index += 1
                continue
            }
            switch byte {
            case quote:
                inString = false
                out.append(byte)
                index += 1
            case backslash:
                let length = escapeLength(bytes, at: index)
                if length == 0 {
                    out.append(contentsOf: replacementEscape)
                    changed = true
                    index += 6
                } else {
                    out.append(contentsOf: bytes[index..<index + length])
                    index += length
                }
            case 0x00:
                changed = true
                index += 1
            case ..<0x20:
                out.append(contentsOf: Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)])
                changed = true
                index += 1
            default:
                out.append(byte)
                index += 1
            }
        }
        return changed ? out : nil
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let replacementEscape = Array("\\ufffd".utf8)

    /// How many bytes the escape at `index` (a backslash) spans: 12 for a surrogate pair, 6 for
    /// another `\uXXXX`, 2 for the rest (or 1 at the very end); 0 for a lone surrogate, which
    /// spans 6 bytes and is to be replaced.
    private static func escapeLength(_ bytes: [UInt8], at index: Int) -> Int {
        guard index + 1 < bytes.count else { return 1 }
        guard bytes[index + 1] == UInt8(ascii: "u"), let unit = codeUnit(bytes, at: index + 2) else { return 2 }
        switch unit {
        case 0xD800...0xDBFF:
            guard index + 7 < bytes.count, bytes[index + 6] == backslash, bytes[index + 7] == UInt8(ascii: "u"),
                  let low = codeUnit(bytes, at: index + 8), (0xDC00...0xDFFF).contains(low) else { return 0 }
            return 12
        case 0xDC00...0xDFFF:
            return 0
        default:
            return 6
        }
    }

    /// The four hexadecimal digits at `index` as a UTF-16 code unit.
    private static func codeUnit(_ bytes: [UInt8], at index: Int) -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
