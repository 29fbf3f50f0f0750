#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns item text into what the full-text index sees.
///
/// HTML tags are dropped (so that `href` or `div` never match) and the common entities
/// decoded. Characters of scripts written without spaces (Han, Hiragana, Katakana, Hangul
/// syllables, CJK punctuation blocks) are spaced out, one per token: the unicode61 tokenizer
/// would otherwise make a whole Japanese sentence one token. A CJK query becomes a phrase of
/// adjacent characters, so two- and three-character words match exactly where they occur —
/// the role a trigram tokenizer plays, without its three-character minimum and at a fraction
/// of its index size.
///
/// This runs for the title, author, summary and content of every stored item, so it works in
/// one pass over the UTF-8 bytes straight into the result's storage: every delimiter it looks
/// for is ASCII, and every unspaced-script character is at U+3040 or above, a sequence whose
/// lead byte is at least 0xE3. Runs of bytes with none of those are copied whole, and text that
/// contains none of them at all is returned as it came, without a copy.
enum SearchText {
    /// Plain, segmented text of an HTML fragment.
    static func fromHTML(_ html: String?) -> String? {
        guard let html, !html.isEmpty else { return nil }
        return transform(html, dropsMarkup: true, segments: true)
    }

    /// Segmented plain text (titles and authors are already plain text).
    static func fromPlain(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return segment(text)
    }

    /// Puts a space on both sides of every unspaced-script character.
    static func segment(_ text: String) -> String {
        transform(text, dropsMarkup: false, segments: true)
    }

    /// Drops tags and comments, decodes the entities a sanitised fragment can contain, and
    /// turns each tag into a space so that words from adjacent blocks do not merge.
    static func stripTags(_ html: String) -> String {
        transform(html, dropsMarkup: true, segments: false)
    }

