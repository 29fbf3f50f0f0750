/// Greedy line filling for one hard line.
struct LineWrapper {
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
        for grapheme in graphemes { text.append(String(grapheme.character), style: grapheme.style, link: grapheme.link) }
        return text
    }
}
