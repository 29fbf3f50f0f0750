/// Text in which each stretch has its own ``Style``: a line of an article, a list row.
///
/// ```swift
/// var line = StyledText("Title: ", style: .bold)
/// line.append("日本語のニュース")
/// ```
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A stretch of text in one style, linking to one address or none.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var style: Style
        /// Where the text links to (see ``CellGrid/link(row:column:)``): kept through wrapping,
        /// so that a link broken over two lines is one link on both.
        public var link: String?

        public init(_ text: String, style: Style = .plain, link: String? = nil) {
            self.text = text
            self.style = style
            self.link = link
        }
    }

    public private(set) var runs: [Run]

    public init(_ text: String = "", style: Style = .plain, link: String? = nil) {
        runs = text.isEmpty ? [] : [Run(text, style: style, link: link)]
    }

    public init(runs: [Run]) {
        self.runs = runs.filter { !$0.text.isEmpty }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Adds `text` in `style`, linking to `link`, at the end, merging with the last run when the
    /// style and the link are the same.
    public mutating func append(_ text: String, style: Style = .plain, link: String? = nil) {
        guard !text.isEmpty else { return }
        if let last = runs.indices.last, runs[last].style == style, runs[last].link == link {
            runs[last].text += text
        } else {
            runs.append(Run(text, style: style, link: link))
        }
    }

    public mutating func append(_ other: StyledText) {
        for run in other.runs { append(run.text, style: run.style, link: run.link) }
    }

    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The text without styles.
    public var plainText: String { runs.map(\.text).joined() }

    public var isEmpty: Bool { runs.isEmpty }

    /// Columns the text takes (see ``DisplayWidth``).
    public var width: Int { DisplayWidth.of(plainText) }

    /// The text cut to `width` columns, ending with `…` when something was cut.
    public func truncated(toWidth width: Int) -> StyledText {
        guard width > 0 else { return StyledText() }
        guard DisplayWidth.of(plainText, limit: width) > width else { return self }
        var result = StyledText()
        var used = 0
        var last = Run("")
        outer: for run in runs {
            last = run
            for character in run.text {
                let advance = DisplayWidth.advance(of: character, atColumn: used)
                if used + advance > width - 1 { break outer }
                result.append(String(character), style: run.style, link: run.link)
                used += advance
            }
        }
        result.append("…", style: last.style, link: last.link)
        return result
    }

    /// This text, then `fill` repeated (in `style`) so that `right` ends at column `width`: a
    /// `%>C` of newsboat's formats. This text is cut first when both do not fit.
    public func filled(with fill: Character, style: Style, before right: StyledText, toWidth width: Int) -> StyledText {
        let rightWidth = right.width
        guard rightWidth <= width else { return (self + right).truncated(toWidth: width) }
        var row = truncated(toWidth: width - rightWidth)
        let fillWidth = DisplayWidth.of(fill)
        let gap = width - rightWidth - row.width
        if fillWidth > 0 && gap > 0 {
            row.append(String(repeating: fill, count: gap / fillWidth) + String(repeating: " ", count: gap % fillWidth), style: style)
        }
        row.append(right)
        return row
    }
}