    /// True for characters of scripts that do not separate words with spaces.
    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        isUnspacedScript(scalar.value)
    }

    private static func isUnspacedScript(_ value: UInt32) -> Bool {
        switch value {
        case 0x3040...0x30FF,  // Hiragana, Katakana
            0x31F0...0x31FF,  // Katakana phonetic extensions
            0x3400...0x4DBF,  // CJK extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF66...0xFF9F,  // half-width Katakana
            0x20000...0x3134F:  // CJK extensions B–G
            return true
        default:
            return false
        }
    }

    /// Whether `text` contains `part`, comparing UTF-8 bytes (no Unicode normalisation: both
    /// come from the same feed, and a miss only means the text is indexed twice).
    static func contains(_ text: String, _ part: String) -> Bool {
        var text = text
        var part = part
        return text.withUTF8 { haystack in
            part.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard needle.count <= haystack.count else { return false }
                let needleBase = UnsafeRawPointer(needle.baseAddress!)
                let haystackBase = UnsafeRawPointer(haystack.baseAddress!)
                for start in 0...(haystack.count - needle.count)
                where haystack[start] == first && memcmp(haystackBase + start, needleBase, needle.count) == 0 {
                    return true
                }
                return false
            }
        }
    }

    // MARK: - The pass over the bytes

    private static let lessThan = UInt8(ascii: "<")
    private static let ampersand = UInt8(ascii: "&")
    private static let space = UInt8(ascii: " ")
    /// The smallest lead byte of a character at U+3000 or above.
    private static let highLeadByte: UInt8 = 0xE3

    /// The text with markup dropped (when `dropsMarkup`) and unspaced-script characters spaced
    /// out (when `segments`).
    private static func transform(_ text: String, dropsMarkup: Bool, segments: Bool) -> String {
        var text = text
        return text.withUTF8 { input in
            // Each character that may be spaced out grows by two bytes; a tag or an entity never
            // grows (the shortest that decodes to a spaced-out character, `&#x3040;`, takes eight
            // bytes for five). So this bounds the result, and a zero count with no markup means
            // that there is nothing to do.
            var highLeadBytes = 0
            var hasMarkup = false
            for byte in input {
                if byte >= highLeadByte { highLeadBytes += 1 }
                if byte == lessThan || byte == ampersand { hasMarkup = true }
            }
            let isDroppingMarkup = dropsMarkup && hasMarkup
            // An entity may decode to a character that is spaced out.
            let isSegmenting = segments && (highLeadBytes > 0 || isDroppingMarkup)
            guard isSegmenting || isDroppingMarkup else { return nil }
            let capacity = input.count + (isSegmenting ? 2 * highLeadBytes : 0)
            return String(unsafeUninitializedCapacity: capacity) { output in
                var writer = Writer(input: input, output: output, segments: isSegmenting)
                writer.run(dropsMarkup: isDroppingMarkup)
                return writer.written
            }
        } ?? text
    }

    /// One pass of `transform`: reads `input` and writes into `output`, which is large enough.
    private struct Writer {
        let input: UnsafeBufferPointer<UInt8>
        let output: UnsafeMutableBufferPointer<UInt8>
        let segments: Bool
        var written = 0

        init(input: UnsafeBufferPointer<UInt8>, output: UnsafeMutableBufferPointer<UInt8>, segments: Bool) {
            self.input = input
            self.output = output
            self.segments = segments
        }

        mutating func run(dropsMarkup: Bool) {
            var index = 0
            while index < input.count {
                let runStart = index
                while index < input.count {
                    let byte = input[index]
                    if byte >= highLeadByte ? segments : dropsMarkup && (byte == lessThan || byte == ampersand) {
                        break
                    }
                    index += 1
                }
                copy(runStart..<index)
                guard index < input.count else { return }
                let byte = input[index]
                if byte == lessThan {
                    if let end = endOfTag(at: index) {
                        append(space)
                        index = end
                    } else {
                        append(byte)
                        index += 1
                    }
                } else if byte == ampersand {
                    if let (value, end) = entity(at: index) {
                        append(scalar: value)
                        index = end
                    } else {
                        append(byte)
                        index += 1
                    }
                } else {
                    index = copyCharacter(at: index)
                }
            }
        }

        /// Copies the character whose lead byte (0xE3 or more) is at `index`, spaced out if it
        /// is of an unspaced script; returns the index after it.
        private mutating func copyCharacter(at index: Int) -> Int {
            let lead = input[index]
            let length = lead >= 0xF0 ? 4 : 3
            guard index + length <= input.count else {
                // Not reachable with valid UTF-8; copy what is left rather than read past it.
                copy(index..<input.count)
                return input.count
            }
            var value = UInt32(lead & (length == 4 ? 0x07 : 0x0F))
            for offset in 1..<length {
                value = value << 6 | UInt32(input[index + offset] & 0x3F)
            }
            let isSpaced = isUnspacedScript(value)
            if isSpaced { append(space) }
            copy(index..<(index + length))
            if isSpaced { append(space) }
            return index + length
        }

        /// The index just past the tag or comment that starts at `index`, if it is closed.
        private func endOfTag(at index: Int) -> Int? {
            if starts(with: "<!--", at: index) {
                // Searched from the `<` itself, so that `<!-->` is a whole (empty) comment.
                var position = index
                while position + 3 <= input.count {
                    if input[position] == UInt8(ascii: "-") && input[position + 1] == UInt8(ascii: "-")
                        && input[position + 2] == UInt8(ascii: ">")
                    {
                        return position + 3
                    }
                    position += 1
                }
                return nil
            }
            var position = index + 1
            while position < input.count {
                if input[position] == UInt8(ascii: ">") { return position + 1 }
                position += 1
            }
            return nil
        }

        private func starts(with prefix: StaticString, at index: Int) -> Bool {
            guard index + prefix.utf8CodeUnitCount <= input.count else { return false }
            for offset in 0..<prefix.utf8CodeUnitCount where input[index + offset] != prefix.utf8Start[offset] {
                return false
            }
            return true
        }

        /// Decodes `&name;`, `&#NN;` or `&#xHH;` at `ampersand` (at most ten characters between
        /// `&` and `;`): the character and the index after the `;`.
        private func entity(at ampersand: Int) -> (UInt32, Int)? {
            let limit = min(input.count, ampersand + 12)
            var semicolon = ampersand + 1
            while semicolon < limit && input[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
            guard semicolon < limit else { return nil }
            let name = UnsafeBufferPointer(rebasing: input[(ampersand + 1)..<semicolon])
            guard let value = Self.namedEntityValue(name) ?? Self.numericEntityValue(name) else { return nil }
            return (value, semicolon + 1)
        }

        private static func namedEntityValue(_ name: UnsafeBufferPointer<UInt8>) -> UInt32? {
            switch name.count {
            case 2:
                if name[1] != UInt8(ascii: "t") { return nil }
                if name[0] == UInt8(ascii: "l") { return 0x3C }  // lt
                if name[0] == UInt8(ascii: "g") { return 0x3E }  // gt
                return nil
            case 3:
                return name.elementsEqual("amp".utf8) ? 0x26 : nil
            case 4:
                if name.elementsEqual("quot".utf8) { return 0x22 }
                if name.elementsEqual("apos".utf8) { return 0x27 }
                // A plain space rather than U+00A0, so that it separates words.
                if name.elementsEqual("nbsp".utf8) { return 0x20 }
                return nil
            default:
                return nil
            }
        }

        /// `#` then decimal digits, or `#x` / `#X` then hexadecimal digits, naming a Unicode
        /// scalar (not a surrogate, at most U+10FFFF).
        private static func numericEntityValue(_ name: UnsafeBufferPointer<UInt8>) -> UInt32? {
            guard name.count >= 2, name[0] == UInt8(ascii: "#") else { return nil }
            let isHex = name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X")
            let digits = name.dropFirst(isHex ? 2 : 1)
            guard !digits.isEmpty else { return nil }
            var value: UInt64 = 0
            for byte in digits {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                // At most ten digits: no overflow of 64 bits.
                value = value * (isHex ? 16 : 10) + UInt64(digit)
            }
            guard value <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
            return scalar.value
        }

        /// Writes a decoded entity as UTF-8, spaced out if it is of an unspaced script.
        private mutating func append(scalar value: UInt32) {
            let isSpaced = segments && isUnspacedScript(value)
            if isSpaced { append(space) }
            switch value {
            case ..<0x80:
                append(UInt8(value))
            case ..<0x800:
                append(0xC0 | UInt8(value >> 6))
                append(0x80 | UInt8(value & 0x3F))
            case ..<0x10000:
                append(0xE0 | UInt8(value >> 12))
                append(0x80 | UInt8(value >> 6 & 0x3F))
                append(0x80 | UInt8(value & 0x3F))
            default:
                append(0xF0 | UInt8(value >> 18))
                append(0x80 | UInt8(value >> 12 & 0x3F))
                append(0x80 | UInt8(value >> 6 & 0x3F))
                append(0x80 | UInt8(value & 0x3F))
            }
            if isSpaced { append(space) }
        }

        private mutating func append(_ byte: UInt8) {
            output[written] = byte
            written += 1
        }

        private mutating func copy(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            precondition(written + range.count <= output.count, "SearchText: output bound exceeded")
            UnsafeMutableRawPointer(output.baseAddress! + written)
                .copyMemory(from: input.baseAddress! + range.lowerBound, byteCount: range.count)
            written += range.count
        }
    }
}
