import Foundation

// SCAFFOLD: replaced wholesale by the plain-text extraction work.
public enum PlainText {
    /// Plain text from a field that may hold markup: entities decoded, tags stripped, whitespace
    /// collapsed.
    public static func fromHTML(_ html: String) -> String { collapsingWhitespace(html) }

    /// Runs of white space become one space; leading and trailing white space is removed.
    public static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
