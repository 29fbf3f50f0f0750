import HTMLText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns item text into what the full-text index sees.
///
/// HTML is read as text by `PlainHTMLText` (tags and hidden content dropped, so that `href` or
/// `div` never match; references decoded). Characters of scripts written without spaces (Han,
/// Hiragana, Katakana, Hangul syllables) are spaced out, one per token: the unicode61 tokenizer
/// would otherwise make a whole Japanese sentence one token. A CJK query becomes a phrase of
/// adjacent characters, so two- and three-character words match exactly where they occur —
/// the role a trigram tokenizer plays, without its three-character minimum and at a fraction
/// of its index size.
public enum SearchText {
    /// Plain, segmented text of an HTML fragment.
    public static func fromHTML(_ html: String?) -> String? {
        guard let html, !html.isEmpty else { return nil }
        return PlainHTMLText.text(html, .search)
    }

    /// Segmented plain text (titles and authors are already plain text).
    static func fromPlain(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return segment(text)
    }

    /// Puts a space on both sides of every unspaced-script character; markup is not read.
    static func segment(_ text: String) -> String {
        PlainHTMLText.segmented(text)
    }

    /// True for characters of scripts that do not separate words with spaces.
    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        PlainHTMLText.isUnspacedScript(scalar.value)
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
}
