import Configuration
import FeedParser
import Foundation
import HTMLText
import ImageRendering
import TerminalUI

/// Collects `HTMLTokenizer`'s tokens into styled blocks; used by `HTMLTextRenderer` only.
///
/// Whitespace is collapsed as a browser does, except inside `pre`. Blocks are separated by one
/// blank line at most; indentation comes from block quotes and list nesting and is repeated on
/// wrapped lines through the line's continuation indent. Tables are collected cell by cell and
/// laid out for the view's width later (`ArticleTable`); `pre` lines are kept whole, to be cut at
/// the width (`ArticleBody.Block.preformatted`).
final class HTMLTextBuilder {
    private let baseURL: String?
    /// How link and image numbers are drawn.
    private let linkStyle: Style
    private let listsLinks: Bool
    private var blocks: [ArticleBody.Block] = []
    private var links: [String] = []
    /// Each link's number, so that a body with thousands of links numbers them in linear time.
    private var linkNumbers: [String: Int] = [:]
    private var imageNumbers: Set<Int> = []
    /// The pictures, each at the line holding its label.
    private var images: [ArticleImage] = []
    /// Pictures whose labels are on the line being built: their line's index is known once it ends.
    private var imagesOnLine: [(sources: ImageSourceSet, label: String)] = []
    /// Inside `<picture>`: the `srcset` of its first `<source>` the reader can decode, once seen.
    private var pictureSourceSet: String??
    /// The numbers of the links a `<video>` or `<audio>` brought in, with what they are (`video`,
    /// `audio`, `captions`…), for the URL view.
    private var mediaKinds: [Int: String] = [:]
    /// The video or audio being read, until its end tag: its sources and tracks come inside it.
    private var media: ArticleMedia?
    /// How deep inside it the reader is (a video inside a video is part of it).
    private var mediaDepth = 0

    private var current = StyledText()
    private var lineStarted = false
    private var continuationIndent = 0
    private var pendingSpace = false
    private var needsBlankLine = false
    private var pendingBullet: String?

    private var boldDepth = 0
    private var underlineDepth = 0
    private var hiddenDepth = 0
    private var preDepth = 0
    private var quoteDepth = 0
    private var lists: [(isOrdered: Bool, next: Int)] = []
    private var openLinks: [Int?] = []

    /// The table being collected (the outermost one; nested tables read as text in its cells).
    private var table: ArticleTable?
    private var tableDepth = 0
    private var cellIsHeader: Bool?
    private var cellIsCaption = false

    private static let linkSchemes: Set<String> = ["http", "https", "ftp", "mailto", "gopher", "gemini", "news", "nntp", "magnet", "irc", "ircs", "xmpp", "tel", "sip"]

    init(baseURL: String?, linkStyle: Style = .dim, listsLinks: Bool = true) {
        self.baseURL = baseURL
        self.linkStyle = linkStyle
        self.listsLinks = listsLinks
    }

    private var isInCell: Bool { cellIsHeader != nil }

    // MARK: - Events

