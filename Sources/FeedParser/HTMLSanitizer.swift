import Foundation

// SCAFFOLD: replaced wholesale by the allow-list sanitiser.
public enum HTMLSanitizer {
    /// Returns `html` reduced to an allow-list of safe elements and attributes, with relative URLs
    /// resolved against `baseURL`.
    public static func sanitize(_ html: String, baseURL: URL?) -> String { html }

    /// Escapes plain text (Atom `type="text"`) into HTML.
    public static func html(fromText text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
