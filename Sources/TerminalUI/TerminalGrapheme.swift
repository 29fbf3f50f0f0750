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
/// - Emoji variation selector 16 (U+FE0F) is removed: terminals disagree about how wide it makes
///   a character (tmux 3.3 draws `❤️` in one column, newer terminals in two), while every
///   terminal agrees on the plain base. Skin-tone modifiers (U+1F3FB–1F3FF) are kept, as are ZWJ
///   sequences: they are part of what the text says (`👍🏽`, `👩🏽‍💻`); see ``DisplayWidth`` for
///   their width.
/// - A combining mark with no base (e.g. after a dropped control) is drawn on a dotted circle `◌`.
/// - A cluster wider than ``maximumWidth`` columns (a pathological chain such as a thousand
///   Hangul leading jamo, which Unicode keeps in one cluster) is cut after the scalars that fit.
public enum TerminalGrapheme {
    /// The widest a single grapheme cluster may be drawn.
    public static let maximumWidth = 8

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
            case 0xFE0F:
                continue
            default:
                break
            }
            if isInvisibleFormat(value) { continue }
            kept.append(scalar)
        }
        guard let first = kept.first else { return .dropped }
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
