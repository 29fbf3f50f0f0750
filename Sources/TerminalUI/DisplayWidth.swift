/// The number of terminal columns text takes, and the truncation and wrapping built on it.
///
/// Every view measures with this type, so a Japanese title, an emoji or an accented letter is
/// measured the same way wherever it appears. The rule, per grapheme cluster after
/// ``TerminalGrapheme`` has made it safe:
/// - each scalar counts as glibc's `wcwidth` counts it (East Asian Wide and Fullwidth = 2,
///   combining marks and Hangul medial/final jamo = 0, everything else printable = 1), which is
///   what tmux and Linux terminals draw;
/// - an emoji joined by ZWJ to the one before it adds nothing (`👨‍👩‍👧` is 2 columns), as
///   tmux and current terminals draw it;
/// - a pair of regional indicators (a flag) is 2 columns;
/// - a skin-tone modifier counts as `wcwidth` counts it, 2 (`👍🏽` is 4 columns, as tmux 3.3 and
///   terminals that measure by `wcwidth` draw it; one that draws it in 2 leaves a gap after it,
///   which misaligns nothing, where counting 2 would shift the rest of the row in the others);
/// - VS16 adds nothing, so `❤️` is 1 (see ``TerminalGrapheme``).
///
/// Tabs count to the next multiple of ``TerminalGrapheme/tabWidth`` from the start of the text.
public enum DisplayWidth {
    /// Columns `text` takes when drawn from a tab stop.
    public static func of(_ text: String) -> Int {
        var total = 0
        for character in text {
            total += advance(of: character, atColumn: total)
        }
        return total
    }

    /// Columns `text` takes, counting no further than `limit + 1`: enough to know whether it fits
    /// in `limit` columns without measuring the rest of a very long text.
    public static func of(_ text: String, limit: Int) -> Int {
        var total = 0
        for character in text {
            total += advance(of: character, atColumn: total)
            if total > limit { return total }
        }
        return total
    }

    /// Columns one grapheme cluster takes (a tab counts as one tab stop's worth).
    public static func of(_ character: Character) -> Int {
        advance(of: character, atColumn: 0)
    }

    /// Columns `character` advances the cursor when drawn at `column`.
    static func advance(of character: Character, atColumn column: Int) -> Int {
        switch TerminalGrapheme.form(of: character) {
        case .text(_, let width): return width
        case .tab: return TerminalGrapheme.tabWidth - column % TerminalGrapheme.tabWidth
        case .dropped: return 0
        }
    }

    /// `text` cut to at most `width` columns. Text that does not fit loses its end, which is
    /// replaced by `…`; a wide character that would straddle the limit is left out whole.
    ///
    /// ```swift
    /// DisplayWidth.truncate("日本語のタイトル", toWidth: 7)   // "日本語…"
    /// ```
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        // One pass that stops as soon as the text is known not to fit, however long it is.
        var used = 0
        var cut: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let advance = advance(of: text[index], atColumn: used)
            if cut == nil && used + advance > width - 1 { cut = index }
            used += advance
            if used > width { return String(text[..<cut!]) + "…" }
            index = text.index(after: index)
        }
        return text
    }

    /// `text` cut to `width` columns as ``truncate(_:toWidth:)`` does, but at the end of a word
    /// when one ends in the last third of the room (`Not added: the server … ` rather than
    /// `Not added: the ser…`).
    public static func truncateAtWord(_ text: String, toWidth width: Int) -> String {
        let cut = truncate(text, toWidth: width)
        guard cut != text, cut.hasSuffix("…") else { return cut }
        let kept = cut.dropLast()
        guard let space = kept.lastIndex(of: " "), of(String(kept[..<space])) >= width * 2 / 3 else { return cut }
        return String(kept[..<space]).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// `text` broken into lines of at most `width` columns.
    ///
    /// Lines break at spaces; between two CJK characters (which have no spaces); and, for a word
    /// longer than a whole line, anywhere between grapheme clusters. Closing punctuation such as
    /// `。` or `」` stays with the character before it. Spaces at a break are dropped. Explicit line
    /// breaks in `text` start new lines.
    public static func wrap(_ text: String, width: Int) -> [String] {
        StyledText(text).wrapped(width: width).map(\.plainText)
    }

    // MARK: - Scalars

    /// Sum of the scalars' widths, with emoji joined by ZWJ counted once.
    static func columns(ofScalars scalars: String.UnicodeScalarView) -> Int {
        var total = 0
        var afterJoiner = false
        for scalar in scalars {
            if afterJoiner && scalar.properties.isEmoji {
                afterJoiner = false
                continue
            }
            afterJoiner = scalar.value == 0x200D
            total += scalarWidth(scalar.value)
        }
        return total
    }

    /// Columns of one scalar by the glibc table: 0, 1 or 2.
    static func scalarWidth(_ value: UInt32) -> Int {
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        if contains(wideRanges, value) { return 2 }
        if contains(zeroWidthRanges, value) { return 0 }
        return 1
    }

    private static func contains(_ ranges: [(UInt32, UInt32)], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let (first, last) = ranges[middle]
            if value < first {
                high = middle - 1
            } else if value > last {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
