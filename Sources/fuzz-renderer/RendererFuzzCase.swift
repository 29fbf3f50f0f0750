import Foundation
import TerminalUI
import TidingsApp

/// One fuzz input for the article renderer: a control byte, then the item's HTML.
///
/// The control byte picks the base URL (bits 0–1) and the screen width the text is wrapped to
/// (bits 2–7: 1…64 columns). `run()` renders the HTML, lays it out in a `TextView`, draws the
/// first screen and the last one into a `CellGrid`, and traps when
///
/// - a line of `pre` is wider than the view (it must be cut, not wrapped);
/// - a link is not an absolute URL with a scheme a browser may be sent to, holds white space or
///   control characters, or is listed twice;
/// - the text grows faster than linearly with the input (every line's indentation is paid for
///   by the markup that opened it, not repeated without bound);
/// - a drawn cell holds a control character (ESC and friends must never reach the terminal);
/// - a picture is placed at a line that is not one, has a source that is not an absolute http(s)
///   URL without white space, or its reserved rows are not where the layout says (laid out
///   again with every picture drawn three rows high).
struct RendererFuzzCase {
    static let baseURLs: [String?] = [nil, "https://example.org/blog/2024/post.html", "http://user:secret@example.org/", "file:///tmp/"]
    static let browsableSchemes: Set<String> = [
        "http", "https", "ftp", "mailto", "gopher", "gemini", "news", "nntp", "magnet", "irc", "ircs", "xmpp", "tel", "sip",
    ]

    let baseURL: String?
    let width: Int
    let html: String
    let inputByteCount: Int

    init(_ input: UnsafeRawBufferPointer) {
        let control = input.first ?? 0
        baseURL = Self.baseURLs[Int(control & 0x03)]
        width = 1 + Int(control >> 2)
        let body = input.count > 1 ? UnsafeRawBufferPointer(rebasing: input[1...]) : UnsafeRawBufferPointer(start: nil, count: 0)
        html = String(decoding: body.bindMemory(to: UInt8.self), as: UTF8.self)
        inputByteCount = body.count
    }

    func run() {
        let body = HTMLTextRenderer.render(html, baseURL: baseURL)
        checkLinks(body.links)
        let lines = body.lines(width: width)
        let textBytes = lines.reduce(0) { $0 + $1.text.plainText.utf8.count + $1.continuationIndent }
        require(textBytes <= 64 * inputByteCount + 4096, "\(textBytes) bytes of text from \(inputByteCount) bytes of HTML")
        let preformatted = ArticleBody(blocks: body.blocks.filter { if case .preformatted = $0 { true } else { false } })
        for line in preformatted.lines(width: width) {
            require(line.text.width <= width, "a pre line wider than the view: \(line.text.plainText.debugDescription)")
        }

        checkPictures(body, lines: lines)

        var view = TextView(lines: lines)
        var grid = CellGrid(rows: 12, columns: width)
        view.render(into: &grid, in: grid.bounds)
        checkCells(grid)
        view.scroll(by: view.rowCount)
        view.render(into: &grid, in: grid.bounds)
        checkCells(grid)
    }

    private func checkLinks(_ links: [String]) {
        require(Set(links).count == links.count, "a link listed twice: \(links)")
        for link in links {
            let scheme = link.prefix { $0 != ":" }.lowercased()
            require(link.contains(":") && Self.browsableSchemes.contains(scheme), "a link a browser must not open: \(link.debugDescription)")
            require(link.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F }, "a link with white space or a control character: \(link.debugDescription)")
        }
    }

    private func checkPictures(_ body: ArticleBody, lines: [TextView.Line]) {
        require(body.images.count <= 64, "\(body.images.count) pictures")
        for image in body.images {
            guard body.blocks.indices.contains(image.block), case .line = body.blocks[image.block] else {
                return require(false, "a picture at block \(image.block), which is no line")
            }
            for candidate in image.sources.candidates {
                let scheme = candidate.url.prefix { $0 != ":" }.lowercased()
                require((scheme == "http" || scheme == "https") && candidate.url.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F },
                        "a picture source to download: \(candidate.url.debugDescription)")
            }
        }
        let (drawn, pictures) = body.lines(width: width, pictureRows: { _ in 3 })
        require(pictures.count == body.images.count, "\(pictures.count) pictures laid out of \(body.images.count)")
        require(drawn.count <= lines.count + 4 * pictures.count, "\(drawn.count) lines with pictures, \(lines.count) without")
        for picture in pictures {
            require(picture.line + picture.rows <= drawn.count, "a picture past the end")
            for line in drawn[picture.line..<(picture.line + picture.rows)] {
                require(line.text.isEmpty, "text in a picture's rows")
            }
        }
    }

    private func checkCells(_ grid: CellGrid) {
        for cell in grid.cells {
            for scalar in cell.grapheme.unicodeScalars {
                let value = scalar.value
                require(value >= 0x20 && !(0x7F...0x9F).contains(value), "a cell holds control character U+\(String(value, radix: 16))")
            }
        }
    }

    private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        FileHandle.standardError.write(Data("fuzz-renderer: invariant broken: \(message())\n".utf8))
        fatalError("fuzz-renderer invariant broken")
    }
}
