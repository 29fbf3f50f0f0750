/// The form in which one grapheme cluster of untrusted text is allowed to reach the terminal.
///
/// This is the single place where text becomes safe to draw; ``CellGrid`` calls it for every
/// grapheme it stores, so no view can forget it.
///
/// - Control characters (C0, ESC, DEL, C1) become visible placeholders: `␛` for ESC, `␇` for BEL
///   and so on from the Control Pictures block, `␡` for DEL and `�` for C1 controls. Line breaks
///   (LF, CR, CRLF, U+2028, U+2029) become a space; a tab is reported as ``tab`` so the caller can
///   expand it to the next tab stop.
/// - Invisible format characters that could reorder or hide text — bidi embeddings, overrides and
///   isolates (U+202A–202E, U+2066–2069), marks (U+200E, U+200F, U+061C), zero-width spaces and
///   joiners outside clusters, soft hyphens, the BOM — are dropped.
/// - Emoji variation selector 16 (U+FE0F) is kept, so that `❤️`, `☀️` and keycaps (`1️⃣`) reach
///   the terminal as written; it adds no width (``DisplayWidth``). A selector with no base is
///   dropped. Skin-tone modifiers (U+1F3FB–1F3FF) are kept, as are ZWJ sequences: they are part
///   of what the text says (`👍🏽`, `👩🏽‍💻`); see ``DisplayWidth`` for their width.
/// - An ncurses cell holds at most ``cellCharacters`` characters (`CCHARW_MAX`). A ZWJ sequence
///   longer than that (`👨‍👩‍👧‍👦` is 7, `🧑🏻‍🤝‍🧑🏿` is 7) cannot be drawn whole: its stand-in is
///   its emoji side by side without the joiners (`👨👩👧👦`), as a terminal that does not know the
///   sequence draws it — never a fragment ending in a stray joiner. Parts that would pass
///   ``maximumWidth`` are left out whole.
/// - A combining mark with no base (e.g. after a dropped control) is drawn on a dotted circle `◌`.
/// - A cluster wider than ``maximumWidth`` columns (a pathological chain such as a thousand
///   Hangul leading jamo, which Unicode keeps in one cluster) is cut after the scalars that fit.
public enum TerminalGrapheme {
    /// The widest a single grapheme cluster may be drawn.
    public static let maximumWidth = 8

    /// The characters one ncurses cell (`cchar_t`) holds: ncursesw's `CCHARW_MAX`.
    public static let cellCharacters = 5

    /// What one grapheme cluster becomes.
    public enum Form: Equatable, Sendable {
        /// Draw `text` in `width` columns (1 or more).
        case text(String, width: Int)
        /// A horizontal tab: advance to the next tab stop.
        case tab
        /// Nothing is drawn.
        case dropped
    }

    /// Columns between tab stops.
    public static let tabWidth = 8

    /// The safe form of `character`.
    public static func form(of character: Character) -> Form {
        if character.isASCII {
            // The common case, kept free of Unicode property look-ups.
            let value = character.asciiValue!
            switch value {
            case 0x20..<0x7F: return .text(String(character), width: 1)
            case 0x09: return .tab
            case 0x0A, 0x0D: return .text(" ", width: 1)
            case 0x7F: return .text("\u{2421}", width: 1)
            default: return .text(String(Unicode.Scalar(0x2400 + UInt32(value))!), width: 1)
            }
        }
        if character == "\r\n" { return .text(" ", width: 1) }

        var kept = String.UnicodeScalarView()
        for scalar in character.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x80...0x9F:
                return .text("\u{FFFD}", width: 1)
            case 0x2028, 0x2029:
                return .text(" ", width: 1)
            case 0xFE0E, 0xFE0F:
                // A variation selector with nothing before it selects nothing.
                if kept.isEmpty { continue }
            default:
                break
            }
            if isInvisibleFormat(value) { continue }
            kept.append(scalar)
        }
        guard let first = kept.first else { return .dropped }
        if kept.count > cellCharacters, kept.contains("\u{200D}") {
            return standIn(forJoined: kept)
        }
        var width = DisplayWidth.columns(ofScalars: kept)
        if width > maximumWidth {
            kept = Self.prefix(of: kept, fittingIn: maximumWidth)
            width = DisplayWidth.columns(ofScalars: kept)
        }
        if width == 0 {
            // A mark with nothing to sit on would merge into whatever the terminal drew before it.
            if DisplayWidth.scalarWidth(first.value) == 0 && first.value != 0x200D {
                kept.insert("\u{25CC}", at: kept.startIndex)
                width = 1
            } else {
                return .dropped
            }
        }
        return .text(String(kept), width: width)
    }

    /// A ZWJ sequence too long for one ncurses cell, drawn as its parts side by side: each emoji
    /// with the modifiers and selectors that follow it, without the joiners, as many whole parts
    /// as fit in ``maximumWidth``.
    private static func standIn(forJoined scalars: String.UnicodeScalarView) -> Form {
        var parts: [String.UnicodeScalarView] = []
        for scalar in scalars {
            if scalar.value == 0x200D { continue }
            if parts.isEmpty || (DisplayWidth.scalarWidth(scalar.value) > 0 && !isEmojiModifier(scalar.value)) {
                parts.append(String.UnicodeScalarView([scalar]))
            } else if parts[parts.count - 1].count < cellCharacters {
                parts[parts.count - 1].append(scalar)
            }
        }
        var drawn = String.UnicodeScalarView()
        var width = 0
        for part in parts {
            let partWidth = DisplayWidth.columns(ofScalars: part)
            if width + partWidth > maximumWidth { break }
            drawn.append(contentsOf: part)
            width += partWidth
        }
        return width > 0 ? .text(String(drawn), width: width) : .dropped
    }

    /// Skin-tone modifiers: wide by `wcwidth`, but part of the emoji before them.
    static func isEmojiModifier(_ value: UInt32) -> Bool {
        (0x1F3FB...0x1F3FF).contains(value)
    }

    /// The longest prefix of `scalars` that is at most `columns` wide.
    private static func prefix(of scalars: String.UnicodeScalarView, fittingIn columns: Int) -> String.UnicodeScalarView {
        var result = String.UnicodeScalarView()
        for scalar in scalars {
            var candidate = result
            candidate.append(scalar)
            if DisplayWidth.columns(ofScalars: candidate) > columns { break }
            result = candidate
        }
        return result
    }

    /// Format characters (general category Cf) that draw nothing and can be dropped: every one
    /// except the joiners that shape scripts and emoji (U+200C, U+200D), the tag characters of
    /// subdivision flags, and the prepended concatenation marks that carry a visible sign.
    static func isInvisibleFormat(_ value: UInt32) -> Bool {
        switch value {
        case 0x200C, 0x200D, 0xE0020...0xE007F: return false
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD: return false
        default:
            guard let scalar = Unicode.Scalar(value) else { return true }
            return scalar.properties.generalCategory == .format
        }
    }
}
