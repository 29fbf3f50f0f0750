import Foundation

/// The short texts an item list needs for every row, computed once when an item is stored so
/// that drawing and filtering a list of 100 000 items never touches the article text.
///
/// - ``excerpt(summary:content:)``: the start of the item's text as one plain line, for
///   `show-excerpts` (tags dropped, entities decoded, whitespace collapsed, about 200 characters).
/// - ``folded(_:)``: a title as the quick filter compares it, with case and diacritics folded
///   away, so that typing `cafe` finds "Café" and `привет` finds "Привет".
///
/// ```swift
/// ListText.excerpt(summary: "<p>Hello,\n  <b>world</b></p>", content: nil)  // "Hello, world"
/// ListText.folded("Café Ünïcode")                                              // "cafe unicode"
/// ```
public enum ListText {
    /// Characters kept of an excerpt (a line of the widest terminals, and some).
    public static let excerptLength = 200

    /// The item's text as one plain line: the summary, else the content; nil when neither has
    /// any text. Control characters become spaces; the line is cut to ``excerptLength``
    /// characters, with `…` when something was cut.
    public static func excerpt(summary: String?, content: String?) -> String? {
        for html in [summary, content] {
            guard let html, !html.isEmpty else { continue }
            // The start of a long article is enough, unless its markup hides all the text there.
            let start = prefix(of: html, bytes: 16 * 1024)
            if start.utf8.count < html.utf8.count, let line = oneLine(SearchText.stripTags(start)), line.count >= excerptLength {
                return line
            }
            if let line = oneLine(SearchText.stripTags(html)) { return line }
        }
        return nil
    }

    /// The first `bytes` bytes of `text` or less, cut at a character boundary.
    private static func prefix(of text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        let utf8 = Array(text.utf8.prefix(bytes + 1))
        var count = bytes
        // Step back over continuation bytes so that no character is split…
        while count > 0 && utf8[count] & 0xC0 == 0x80 { count -= 1 }
        // …and before a tag left open, whose attributes would otherwise read as text.
        if let open = utf8[..<count].lastIndex(of: UInt8(ascii: "<")), !utf8[open..<count].contains(UInt8(ascii: ">")) {
            count = open
        }
        return String(decoding: utf8[..<count], as: UTF8.self)
    }

    /// `text` with case, diacritics and width folded away (compatibility forms such as
    /// full-width Latin letters become their plain forms). CJK text is unchanged but for width.
    public static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Most titles are ASCII: lowercasing is all the folding they need, and much cheaper.
            return text.lowercased()
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Collapses runs of whitespace and control characters into single spaces, trims, and cuts
    /// to the excerpt length; nil when nothing is left.
    ///
    /// Works on Unicode scalars, not grapheme clusters (this runs for every stored item): the
    /// length counts scalars, and a cut may drop the combining marks of the last character.
    private static func oneLine(_ text: String) -> String? {
        var result = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isBlank = value < 0x21 || (0x7F...0xA0).contains(value) || (value > 0xA0 && scalar.properties.isWhitespace)
            if isBlank {
                pendingSpace = count > 0
                continue
            }
            if count + (pendingSpace ? 1 : 0) >= excerptLength {
                result.append("…")
                return String(result)
            }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            result.append(scalar)
            count += 1
        }
        return result.isEmpty ? nil : String(result)
    }
}
