extension StyledText {
    /// The text broken into lines of at most `width` columns, styles and links kept.
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
                        lines[lines.count - 1].append(StyledGrapheme(character: " ", style: run.style, width: 1, link: run.link))
                    }
                    column += spaces
                default:
                    let width = DisplayWidth.of(character)
                    lines[lines.count - 1].append(StyledGrapheme(character: character, style: run.style, width: width, link: run.link))
                    column += width
                }
            }
        }
        return lines
    }
}
