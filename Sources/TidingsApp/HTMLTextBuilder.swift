import FeedParser
import Foundation
import TerminalUI

/// Collects libxml2's HTML SAX events into styled lines; used by `HTMLTextRenderer` only.
///
/// Whitespace is collapsed as a browser does, except inside `pre`. Blocks are separated by one
/// blank line at most; indentation comes from block quotes and list nesting and is repeated on
/// wrapped lines through the line's continuation indent.
final class HTMLTextBuilder {
    private let baseURL: String?
    /// How link numbers are drawn.
    private let linkStyle: Style
    private var lines: [TextView.Line] = []
    private var links: [String] = []
    /// Each link's number, so that a body with thousands of links numbers them in linear time.
    private var linkNumbers: [String: Int] = [:]

    private var current = StyledText()
    private var lineStarted = false
    private var continuationIndent = 0
    private var pendingSpace = false
    private var needsBlankLine = false
    private var pendingBullet: String?

    private var boldDepth = 0
    private var underlineDepth = 0
    private var skipDepth = 0
    private var preDepth = 0
    private var quoteDepth = 0
    private var lists: [(isOrdered: Bool, next: Int)] = []
    private var openLinks: [Int?] = []

    private static let skipped: Set<String> = ["script", "style", "head", "title", "template", "noscript", "svg", "math", "select"]
    private static let paragraphBlocks: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "ul", "ol", "dl", "table", "figure", "address", "details", "hr",
    ]
    private static let lineBlocks: Set<String> = [
        "div", "section", "article", "header", "footer", "aside", "nav", "main", "figcaption", "dt", "dd", "tr", "summary", "center", "form", "fieldset", "caption",
    ]
    private static let bold: Set<String> = ["b", "strong", "h1", "h2", "h3", "h4", "h5", "h6", "th", "dt"]
    private static let underlined: Set<String> = ["i", "em", "u", "ins", "cite", "dfn", "h1"]
    private static let linkSchemes: Set<String> = ["http", "https", "ftp", "mailto", "gopher", "gemini", "news", "nntp", "magnet", "irc", "ircs", "xmpp", "tel", "sip"]

    init(baseURL: String?, linkStyle: Style = .dim) {
        self.baseURL = baseURL
        self.linkStyle = linkStyle
    }

    // MARK: - Events

    func start(element name: String, attributes: [String: String]) {
        let name = name.lowercased()
        if Self.skipped.contains(name) {
            skipDepth += 1
            return
        }
        guard skipDepth == 0 else { return }
        if Self.bold.contains(name) { boldDepth += 1 }
        if Self.underlined.contains(name) { underlineDepth += 1 }
        switch name {
        case "br":
            lineBreak()
        case "hr":
            startBlock()
            beginContent()
            current.append("────────────────────", style: .dim)
            endBlock()
        case "pre":
            startBlock()
            preDepth += 1
        case "blockquote":
            startBlock()
            quoteDepth += 1
        case "ul", "ol":
            if lists.isEmpty { startBlock() } else { flushLine() }
            let start = name == "ol" ? Int(attributes["start"] ?? "") ?? 1 : 1
            lists.append((name == "ol", start))
        case "li":
            flushLine()
            if let list = lists.last {
                pendingBullet = list.isOrdered ? "\(list.next). " : "• "
                lists[lists.count - 1].next += 1
            } else {
                pendingBullet = "• "
            }
        case "img":
            let alt = collapsed(attributes["alt"] ?? "")
            inline(alt.isEmpty ? "[image]" : "[image: \(alt)]", style: .dim)
        case "a":
            openLinks.append(linkNumber(for: attributes["href"]))
        case "td", "th":
            if lineStarted { inline("  ", style: .plain, collapsible: false) }
        default:
            if Self.paragraphBlocks.contains(name) {
                startBlock()
            } else if Self.lineBlocks.contains(name) {
                flushLine()
            }
        }
    }

    func end(element name: String) {
        let name = name.lowercased()
        if Self.skipped.contains(name) {
            skipDepth = max(0, skipDepth - 1)
            return
        }
        guard skipDepth == 0 else { return }
        if Self.bold.contains(name) { boldDepth = max(0, boldDepth - 1) }
        if Self.underlined.contains(name) { underlineDepth = max(0, underlineDepth - 1) }
        switch name {
        case "pre":
            preDepth = max(0, preDepth - 1)
            endBlock()
        case "blockquote":
            endBlock()
            quoteDepth = max(0, quoteDepth - 1)
        case "ul", "ol":
            flushLine()
            if !lists.isEmpty { lists.removeLast() }
            if lists.isEmpty { needsBlankLine = true }
        case "li":
            flushLine()
            pendingBullet = nil
        case "a":
            if let number = openLinks.popLast() ?? nil {
                inline("[\(number)]", style: linkStyle, collapsible: false)
            }
        default:
            if Self.paragraphBlocks.contains(name) {
                endBlock()
            } else if Self.lineBlocks.contains(name) {
                flushLine()
            }
        }
    }

    func text(_ text: String) {
        guard skipDepth == 0 else { return }
        if preDepth > 0 {
            var first = true
            for segment in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { lineBreak(keepEmpty: true) }
                first = false
                if !segment.isEmpty { inline(String(segment), style: currentStyle, collapsible: false) }
            }
        } else {
            inline(text, style: currentStyle)
        }
    }

    func finish() -> ArticleBody {
        flushLine()
        while lines.last?.text.isEmpty == true { lines.removeLast() }
        if !links.isEmpty {
            if !lines.isEmpty { lines.append(TextView.Line("")) }
            lines.append(TextView.Line(StyledText("Links:", style: .bold)))
            for (index, url) in links.enumerated() {
                let label = "[\(index + 1)] "
                lines.append(TextView.Line(StyledText("[\(index + 1)]", style: linkStyle) + StyledText(" " + url), continuationIndent: label.count))
            }
        }
        return ArticleBody(lines: lines, links: links)
    }

    // MARK: - Building lines

    private var currentStyle: Style {
        var attributes: Style.Attributes = []
        if boldDepth > 0 { attributes.insert(.bold) }
        if underlineDepth > 0 { attributes.insert(.underline) }
        return Style(attributes: attributes)
    }

    /// Columns of indentation for text in the current block. Nesting beyond a few levels adds
    /// nothing: hostile HTML nests thousands deep, and the text must stay readable (and small).
    private var blockIndent: Int { min(quoteDepth, 4) * 4 + min(lists.count, 6) * 3 }

    /// Appends inline text; with `collapsible`, runs of white space become one space and spaces at
    /// the start of a line vanish.
    private func inline(_ text: String, style: Style, collapsible: Bool = true) {
        guard collapsible else {
            beginContent()
            pendingSpace = false
            current.append(text, style: style)
            return
        }
        var word = ""
        for character in text {
            if character.isWhitespace {
                if !word.isEmpty {
                    emitWord(word, style: style)
                    word = ""
                }
                if lineStarted { pendingSpace = true }
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { emitWord(word, style: style) }
    }

    private func emitWord(_ word: String, style: Style) {
        beginContent()
        if pendingSpace {
            current.append(" ", style: style.attributes.contains(.underline) ? style : .plain)
            pendingSpace = false
        }
        current.append(word, style: style)
    }

    /// Starts a line if none is open: the blank line a new block asks for, the indentation, and a
    /// list item's bullet.
    private func beginContent() {
        guard !lineStarted else { return }
        if needsBlankLine, let last = lines.last, !last.text.isEmpty {
            lines.append(TextView.Line(""))
        }
        needsBlankLine = false
        lineStarted = true
        if let bullet = pendingBullet {
            let indent = max(0, blockIndent - 3)
            current.append(String(repeating: " ", count: indent))
            current.append(bullet, style: .bold)
            continuationIndent = indent + DisplayWidth.of(bullet)
            pendingBullet = nil
        } else {
            current.append(String(repeating: " ", count: blockIndent))
            continuationIndent = blockIndent
        }
    }

    private func flushLine() {
        guard lineStarted else { return }
        lines.append(TextView.Line(current, continuationIndent: continuationIndent))
        current = StyledText()
        lineStarted = false
        pendingSpace = false
    }

    /// `<br>` (or a newline in `pre`): ends the line; a break on an empty line leaves a blank
    /// line, but never two in a row outside `pre`.
    private func lineBreak(keepEmpty: Bool = false) {
        if lineStarted {
            flushLine()
        } else if keepEmpty || lines.last.map({ !$0.text.isEmpty }) == true {
            lines.append(TextView.Line(""))
        }
    }

    private func startBlock() {
        flushLine()
        needsBlankLine = true
    }

    private func endBlock() {
        flushLine()
        needsBlankLine = true
    }

    private func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The number of the link to `href` (reusing the number of an earlier identical link), or nil
    /// for anchors, scripts and anything that is not a place a browser should go.
    private func linkNumber(for href: String?) -> Int? {
        guard let href = href?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty, !href.hasPrefix("#") else { return nil }
        guard let absolute = URLResolver.resolve(href, againstBase: baseURL) else { return nil }
        let scheme = absolute.prefix { $0 != ":" }.lowercased()
        guard Self.linkSchemes.contains(scheme) else { return nil }
        if let existing = linkNumbers[absolute] { return existing }
        links.append(absolute)
        linkNumbers[absolute] = links.count
        return links.count
    }
}
