import Glibc

/// Repairs the two commonest ways a feed's text reaches us already garbled, where the repair is
/// unambiguous (issue 11 §2):
///
/// - **Windows "smart quotes" in an ISO-8859-1 feed.** Authors writing in windows-1252 label their
///   feed ISO-8859-1; its bytes 0x80–0x9F are C1 controls there, and windows-1252's quotes, dashes
///   and € everywhere else. Browsers read the label as windows-1252; so do we.
/// - **UTF-8 encoded twice.** UTF-8 bytes read as windows-1252 and encoded again: `Ã©` for `é`,
///   `â€™` for `’`. A run of such characters is put back when its windows-1252 bytes form valid
///   UTF-8 as a whole and what they decode to fits where it stands (`DecodedRun`); a run that
///   does not (`Grüße` written in Latin-1, `« doué »` whose `é »` would read as `頻`) is left alone.
enum MojibakeRepair {
    /// The text of one field, repaired; smart quotes only when the document was read as
    /// ISO-8859-1. Applied before markup is stripped, which would drop the C1 characters.
    static func repair(_ text: String, readAsLatin1: Bool, paths: ParsePaths) -> String {
        undoubled(readAsLatin1 ? windows1252Quotes(text) : text, paths: paths)
    }

    /// The same for text whose UTF-8 validation saw whether it holds the pair that double
    /// encoding starts from (`ValidatedUTF8.Verdict.mayBeDoublyEncoded`): without it, `undoubled`
    /// would scan the text for nothing. Text read as ISO-8859-1 has its smart quotes put back
    /// first, which changes its characters: it is checked in full. The general path checks all
    /// text in full.
    static func repair(_ text: String, readAsLatin1: Bool, mayBeDoublyEncoded: Bool, paths: ParsePaths) -> String {
        guard mayBeDoublyEncoded || readAsLatin1 || !paths.isFast else { return text }
        return repair(text, readAsLatin1: readAsLatin1, paths: paths)
    }

    /// windows-1252's characters for the bytes 0x80–0x9F; 0 where windows-1252 leaves one undefined.
    static let windows1252C1: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// The byte windows-1252 (or ISO-8859-1, for its C1 controls) writes `scalar` as, when ≥ 0x80.
    private static let highByte: [UInt32: UInt8] = {
        var table: [UInt32: UInt8] = [:]
        for byte in 0x80...0xFF { table[UInt32(byte)] = UInt8(byte) }
        for (offset, scalar) in windows1252C1.enumerated() where scalar != 0 { table[scalar] = UInt8(0x80 + offset) }
        return table
    }()

    /// The C1 controls of text read as ISO-8859-1, as the windows-1252 characters they were meant as.
    static func windows1252Quotes(_ text: String) -> String {
        guard hasC1Control(text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x80...0x9F).contains(scalar.value), case let meant = windows1252C1[Int(scalar.value - 0x80)], meant != 0,
               let replacement = Unicode.Scalar(meant) {
                scalars.append(replacement)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The text with every run of doubly encoded UTF-8 decoded once more; the general path
    /// rebuilds every text without looking for the pair first.
    ///
    /// Text is garbled as a whole: when every run of the field decodes as UTF-8 and one of them is
    /// surely doubly encoded (`DecodedRun`), all are decoded, including those that alone could be
    /// correct text (`Ð’`, the Russian word `В`, alone reads as Latin letters and a quote). A run
    /// that does not decode (a correct `é` alone) shows the field was not garbled as a whole, and
    /// each run is then judged alone.
    static func undoubled(_ text: String, paths: ParsePaths) -> String {
        guard !paths.isFast || mayBeDoublyEncoded(text) else { return text }
        /// A run of characters windows-1252 writes as bytes ≥ 0x80: where it is in `scalars`, and
        /// what its bytes decode to as UTF-8 (nil when they do not).
        struct Run {
            var range: Range<Int>
            var decoded: [Unicode.Scalar]?
            var isDoubleEncoding: Bool
        }
        let scalars = Array(text.unicodeScalars)
        var runs: [Run] = []
        var bytes: [UInt8] = []
        var start = 0
        // The characters around a run say whether its decoding fits there.
        func flush(at end: Int) {
            guard !bytes.isEmpty else { return }
            let decoded = bytes.count >= 2 ? strictUTF8(bytes).map { Array($0.unicodeScalars) } : nil
            let isDoubleEncoding = decoded.map {
                DecodedRun(source: Array(scalars[start..<end]), decoded: $0, before: start > 0 ? scalars[start - 1] : nil,
                           after: end < scalars.count ? scalars[end] : nil,
                           capitalsBefore: scalars[..<start].reversed().prefix { $0.properties.isUppercase }.count).isDoubleEncoding
            } ?? false
            runs.append(Run(range: start..<end, decoded: decoded, isDoubleEncoding: isDoubleEncoding))
            bytes.removeAll(keepingCapacity: true)
        }
        for (index, scalar) in scalars.enumerated() {
            if let byte = highByte[scalar.value] {
                if bytes.isEmpty { start = index }
                bytes.append(byte)
            } else {
                flush(at: index)
            }
        }
        flush(at: scalars.count)
        guard runs.contains(where: \.isDoubleEncoding) else { return text }
        let isGarbledWhole = runs.allSatisfy { $0.decoded.map { $0.allSatisfy(DecodedRun.isWritten) } ?? false }
        var result = String.UnicodeScalarView()
        var copied = 0
        for run in runs {
            guard let decoded = run.decoded, run.isDoubleEncoding || isGarbledWhole else { continue }
            result.append(contentsOf: scalars[copied..<run.range.lowerBound])
            result.append(contentsOf: decoded)
            copied = run.range.upperBound
        }
        result.append(contentsOf: scalars[copied...])
        return String(result)
    }

    /// Whether `text` holds a character that can begin a doubly encoded one (U+00C2–U+00F4, which
    /// stand for UTF-8 lead bytes) followed at once by one that can continue it (a character
    /// windows-1252 writes as 0x80–0xBF). Most text has neither pair (`é` followed by a letter is
    /// not one), and this scan of its bytes spares it the character-by-character rebuild.
    static func mayBeDoublyEncoded(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            var index = 0
            // U+00C2–U+00F4 are 0xC3 0x82–0xB4 in UTF-8. The character after them is never ASCII,
            // so its lead byte is ≥ 0xC2: an `é` or `ï` before a letter or a space (the common
            // case in Latin text) fails on that byte, without decoding anything.
            while index + 2 < count, let found = memchr(base + index, 0xC3, count - index - 2) {
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if bytes[index + 1] &- 0x82 <= 0xB4 - 0x82, bytes[index + 2] >= 0xC2,
                   let byte = highByte(ofScalarAt: index + 2, in: bytes), byte >= 0x80, byte <= 0xBF {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// The windows-1252 byte of the character whose UTF-8 starts at `index`, when it has one ≥ 0x80.
    private static func highByte(ofScalarAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard lead >= 0xC2, index + length <= bytes.count else { return nil }
        var iterator = bytes[index..<(index + length)].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return highByte[scalar.value]
    }

    private static func hasC1Control(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == 0xC2, byte < 0xA0 { return true }
            previous = byte
        }
        return false
    }

    /// The bytes as UTF-8 when every one of them belongs to a valid multi-byte sequence.
    private static func strictUTF8(_ bytes: [UInt8]) -> String? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }
}