    func start(_ tag: HTMLTag, attribute: (String) -> String?) {
        let element = tag.element
        if hiddenDepth == 0, mediaDepth > 0 || element == .video || element == .audio {
            return startInMedia(tag, attribute: attribute)
        }
        if element.hidesContent {
            if !tag.isSelfClosing { hiddenDepth += 1 }
            return
        }
        guard hiddenDepth == 0 else { return }
        if !element.isVoid && !tag.isSelfClosing {
            if element.isBold { boldDepth += 1 }
            if element.isUnderlined { underlineDepth += 1 }
        }
        switch element {
        case .table:
            tableDepth += 1
            if tableDepth == 1 {
                startBlock()
                table = ArticleTable(indent: blockIndent)
            }
        case .tr where tableDepth == 1:
            finishCell()
            table?.rows.append([])
        case .td, .th, .caption:
            if tableDepth == 1 {
                finishCell()
                if table?.rows.isEmpty != false && element != .caption { table?.rows.append([]) }
                cellIsHeader = element == .th
                cellIsCaption = element == .caption
                lineStarted = true
            } else if isInCell {
                pendingSpace = true
            }
        case _ where isInCell && element.layout != .inline:
            pendingSpace = lineStarted && !current.isEmpty
        case .br:
            lineBreak()
        case .hr:
            startBlock()
            beginContent()
            current.append("────────────────────", style: .dim)
            endBlock()
        case .pre:
            startBlock()
            preDepth += 1
        case .blockquote:
            startBlock()
            quoteDepth += 1
        case .ul, .ol:
            if lists.isEmpty { startBlock() } else { flushLine() }
            let start = element == .ol ? Int(attribute("start")?.trimmingCharacters(in: .whitespaces) ?? "") ?? 1 : 1
            lists.append((element == .ol, start))
        case .li:
            flushLine()
            if let list = lists.last {
                pendingBullet = list.isOrdered ? "\(list.next). " : "• "
                lists[lists.count - 1].next = list.next &+ 1
            } else {
                pendingBullet = "• "
            }
        case .img:
            let alt = collapsed(attribute("alt") ?? "")
            let label = linkNumber(for: attribute("src"), isImage: true).map { "image \($0)" } ?? "image"
            let text = alt.isEmpty ? "[\(label)]" : "[\(label): \(alt)]"
            inline(text, style: .dim)
            notePicture(src: attribute("src"), srcset: (pictureSourceSet ?? nil) ?? attribute("srcset"), label: text)
        case .picture:
            pictureSourceSet = .some(nil)
        case .source:
            // The first `<source>` of a format the reader decodes (no `type`: any); `media` is
            // not weighed, the reader has no viewport to match it against.
            guard case .some(nil) = pictureSourceSet, let srcset = attribute("srcset") else { break }
            if let type = attribute("type"), ImageFormat(mimeType: type) == nil { break }
            pictureSourceSet = .some(srcset)
        case .a:
            openLinks.append(linkNumber(for: attribute("href")))
        default:
            if element.layout == .paragraph {
                startBlock()
            } else if element.layout == .line {
                flushLine()
            }
        }
    }

    func end(_ element: HTMLElement) {
        if mediaDepth > 0 {
            if element == .video || element == .audio {
                mediaDepth -= 1
                if mediaDepth == 0 { finishMedia() }
            }
            return
        }
        if element.hidesContent {
            hiddenDepth = max(0, hiddenDepth - 1)
            return
        }
        guard hiddenDepth == 0, !element.isVoid else { return }
        if element.isBold { boldDepth = max(0, boldDepth - 1) }
        if element.isUnderlined { underlineDepth = max(0, underlineDepth - 1) }
        switch element {
        case .table:
            tableDepth = max(0, tableDepth - 1)
            if tableDepth == 0 { finishTable() }
        case .td, .th, .caption, .tr:
            if tableDepth == 1 {
                finishCell()
            } else if isInCell {
                pendingSpace = lineStarted && !current.isEmpty
            }
        case .picture:
            pictureSourceSet = nil
        case .a:
            if let number = openLinks.popLast() ?? nil {
                inline("[\(number)]", style: linkStyle, collapsible: false, link: links[number - 1])
            }
        case _ where isInCell && element.layout != .inline:
            pendingSpace = lineStarted && !current.isEmpty
        case .pre:
            endBlock()
            preDepth = max(0, preDepth - 1)
        case .blockquote:
            endBlock()
            quoteDepth = max(0, quoteDepth - 1)
        case .ul, .ol:
            flushLine()
            if !lists.isEmpty { lists.removeLast() }
            if lists.isEmpty { needsBlankLine = true }
        case .li:
            flushLine()
            pendingBullet = nil
        default:
            if element.layout == .paragraph {
                endBlock()
            } else if element.layout == .line {
                flushLine()
            }
        }
    }

