import Foundation

/// What the first bytes of a document say about its character encoding, before any XML is read.
struct EncodingSniffer {
    /// The encoding that the first bytes prove, and how many bytes of byte-order mark to skip.
    struct Evidence: Equatable {
        /// An iconv/libxml2 encoding name, or nil when the bytes prove nothing.
        var encoding: String?
        var byteOrderMarkLength: Int
        /// The document starts with `{` (after white space): a JSON Feed candidate.
        var looksLikeJSON: Bool
        /// The bytes are EBCDIC: `encoding` is the one declared (under a name iconv opens) or
        /// IBM037, and the document's leading white space is EBCDIC's.
        var isEBCDIC = false
    }

    /// Reads the evidence from the first bytes; nil when more bytes are needed to decide.
    static func evidence(in bytes: UnsafeRawBufferPointer, isComplete: Bool) -> Evidence? {
        let count = bytes.count
        func at(_ i: Int) -> UInt8 { bytes[i] }
        if count < 4 && !isComplete { return nil }
        if count >= 4 {
            if at(0) == 0x00, at(1) == 0x00, at(2) == 0xFE, at(3) == 0xFF {
                return Evidence(encoding: "UTF-32BE", byteOrderMarkLength: 4, looksLikeJSON: false)
            }
            if at(0) == 0xFF, at(1) == 0xFE, at(2) == 0x00, at(3) == 0x00 {
                return Evidence(encoding: "UTF-32LE", byteOrderMarkLength: 4, looksLikeJSON: false)
            }
            if at(0) == 0x00, at(1) == 0x00, at(2) == 0x00, at(3) == 0x3C {
                return Evidence(encoding: "UTF-32BE", byteOrderMarkLength: 0, looksLikeJSON: false)
            }
            if at(0) == 0x3C, at(1) == 0x00, at(2) == 0x00, at(3) == 0x00 {
                return Evidence(encoding: "UTF-32LE", byteOrderMarkLength: 0, looksLikeJSON: false)
            }
        }
        if count >= 3, at(0) == 0xEF, at(1) == 0xBB, at(2) == 0xBF {
            return Evidence(encoding: "UTF-8", byteOrderMarkLength: 3, looksLikeJSON: firstNonSpaceIsBrace(bytes, from: 3))
        }
        if count >= 2, at(0) == 0xFE, at(1) == 0xFF {
            return Evidence(encoding: "UTF-16BE", byteOrderMarkLength: 2, looksLikeJSON: false)
        }
        if count >= 2, at(0) == 0xFF, at(1) == 0xFE {
            return Evidence(encoding: "UTF-16LE", byteOrderMarkLength: 2, looksLikeJSON: false)
        }
        if count >= 4, at(0) == 0x00, at(1) == 0x3C, at(2) == 0x00 {
            return Evidence(encoding: "UTF-16BE", byteOrderMarkLength: 0, looksLikeJSON: false)
        }
        if count >= 4, at(0) == 0x3C, at(1) == 0x00, at(3) == 0x00 {
            return Evidence(encoding: "UTF-16LE", byteOrderMarkLength: 0, looksLikeJSON: false)
        }
        if let ebcdic = ebcdicEvidence(in: bytes, isComplete: isComplete) { return ebcdic }
        if !isComplete, count < 4 + ebcdicSpaceCount(bytes) { return nil }
        return Evidence(encoding: nil, byteOrderMarkLength: 0, looksLikeJSON: firstNonSpaceIsBrace(bytes, from: 0))
    }

    // MARK: EBCDIC

