import Foundation

/// Writes an extracted article out as HTML and as plain text.
///
/// HTML keeps the structure the article renderer shows — headings, paragraphs, lists, quotes,
/// `pre`, tables, figures, images (lazy-loaded ones get their real `src`) and links — and
/// unwraps every other element. It is not safe yet: the extractor passes it through
/// `HTMLSanitizer`, which also resolves its links.
enum ArticleWriter {
    /// The children of `article` as HTML, one block per line.
    static func html(_ tree: PageTree, from article: PageTree.Index) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        var preDepth = 0
        var figureDepth = 0
        var stack: [Step] = tree.children(of: article).reversed().map { .enter($0) }
        while let step = stack.popLast() {
            switch step {
            case .exit(let tag):
                out.append(contentsOf: Array("</\(tag.name)>".utf8))
                if tag == .pre { preDepth -= 1 }
                if tag == .figure { figureDepth -= 1 }
                if tag.breaksParagraph || tag == .li || tag == .tr { out.append(0x0A) }
            case .enter(let index):
                let node = tree[index]
                switch node.tag {
                case .text:
                    appendEscaped(node.text, to: &out, collapsingSpace: preDepth == 0, quotes: false)
                    continue
                case .img:
                    if let source = imageSource(node) {
                        let alt = node.attribute(.alt) ?? ""
                        if !alt.isEmpty || figureDepth > 0 {
                            out.append(contentsOf: Array("<img src=\"".utf8))
                            appendEscaped(source, to: &out, collapsingSpace: false, quotes: true)
                            out.append(contentsOf: Array("\" alt=\"".utf8))
                            appendEscaped(alt, to: &out, collapsingSpace: true, quotes: true)
                            out.append(contentsOf: Array("\">".utf8))
                        }
                    }
                    continue
                case .br:
                    out.append(contentsOf: Array("<br>".utf8))
                    continue
                case .hr:
                    out.append(contentsOf: Array("<hr>\n".utf8))
                    continue
                case .a:
                    if let href = node.attribute(.href), !href.isEmpty {
                        out.append(contentsOf: Array("<a href=\"".utf8))
                        appendEscaped(href, to: &out, collapsingSpace: false, quotes: true)
                        out.append(contentsOf: Array("\">".utf8))
                        stack.append(.exit(.a))
                    }
                default:
                    if node.tag.isVoid { continue }
                    if node.tag.isKeptBlock || node.tag.isKeptInline {
                        writeStartTag(node, to: &out)
                        stack.append(.exit(node.tag))
                        if node.tag == .pre { preDepth += 1 }
                        if node.tag == .figure { figureDepth += 1 }
                    }
                }
                var child = node.lastChild
                while child != PageTree.none {
                    stack.append(.enter(child))
                    child = tree[child].previousSibling
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text of `article`: paragraphs separated by a blank line, list items, table rows and
    /// line breaks by a line break, table cells by a tab; white space collapsed outside `pre`.
    static func text(_ tree: PageTree, from article: PageTree.Index) -> String {
        var writer = PlainTextBuilder()
        var preDepth = 0
        // Inside a table cell, paragraphs and line breaks become spaces: a row stays one line.
        var cellDepth = 0
        var stack: [Step] = tree.children(of: article).reversed().map { .enter($0) }
        while let step = stack.popLast() {
            switch step {
            case .exit(let tag):
                if tag == .pre { preDepth -= 1 }
                if tag == .td || tag == .th { cellDepth -= 1 }
                if cellDepth > 0 {
                    if tag.breaksParagraph || tag == .li { writer.requestSpace() }
                } else if tag.breaksParagraph {
                    writer.requestBreak(2)
                } else if tag == .li || tag == .tr || tag == .dt || tag == .dd {
                    writer.requestBreak(1)
                }
            case .enter(let index):
                let node = tree[index]
                switch node.tag {
                case .text:
                    writer.append(node.text, preformatted: preDepth > 0)
                    continue
                case .br:
                    if cellDepth > 0 { writer.requestSpace() } else { writer.lineBreak() }
                    continue
                case .td, .th:
                    if tree[index].previousSibling != PageTree.none { writer.requestCellSeparator() }
                    cellDepth += 1
                default:
                    if node.tag.isVoid { continue }
                }
                if cellDepth > 0, node.tag != .td, node.tag != .th {
                    if node.tag.breaksParagraph || node.tag == .li { writer.requestSpace() }
                } else if node.tag.breaksParagraph {
                    writer.requestBreak(2)
                } else if node.tag == .li || node.tag == .tr || node.tag == .dt || node.tag == .dd {
                    writer.requestBreak(1)
                }
                if node.tag == .pre { preDepth += 1 }
                stack.append(.exit(node.tag))
                var child = node.lastChild
                while child != PageTree.none {
                    stack.append(.enter(child))
                    child = tree[child].previousSibling
                }
            }
        }
        return writer.finish()
    }

    private enum Step {
        case enter(PageTree.Index)
        case exit(ElementTag)
    }

    private static func writeStartTag(_ node: PageNode, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: Array(node.tag.name.utf8))
        let kept: [PageAttribute.Name]
        switch node.tag {
        case .td, .th: kept = [.colspan, .rowspan]
        case .ol: kept = [.start]
        case .blockquote, .q, .del, .ins: kept = [.cite]
        case .time: kept = [.datetime]
        case .abbr, .acronym, .dfn: kept = [.title]
        default: kept = []
        }
        for name in kept {
            guard let value = node.attribute(name) else { continue }
            out.append(0x20)
            out.append(contentsOf: Array(name.html.utf8))
            out.append(contentsOf: Array("=\"".utf8))
            appendEscaped(value, to: &out, collapsingSpace: false, quotes: true)
            out.append(UInt8(ascii: "\""))
        }
        if node.tag == .pre || node.tag == .code, let className = node.attribute(.className),
           let language = className.split(separator: " ").first(where: { $0.hasPrefix("language-") || $0.hasPrefix("lang-") }) {
            // The language of a code block, for a renderer that highlights.
            out.append(contentsOf: Array(" class=\"".utf8))
            appendEscaped(String(language), to: &out, collapsingSpace: false, quotes: true)
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: ">"))
    }

    /// The image's real address: lazy-loading pages put it in `data-src` (and friends) or in a
    /// `srcset` and leave `src` a placeholder. Nil for an image with no address, or a tracking
    /// pixel.
    static func imageSource(_ node: PageNode) -> String? {
        if node.attribute(.width) == "1" || node.attribute(.height) == "1" { return nil }
        func usable(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty,
                  !value.hasPrefix("data:") else { return nil }
            return value
        }
        func firstCandidate(_ srcset: String?) -> String? {
            usable(srcset?.split(separator: ",").first.flatMap { $0.split(separator: " ").first }.map(String.init))
        }
        let source = usable(node.attribute(.src))
        let lowered = source?.lowercased() ?? ""
        let isPlaceholder = source == nil
            || ["placeholder", "blank.gif", "spacer", "pixel.gif", "lazy", "transparent.gif", "grey.gif"]
                .contains { lowered.contains($0) }
        if isPlaceholder {
            let lazy = usable(node.attribute(.dataSrc)) ?? usable(node.attribute(.dataLazySrc))
                ?? usable(node.attribute(.dataOriginal)) ?? firstCandidate(node.attribute(.dataSrcset))
                ?? firstCandidate(node.attribute(.srcset))
            if let lazy { return lazy }
        }
        return source
    }

    /// Appends `text` escaped for HTML, runs of white space as one space when `collapsingSpace`,
    /// control characters removed.
    private static func appendEscaped(_ text: String, to out: inout [UInt8], collapsingSpace: Bool, quotes: Bool) {
        var previousWasSpace = false
        for byte in text.utf8 {
            if collapsingSpace, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                if !previousWasSpace { out.append(0x20) }
                previousWasSpace = true
                continue
            }
            previousWasSpace = false
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])
            case UInt8(ascii: "<"): out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])
            case UInt8(ascii: ">"): out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])
            case UInt8(ascii: "\"") where quotes: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])
            case 0x09, 0x0A, 0x0D: out.append(byte)
            case 0x00...0x1F, 0x7F: continue
            default: out.append(byte)
            }
        }
    }
}
