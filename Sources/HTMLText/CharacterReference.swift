/// HTML character references (`&amp;`, `&#233;`, `&eacute`…) decoded as browsers decode them.
///
/// The one table and decoder of the project: the feed parser's sanitiser and plain-text fields,
/// and every HTML-to-text path (`HTMLTokenizer`'s users), read references through it.
public enum CharacterReference {
    /// Every named reference, keyed by its name without `&` and `;`, as UTF-8 bytes.
    ///
    /// Read from `namedReferenceSource` byte by byte on first use: splitting it into `Substring`s
    /// and parsing each code point with `UInt32(_:radix:)` cost 26 million instructions, more than
    /// sanitising a 1 MB feed, and every `tidings parse` of a feed with one `&name;` paid it.
    public static let namedReferences: [String: [UInt8]] = {
        var table: [String: [UInt8]] = [:]
        table.reserveCapacity(2300)
        var source = namedReferenceSource
        source.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                // One line: the name, a space, code points in hex separated by commas.
                let nameStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\n") { index += 1 }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
                guard index < bytes.count, bytes[index] == UInt8(ascii: " ") else {
                    index += 1
                    continue
                }
                index += 1
                var replacement: [UInt8] = []
                var value: UInt32 = 0
                var digits = 0
                while index <= bytes.count {
                    let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
                    index += 1
                    if let digit = hexDigitValue(byte) {
                        value = value &* 16 &+ UInt32(digit)
                        digits += 1
                        continue
                    }
                    if digits > 0, let scalar = Unicode.Scalar(value) { replacement.append(contentsOf: UTF8.encode(scalar)!) }
                    value = 0
                    digits = 0
                    if byte == UInt8(ascii: "\n") { break }
                }
                table[name] = replacement
            }
        }
        return table
    }()

    private static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// What browsers show for `&#128;`…`&#159;`: the windows-1252 characters, not C1 controls.
    private static let windows1252: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
        0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// The result of reading one character reference.
    public struct Decoded {
        /// Index just after the reference (after its `;` when it has one).
        public var end: Int
        /// True when the reference is written exactly as HTML requires it (`&name;`, `&#nn;`,
        /// `&#xhh;` naming an allowed character), so it can be copied unchanged.
        public var isCanonical: Bool
    }

    /// Decodes the character reference whose `&` is at `start`, appending its UTF-8 to `out`.
    ///
    /// Follows the HTML rules: numeric references with or without `;` (0, surrogates and values
    /// past U+10FFFF become U+FFFD, 128–159 become their windows-1252 characters), named references
    /// with `;`, and the legacy names (`&amp`, `&copy`, `&eacute`…) without it — except inside an
    /// attribute value when the next character is alphanumeric or `=`, where browsers keep the text
    /// (`?a=1&copy=2`). Returns nil when there is no reference at `start`; `out` is then unchanged.
    public static func decode(
        in bytes: UnsafeBufferPointer<UInt8>, at start: Int, inAttribute: Bool, into out: inout [UInt8]
    ) -> Decoded? {
        let count = bytes.count
        var index = start + 1
        guard index < count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var isHex = false
            if index < count, bytes[index] | 0x20 == UInt8(ascii: "x") {
                isHex = true
                index += 1
            }
            let digitsStart = index
            var value: UInt32 = 0
            while index < count {
                let byte = bytes[index]
                let digit: UInt32
                if byte &- 0x30 < 10 {
                    digit = UInt32(byte - 0x30)
                } else if isHex, (byte | 0x20) &- UInt8(ascii: "a") < 6 {
                    digit = UInt32((byte | 0x20) - UInt8(ascii: "a") + 10)
                } else {
                    break
                }
                value = min(value &* (isHex ? 16 : 10) &+ digit, 0x110000)
                index += 1
            }
            guard index > digitsStart else { return nil }
            let hasSemicolon = index < count && bytes[index] == UInt8(ascii: ";")
            if hasSemicolon { index += 1 }
            var isAllowed = true
            switch value {
            case 0, 0xD800...0xDFFF, 0x110000...:
                value = 0xFFFD
                isAllowed = false
            case 0x80...0x9F:
                value = windows1252[Int(value - 0x80)]
                isAllowed = false
            case 0x01...0x08, 0x0B, 0x0E...0x1F, 0x7F:
                isAllowed = false
            default:
                break
            }
            appendUTF8(value, to: &out)
            return Decoded(end: index, isCanonical: hasSemicolon && isAllowed)
        }

        let nameStart = index
        while index < count, index - nameStart < 40, isAlphanumeric(bytes[index]) { index += 1 }
        guard index > nameStart else { return nil }
        if index < count, bytes[index] == UInt8(ascii: ";"),
           let replacement = namedReferences[String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)]
        {
            out.append(contentsOf: replacement)
            return Decoded(end: index + 1, isCanonical: true)
        }
        // Legacy names without `;`: the longest one that prefixes the text (`&notit` is `¬it`).
        for length in stride(from: min(index - nameStart, 6), through: 2, by: -1) {
            let nameEnd = nameStart + length
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
            guard legacyReferenceNames.contains(name), let replacement = namedReferences[name] else { continue }
            if inAttribute, nameEnd < count, isAlphanumeric(bytes[nameEnd]) || bytes[nameEnd] == UInt8(ascii: "=") {
                return nil
            }
            out.append(contentsOf: replacement)
            return Decoded(end: nameEnd, isCanonical: false)
        }
        return nil
    }

    /// ASCII letters and digits: the characters of a reference's name.
    @inlinable
    public static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// Appends the UTF-8 encoding of scalar `value` (at most U+10FFFF, not a surrogate).
    public static func appendUTF8(_ value: UInt32, to out: inout [UInt8]) {
        switch value {
        case ..<0x80:
            out.append(UInt8(value))
        case ..<0x800:
            out.append(UInt8(0xC0 | (value >> 6)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        case ..<0x10000:
            out.append(UInt8(0xE0 | (value >> 12)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (value >> 18)))
            out.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        }
    }
}
