import Foundation
import HTMLText

/// The short texts an item list needs for every row, computed once when an item is stored so
/// that drawing and filtering a list of 100 000 items never touches the article text.
///
/// - ``excerpt(summary:content:)``: the start of the item's text as one plain line, for
///   `show-excerpts` (`PlainHTMLText`: tags dropped, references decoded, whitespace collapsed,
///   at most 200 characters).
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
            // Reading stops at the limit, so a long article costs no more than its start.
            let line = PlainHTMLText.text(html, .excerpt(limit: excerptLength))
            if !line.isEmpty { return line }
        }
        return nil
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
}
