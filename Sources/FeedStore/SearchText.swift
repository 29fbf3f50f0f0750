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
        guard text.unicodeScalars.contains(where: isUnspacedScript) else { return text }
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

    /// Drops tags and comments, decodes the entities a sanitised fragment can contain, and
    /// turns each tag into a space so that words from adjacent blocks do not merge.
    static func stripTags(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<" {
                let closing: String = html[index...].hasPrefix("<!--") ? "-->" : ">"
                if let end = html.range(of: closing, range: index..<html.endIndex) {
                    output.append(" ")
                    index = end.upperBound
                    continue
                }
                output.append(character)
            } else if character == "&", let (decoded, next) = decodeEntity(in: html, at: index) {
                output.append(decoded)
                index = next
                continue
            } else {
                output.append(character)
            }
            index = html.index(after: index)
        }
        return output
    }

    private static let namedEntities: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    ]

    private static func decodeEntity(
        in text: String, at ampersand: String.Index
    ) -> (Character, String.Index)? {
        let afterAmpersand = text.index(after: ampersand)
        let limit = text.index(afterAmpersand, offsetBy: 10, limitedBy: text.endIndex) ?? text.endIndex
        guard let semicolon = text[afterAmpersand..<limit].firstIndex(of: ";") else { return nil }
        let name = text[afterAmpersand..<semicolon]
        let next = text.index(after: semicolon)
        if let character = namedEntities[name] { return (character, next) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value =
            digits.hasPrefix("x") || digits.hasPrefix("X")
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (Character(scalar), next)
    }
}