    func text(_ text: String) {
        guard hiddenDepth == 0, mediaDepth == 0 else { return }
        // Control characters (the sanitiser removes them from stored items; other HTML may hold
        // them) read as nothing, as a browser shows them.
        let text = text.unicodeScalars.contains(where: Self.isControl) ? String(String.UnicodeScalarView(text.unicodeScalars.filter { !Self.isControl($0) })) : text
        if preDepth > 0 && !isInCell {
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
        if mediaDepth > 0 {
            mediaDepth = 0
            finishMedia()
        }
        finishTable()
        flushLine()
        while case .line(let line)? = blocks.last, line.text.isEmpty { blocks.removeLast() }
        if listsLinks && !links.isEmpty {
            if !blocks.isEmpty { blocks.append(.line(TextView.Line(""))) }
            blocks.append(.line(TextView.Line(StyledText("Links:", style: .bold))))
            for (index, url) in links.enumerated() {
                let label = "[\(index + 1)] "
                blocks.append(.line(TextView.Line(StyledText("[\(index + 1)]", style: linkStyle) + StyledText(" " + url, link: url), continuationIndent: label.count)))
            }
        }
        return ArticleBody(blocks: blocks, links: links, imageNumbers: imageNumbers, images: images, mediaKinds: mediaKinds)
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

    /// The address of the innermost link open: its text carries it, for a terminal that makes it
    /// clickable (`hyperlinks`).
    private var openLinkURL: String? {
        openLinks.last { $0 != nil }.flatMap { $0 }.map { links[$0 - 1] }
    }

    /// Appends inline text; with `collapsible`, runs of white space become one space and spaces at
    /// the start of a line vanish. The text carries `link` (by default the link it is inside).
    private func inline(_ text: String, style: Style, collapsible: Bool = true, link: String? = nil) {
        let link = link ?? openLinkURL
        guard collapsible else {
            beginContent()
            pendingSpace = false
            current.append(text, style: style, link: link)
            return
        }
        var word = ""
        for character in text {
            // A no-break space (U+00A0, U+202F, U+2007) is white space that holds its words
            // together: it stays, as a character of the word (issue 45 §4).
            if character.isWhitespace && !"\u{A0}\u{202F}\u{2007}".contains(character) {
                if !word.isEmpty {
                    emitWord(word, style: style, link: link)
                    word = ""
                }
                if lineStarted { pendingSpace = true }
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { emitWord(word, style: style, link: link) }
    }

    private func emitWord(_ word: String, style: Style, link: String?) {
        beginContent()
        if pendingSpace {
            // Underlined only between two underlined words, never before the first (issue 45 §16).
            let joinsUnderlined = style.attributes.contains(.underline) && current.runs.last?.style.attributes.contains(.underline) == true
            // A space between two words of one link is part of it (one clickable run).
            let joinsLink = link != nil && current.runs.last?.link == link
            if !current.isEmpty { current.append(" ", style: joinsUnderlined ? style : .plain, link: joinsLink ? link : nil) }
            pendingSpace = false
        }
        current.append(word, style: style, link: link)
    }

    /// Starts a line if none is open: the blank line a new block asks for, the indentation, and a
    /// list item's bullet. Cells of a table have none of these.
    private func beginContent() {
        if table != nil && !isInCell {
            // Text between a table's cells: a cell of its own, as browsers move it out.
            finishCell()
            table?.rows.append([])
            cellIsHeader = false
            lineStarted = true
        }
        guard !lineStarted else { return }
        separateBlock()
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
        guard lineStarted, !isInCell else { return }
        if !imagesOnLine.isEmpty {
            let labels = imagesOnLine.map(\.label).joined(separator: " ")
            let standsAlone = collapsed(current.runs.map(\.text).joined()) == labels
            for image in imagesOnLine where images.count < Self.maximumImages {
                images.append(ArticleImage(sources: image.sources, label: image.label, block: blocks.count, standsAlone: standsAlone))
            }
            imagesOnLine = []
        }
        blocks.append(preDepth > 0 ? .preformatted(current) : .line(TextView.Line(current, continuationIndent: continuationIndent)))
        current = StyledText()
        lineStarted = false
        pendingSpace = false
    }

    /// Ends the cell being collected, if any, as the last cell of the table's last row.
    private func finishCell() {
        guard let isHeader = cellIsHeader else { return }
        if var collected = table {
            table = nil  // so that the rows are not copied to be changed
            if cellIsCaption {
                collected.caption.append(current)
            } else {
                if collected.rows.isEmpty { collected.rows.append([]) }
                collected.rows[collected.rows.count - 1].append(ArticleTable.Cell(text: current, isHeader: isHeader))
            }
            table = collected
        }
        cellIsCaption = false
        current = StyledText()
        cellIsHeader = nil
        lineStarted = false
        pendingSpace = false
    }

    private func finishTable() {
        finishCell()
        guard var finished = table else { return }
        table = nil
        tableDepth = 0
        finished.rows.removeAll { $0.isEmpty }
        if !finished.rows.isEmpty || !finished.caption.isEmpty {
            separateBlock()
            blocks.append(.table(finished))
        }
        needsBlankLine = true
    }

    /// `<br>` (or a newline in `pre`): ends the line; a break on an empty line leaves a blank
    /// line, but never two in a row outside `pre`.
    private func lineBreak(keepEmpty: Bool = false) {
        if lineStarted {
            flushLine()
        } else if keepEmpty {
            blocks.append(preDepth > 0 ? .preformatted(StyledText()) : .line(TextView.Line("")))
        } else if case .line(let last)? = blocks.last, !last.text.isEmpty {
            blocks.append(.line(TextView.Line("")))
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || (0x7F...0x9F).contains(value)
    }

    /// The blank line a new block asks for, unless the text is at its start or after one.
    private func separateBlock() {
        if needsBlankLine, let last = blocks.last, !Self.isBlank(last) {
            blocks.append(.line(TextView.Line("")))
        }
        needsBlankLine = false
    }

    private static func isBlank(_ block: ArticleBody.Block) -> Bool {
        if case .line(let line) = block { return line.text.isEmpty }
        return false
    }

    private func startBlock() {
        flushLine()
        needsBlankLine = true
    }

    private func endBlock() {
        flushLine()
        needsBlankLine = true
    }

    /// Most pictures an article downloads: a hostile item with thousands of `<img>` costs no more.
    static let maximumImages = 64
    /// Most `srcset` candidates weighed per picture.
    private static let maximumSources = 32

    /// Notes a picture whose label was just written, for the line being built. Pictures in tables
    /// and `pre` keep their label only: a picture has no room in a cell or a line of code.
    private func notePicture(src: String?, srcset: String?, label: String) {
        guard preDepth == 0, table == nil, !isInCell else { return }
        var sources = ImageSourceSet(src: src, srcset: srcset)
        sources.candidates = sources.candidates.prefix(Self.maximumSources).compactMap { candidate in
            let trimmed = candidate.url.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let absolute = URLResolver.resolve(trimmed, againstBase: baseURL) else { return nil }
            let scheme = absolute.prefix { $0 != ":" }.lowercased()
            guard scheme == "http" || scheme == "https" else { return nil }
            var resolved = candidate
            resolved.url = absolute
            return resolved
        }
        guard !sources.candidates.isEmpty else { return }
        imagesOnLine.append((sources, label))
    }

    private func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: - Video and audio

    /// A tag inside `<video>` or `<audio>` (or the element's own): its sources and tracks are
    /// noted, the rest is the fallback for readers without players, not shown.
    private func startInMedia(_ tag: HTMLTag, attribute: (String) -> String?) {
        switch tag.element {
        case .video, .audio:
            if media == nil {
                media = ArticleMedia(kind: tag.element == .video ? .video : .audio, src: attribute("src"),
                                     poster: attribute("poster"), title: attribute("title"))
            }
            mediaDepth += 1
        case .source:
            media?.addSource(attribute("src"))
        case .track:
            media?.addTrack(src: attribute("src"), kind: attribute("kind"), label: attribute("label"), language: attribute("srclang"))
        default:
            break
        }
    }

    /// Writes the video or audio just read at its place: its numbered label, its poster noted as a
    /// picture there, its tracks' labels after it.
    private func finishMedia() {
        guard let finished = media else { return }
        media = nil
        let number = linkNumber(for: finished.src, mediaKind: finished.kind.rawValue)
        let label = finished.label(number: number, absoluteSource: number.map { links[$0 - 1] })
        inline(label, style: .dim)
        if let poster = finished.poster { notePicture(src: poster, srcset: nil, label: label) }
        for track in finished.tracks {
            inline(" " + ArticleMedia.label(of: track, number: linkNumber(for: track.src, mediaKind: track.kind)), style: .dim)
        }
    }

    /// The number of the link to `href` (reusing the number of an earlier identical link), or nil
    /// for anchors, scripts and anything that is not a place a browser should go. An image or a
    /// media file that brings a link in first makes it an image's (`isImage`) or a media's link.
    private func linkNumber(for href: String?, isImage: Bool = false, mediaKind: String? = nil) -> Int? {
        guard let href = href?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty, !href.hasPrefix("#") else { return nil }
        guard let absolute = URLResolver.resolve(href, againstBase: baseURL) else { return nil }
        let scheme = absolute.prefix { $0 != ":" }.lowercased()
        guard Self.linkSchemes.contains(scheme) else { return nil }
        if let existing = linkNumbers[absolute] { return existing }
        links.append(absolute)
        linkNumbers[absolute] = links.count
        if isImage { imageNumbers.insert(links.count) }
        if let mediaKind { mediaKinds[links.count] = mediaKind }
        return links.count
    }
}
