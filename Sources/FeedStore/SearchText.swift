/// Turns item text into what the full-text index sees.
///
/// HTML tags are dropped (so that `href` or `div` never match) and the common entities
/// decoded. Characters of scripts written without spaces (Han, Hiragana, Katakana, Hangul
/// syllables, CJK punctuation blocks) are spaced out, one per token: the unicode61 tokenizer
/// would otherwise make a whole Japanese sentence one token. A CJK query becomes a phrase of
/// adjacent characters, so two- and three-character words match exactly where they occur —
/// the role a trigram tokenizer plays, without its three-character minimum and at a fraction
/// of its index size.
enum SearchText {
    /// Plain, segmented text of an HTML fragment.
    static func fromHTML(_ html: String?) -> String? {
        guard let html, !html.isEmpty else { return nil }
        return segment(stripTags(html))
    }

    /// Segmented plain text (titles and authors are already plain text).
    static func fromPlain(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return segment(text)
    }

    /// True for characters of scripts that do not separate words with spaces.
    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
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

    /// Puts a space on both sides of every unspaced-script character.
    static func segment(_ text: String) -> String {
        // All those scripts are at U+3040 and above: three- or four-byte UTF-8 sequences whose
        // lead byte is at least 0xE3. Plain Latin text is returned untouched without a scan of
        // its scalars.
        guard mayContainUnspacedScript(text), text.unicodeScalars.contains(where: isUnspacedScript)
        else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnspacedScript(scalar) {
                result.append(" ")
                result.append(scalar)
                result.append(" ")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func mayContainUnspacedScript(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in bytes.contains { $0 >= 0xE3 } }
    }

    /// Drops tags and comments, decodes the entities a sanitised fragment can contain, and
    /// turns each tag into a space so that words from adjacent blocks do not merge. Works on
    /// UTF-8 bytes: every delimiter it looks for is ASCII.
    static func stripTags(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard bytes.contains(UInt8(ascii: "<")) || bytes.contains(UInt8(ascii: "&")) else { return html }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                let isComment = bytes[index...].starts(with: Array("<!--".utf8))
                if let end = find(isComment ? Array("-->".utf8) : [UInt8(ascii: ">")], in: bytes, from: index) {
                    output.append(UInt8(ascii: " "))
                    index = end
                    continue
                }
            } else if byte == UInt8(ascii: "&"), let (decoded, next) = decodeEntity(in: bytes, at: index) {
                output.append(contentsOf: decoded)
                index = next
                continue
            }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The index just past the first occurrence of `needle` at or after `start`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return index + needle.count
            }
            index += 1
        }
        return nil
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    ]

    /// Decodes `&name;`, `&#NN;` or `&#xHH;` at `ampersand`: the UTF-8 bytes and the index after it.
    private static func decodeEntity(in bytes: [UInt8], at ampersand: Int) -> ([UInt8], Int)? {
        let limit = min(bytes.count, ampersand + 12)
        guard let semicolon = bytes[(ampersand + 1)..<limit].firstIndex(of: UInt8(ascii: ";")) else {
            return nil
        }
        let name = String(decoding: bytes[(ampersand + 1)..<semicolon], as: UTF8.self)
        if let text = namedEntities[name] { return (Array(text.utf8), semicolon + 1) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value =
            digits.hasPrefix("x") || digits.hasPrefix("X")
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (Array(String(Character(scalar)).utf8), semicolon + 1)
    }
}
