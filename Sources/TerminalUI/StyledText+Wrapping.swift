extension StyledText {
    /// The text broken into lines of at most `width` columns, styles kept.
    ///
    /// Breaks at spaces, between CJK characters, and inside a word only when the word is longer
    /// than a line. Closing punctuation (`。`, `、`, `」`, `)`…) is never moved to the start of a
    /// line, nor opening punctuation (`「`, `(`…) left at the end of one, when the break involves a
    /// wide character. Explicit line breaks start new lines; tabs are expanded; spaces at a break
    /// are dropped, spaces at the very start are kept (indentation).
    ///
    /// - Parameter continuationIndent: columns of blank space that lines after the first begin
    ///   with (a hanging indent for list items); ignored when the width leaves no room for it.
    public func wrapped(width: Int, continuationIndent: Int = 0) -> [StyledText] {
        guard width > 0 else { return [] }
        let indent = continuationIndent < width ? max(0, continuationIndent) : 0
        return hardLines().flatMap { LineWrapper(width: width, indent: indent).wrap($0) }
    }

    /// The text split at explicit line breaks into sequences of styled graphemes, tabs expanded.
    private func hardLines() -> [[StyledGrapheme]] {
        var lines: [[StyledGrapheme]] = [[]]
        var column = 0
        for run in runs {
            for character in run.text {
                switch character {
                case "\n", "\r\n", "\r", "\u{2028}", "\u{2029}":
                    lines.append([])
                    column = 0
                case "\t":
                    let spaces = TerminalGrapheme.tabWidth - column % TerminalGrapheme.tabWidth
                    for _ in 0..<spaces {
                        lines[lines.count - 1].append(StyledGrapheme(character: " ", style: run.style, width: 1))
                    }
                    column += spaces
                default:
                    let width = DisplayWidth.of(character)
                    lines[lines.count - 1].append(StyledGrapheme(character: character, style: run.style, width: width))
                    column += width
                }
            }
        }
        return lines
    }
}

/// One grapheme with its style and measured width, the unit the wrapper moves around.
struct StyledGrapheme {
    var character: Character
    var style: Style
    var width: Int

    var isSpace: Bool { character == " " || character == "\u{3000}" }
    var isWide: Bool { width >= 2 }

    /// Characters that must not begin a line (Japanese kinsoku and Western closers).
    var forbidsBreakBefore: Bool {
        "、。，．,.:;!?！？）」』】〕〉》〙〗｝］）ー…‥・ゝゞヽヾっゃゅょッャュョぁぃぅぇぉァィゥェォ〜)]}".contains(character)
    }

    /// Characters that must not end a line.
    var forbidsBreakAfter: Bool {
        "（「『【〔〈《〘〖｛［(［{".contains(character)
    }
}

/// Greedy line filling for one hard line.
private struct LineWrapper {
    let width: Int
    let indent: Int

    func wrap(_ graphemes: [StyledGrapheme]) -> [StyledText] {
        var lines: [[StyledGrapheme]] = []
        var current: [StyledGrapheme] = []
        var used = 0
        var pendingSpaces: [StyledGrapheme] = []
        var lineStart: Int { lines.isEmpty ? 0 : indent }

        func finishLine() {
            lines.append(current)
            current = Array(repeating: StyledGrapheme(character: " ", style: .plain, width: 1), count: indent)
            used = indent
            pendingSpaces = []
        }

        for token in tokens(of: graphemes) {
            if token[0].isSpace {
                // Spaces that open the first line are indentation; at a break they vanish.
                if used > lineStart || lines.isEmpty { pendingSpaces += token }
                continue
            }
            let tokenWidth = token.reduce(0) { $0 + $1.width }
            let spaceWidth = pendingSpaces.reduce(0) { $0 + $1.width }
            if used + spaceWidth + tokenWidth <= width {
                current += pendingSpaces + token
                used += spaceWidth + tokenWidth
                pendingSpaces = []
            } else if used > lineStart && tokenWidth <= width - indent {
                finishLine()
                current += token
                used += tokenWidth
            } else {
                // Longer than a line: use what is left of this one, then break between graphemes.
                if used > lineStart {
                    if used + spaceWidth < width {
                        current += pendingSpaces
                        used += spaceWidth
                    } else {
                        finishLine()
                    }
                }
                pendingSpaces = []
                for grapheme in token {
                    if used + grapheme.width > width && used > lineStart { finishLine() }
                    current.append(grapheme)
                    used += grapheme.width
                }
            }
        }
        lines.append(current)
        return lines.map(Self.styledText)
    }

    /// Spaces and unbreakable pieces: a run of spaces is one token; a word is one token, except
    /// that a break is allowed next to a wide (CJK) character unless punctuation forbids it.
    private func tokens(of graphemes: [StyledGrapheme]) -> [[StyledGrapheme]] {
        var tokens: [[StyledGrapheme]] = []
        var current: [StyledGrapheme] = []
        for grapheme in graphemes {
            if let previous = current.last {
                let breaks: Bool
                if previous.isSpace != grapheme.isSpace {
                    breaks = true
                } else if grapheme.isSpace {
                    breaks = false
                } else {
                    breaks = (previous.isWide || grapheme.isWide)
                        && !grapheme.forbidsBreakBefore && !previous.forbidsBreakAfter
                }
                if breaks {
                    tokens.append(current)
                    current = []
                }
            }
            current.append(grapheme)
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    private static func styledText(_ graphemes: [StyledGrapheme]) -> StyledText {
        var text = StyledText()
        for grapheme in graphemes { text.append(String(grapheme.character), style: grapheme.style) }
        return text
    }
}
