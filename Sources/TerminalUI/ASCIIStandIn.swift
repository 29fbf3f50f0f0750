/// The ASCII characters drawn instead of the screens' own lines, arrows and marks when the user's
/// locale is not UTF-8 (`LANG=C`, `LANG=en_US.ISO-8859-1`): a terminal set up that way may not
/// show `─` or `…` at all. Each stand-in is as wide as what it replaces, so nothing moves.
///
///     ASCIIStandIn.replacing("─")   // "-"
///     ASCIIStandIn.replacing("…")   // "~"
///     ASCIIStandIn.replacing("é")   // "é": text from feeds is left as it is
///
/// Only the characters of this table are replaced (in a feed's text too: the terminal layer
/// cannot tell them apart); every other character is sent as written, since many terminals run
/// with `LANG=C` show UTF-8 anyway.
public enum ASCIIStandIn {
    /// `grapheme`'s stand-in, or `grapheme` itself.
    public static func replacing(_ grapheme: String) -> String {
        guard grapheme.utf8.count > 1, let standIn = table[grapheme] else { return grapheme }
        return standIn
    }

    static let table: [String: String] = [
        "─": "-", "━": "-", "│": "|", "┃": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+",
        "┬": "+", "┴": "+", "┼": "+", "—": "-", "–": "-", "…": "~", "→": ">", "←": "<", "↑": "^", "↓": "v",
        "•": "*", "·": ".", "▶": ">", "◀": "<", "★": "*", "☆": "*", "✓": "v", "✗": "x", "◌": "o",
        "␛": "?", "⏎": "?",
    ]
}
