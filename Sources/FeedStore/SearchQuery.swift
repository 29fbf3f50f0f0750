/// Builds FTS5 queries from what a user typed, so that no input can cause an FTS5 syntax error
/// or inject operators.
///
/// Each whitespace-separated word becomes a quoted phrase (quotes doubled), CJK characters
/// spaced out as the index stores them; the phrases are ANDed. Words with no letter or digit
/// are dropped. FTS5 operators typed by the user (`OR`, `NEAR`, `*`, `col:`) are searched as
/// plain words.
///
/// ```swift
/// SearchQuery.match(forUserWords: "swift 東京")   // "\"swift\" \" 東  京 \""
/// ```
public enum SearchQuery {
    /// The FTS5 query for `words`, or nil when nothing searchable was typed.
    ///
    /// - Parameter prefixLastWord: match the last word as a prefix (`"swi"` finds "swift"),
    ///   for search-as-you-type. Not applied to a CJK last word, which is already a substring
    ///   match.
    public static func match(forUserWords words: String, prefixLastWord: Bool = false) -> String? {
        let searchable = words.split(whereSeparator: { $0.isWhitespace })
            .filter { word in word.unicodeScalars.contains(where: isSearchable) }
        guard let last = searchable.last else { return nil }
        var phrases = searchable.map { word in
            "\"" + SearchText.segment(String(word)).replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        if prefixLastWord && !last.unicodeScalars.contains(where: SearchText.isUnspacedScript) {
            phrases[phrases.count - 1] += "*"
        }
        return phrases.joined(separator: " ")
    }

    private static func isSearchable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