    /// EBCDIC: the first byte after EBCDIC white space is its `<` (0x4C), followed by `?xm` or by
    /// a letter. libxml2 recognises an EBCDIC declaration only at the very first byte and not a
    /// document without one, which then read as "no feed element"; the declared code page (or,
    /// without one, IBM037, whose letters, digits and markup all EBCDIC pages share) is forced
    /// instead. Nil when the bytes are not EBCDIC, and when the declaration is not complete yet.
    private static func ebcdicEvidence(in bytes: UnsafeRawBufferPointer, isComplete: Bool) -> Evidence? {
        let start = ebcdicSpaceCount(bytes)
        guard start + 2 <= bytes.count, bytes[start] == 0x4C, case let next = bytes[start + 1],
              next == 0x6F || isEBCDICLetter(next) else { return nil }
        var encoding = "IBM037"
        if next == 0x6F {
            let head = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 512)]))
            let ascii = head.map { ebcdicToASCII[Int($0)] }
            guard isComplete || head.count == 512 || containsDeclarationEnd(ascii) else { return nil }
            if let declared = ascii.withUnsafeBytes(declaredEncoding), let name = CharsetName.iconvName(for: declared) {
                encoding = name
            }
        }
        return Evidence(encoding: encoding, byteOrderMarkLength: 0, looksLikeJSON: false, isEBCDIC: true)
    }

    /// The number of EBCDIC white-space bytes (space, tab, line feed, new line, carriage return)
    /// at the start.
    static func ebcdicSpaceCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var index = 0
        while index < bytes.count, [0x40, 0x05, 0x25, 0x15, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    private static func isEBCDICLetter(_ byte: UInt8) -> Bool {
        (0x81...0x89).contains(byte) || (0x91...0x99).contains(byte) || (0xA2...0xA9).contains(byte)
            || (0xC1...0xC9).contains(byte) || (0xD1...0xD9).contains(byte) || (0xE2...0xE9).contains(byte)
    }

    private static func containsDeclarationEnd(_ ascii: [UInt8]) -> Bool {
        zip(ascii, ascii.dropFirst()).contains { $0 == UInt8(ascii: "?") && $1 == UInt8(ascii: ">") }
    }

    /// The characters every EBCDIC code page writes alike (letters, digits and what an XML
    /// declaration is made of) in ASCII; any other byte reads as DEL.
    private static let ebcdicToASCII: [UInt8] = {
        var table = [UInt8](repeating: 0x7F, count: 256)
        func map(_ first: Int, _ text: String) {
            for (offset, character) in text.utf8.enumerated() { table[first + offset] = character }
        }
        map(0x81, "abcdefghi"); map(0x91, "jklmnopqr"); map(0xA2, "stuvwxyz")
        map(0xC1, "ABCDEFGHI"); map(0xD1, "JKLMNOPQR"); map(0xE2, "STUVWXYZ")
        map(0xF0, "0123456789")
        for (byte, character) in [(0x40, " "), (0x4B, "."), (0x4C, "<"), (0x60, "-"), (0x6D, "_"), (0x6E, ">"), (0x6F, "?"),
                                  (0x7A, ":"), (0x7D, "'"), (0x7E, "="), (0x7F, "\""), (0x05, "\t"), (0x25, "\n"), (0x15, "\n")] {
            map(byte, character)
        }
        return table
    }()

    /// The number of ASCII white-space bytes at `offset`.
    static func leadingSpaceCount(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index - offset
    }

    private static func firstNonSpaceIsBrace(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Bool {
        let index = offset + leadingSpaceCount(bytes, from: offset)
        return index < bytes.count && bytes[index] == UInt8(ascii: "{")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// True when the bytes are valid UTF-8.
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// A UTF-8 document with a few bytes that are not UTF-8 (one item pasted in windows-1252 into
    /// a UTF-8 feed; `España` written in Latin-1 after a byte order mark), as UTF-8 throughout:
    /// each stray byte becomes the windows-1252 character it stands for, every valid sequence
    /// stays as it is. Nil unless the bytes are mostly UTF-8: a UTF-8 byte order mark, or at
    /// least four valid multi-byte sequences for each stray byte. A document in a legacy charset
    /// (Big5, EUC-KR, Shift_JIS, Latin-1) forms few valid sequences by chance, far fewer than its
    /// stray bytes, and stays with detection. `bytes` come after the byte order mark, if any.
    ///
    ///     utf8WithStrayBytes("Ѩ Espa\u{F1}a" as UTF-8 but F1, hasByteOrderMark: true) → ("Ѩ España", 1)
    static func utf8WithStrayBytes(_ bytes: UnsafeRawBufferPointer, hasByteOrderMark: Bool) -> (bytes: [UInt8], strayCount: Int)? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var strays = 0, sequences = 0, index = 0
        let bytes = bytes.bindMemory(to: UInt8.self)
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                output.append(byte)
                index += 1
            } else if let length = ValidatedUTF8.sequenceLength(at: index, in: bytes) {
                output.append(contentsOf: bytes[index..<index + length])
                sequences += 1
                index += length
            } else {
                let scalar = UInt32(SingleByteCharsets.windows1252.upperHalf[Int(byte) - 0x80])
                if scalar < 0x800 {
                    output += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
                } else {
                    output += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
                }
                strays += 1
                index += 1
            }
        }
        guard strays > 0, hasByteOrderMark || sequences >= 4 * strays else { return nil }
        return (output, strays)
    }

    /// The encoding name a document declares in `<?xml … encoding="…"?>`, read from the first
    /// 512 bytes as ISO-8859-1 (a name is ASCII). Read from the bytes themselves: this runs for
    /// every document, and `String(bytes:encoding:)` with Foundation's `range(of:)` cost about
    /// 1.4 M instructions a call, a quarter of parsing a 40 KB feed.
    static func declaredEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        let head = UnsafeRawBufferPointer(rebasing: bytes.prefix(512))
        guard startsWith("<?xml", in: head, at: 0), let close = firstIndex(of: "?>", in: head),
              let key = firstIndex(of: "encoding", in: UnsafeRawBufferPointer(rebasing: head[..<close]))
        else { return nil }
        var index = key + 8
        while index < close, head[index] == UInt8(ascii: " ") || head[index] == UInt8(ascii: "=") || head[index] == 0x09 {
            index += 1
        }
        guard index < close, case let quote = head[index], quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            return nil
        }
        let nameStart = index + 1
        var nameEnd = nameStart
        while nameEnd < close, head[nameEnd] != quote { nameEnd += 1 }
        guard nameEnd > nameStart else { return nil }
        // ISO-8859-1: each byte is the scalar of the same value.
        return String(String.UnicodeScalarView(head[nameStart..<nameEnd].map { Unicode.Scalar($0) }))
    }

    private static func startsWith(_ text: StaticString, in bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return memcmp(bytes.baseAddress! + offset, text.utf8Start, count) == 0
    }

    private static func firstIndex(of text: StaticString, in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index + text.utf8CodeUnitCount <= bytes.count {
            if startsWith(text, in: bytes, at: index) { return index }
            index += 1
        }
        return nil
    }
}
