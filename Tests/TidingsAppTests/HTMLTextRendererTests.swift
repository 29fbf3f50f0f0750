import Testing
import TerminalUI
@testable import TidingsApp

@Suite struct HTMLTextRendererTests {
    private func render(_ html: String, width: Int = 40, base: String? = "https://example.org/blog/post") -> [String] {
        var view = TextView(lines: HTMLTextRenderer.render(html, baseURL: base).lines)
        var grid = CellGrid(rows: 60, columns: width)
        view.render(into: &grid, in: grid.bounds)
        var lines = grid.lines
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func paragraphsHeadingsAndEmphasis() {
        let html = "<h1>Title</h1><p>First   paragraph\n with <b>bold</b> and <em>stress</em>.</p><p>Second.</p>"
        #expect(render(html) == ["Title", "", "First paragraph with bold and stress.", "", "Second."])
        let body = HTMLTextRenderer.render(html)
        let styles = body.lines[2].text.runs.map { $0.style.attributes }
        #expect(styles.contains(.bold) && styles.contains(.underline))
        #expect(body.lines[0].text.runs[0].style.attributes == [.bold, .underline])
    }

    @Test func listsWithBulletsNumbersAndHangingIndent() {
        let html = "<ul><li>apples and pears and plums</li><li>nested<ol><li>one</li><li>two</li></ol></li></ul><ol start=\"9\"><li>nine</li><li>ten</li></ol>"
        #expect(render(html, width: 16) == [
            "• apples and", "  pears and", "  plums", "• nested", "   1. one", "   2. two", "", "9. nine", "10. ten",
        ])
    }

    @Test func blockquotePreAndBreaks() {
        let html = "<p>line one<br>line two</p><blockquote><p>quoted text that wraps here</p></blockquote><pre>  let x = 1\n    y  =  2</pre>"
        #expect(render(html, width: 20) == [
            "line one", "line two", "", "    quoted text that", "    wraps here", "", "  let x = 1", "    y  =  2",
        ])
    }

    @Test func linksAreNumberedAndListedAbsolute() {
        let html = "<p>See <a href=\"/docs\">the docs</a>, <a href=\"https://other.example/x?a=1&amp;b=2\">this</a> and <a href=\"/docs\">again</a>. <a href=\"javascript:alert(1)\">no</a> <a href=\"#top\">top</a></p>"
        let body = HTMLTextRenderer.render(html, baseURL: "https://example.org/blog/post")
        #expect(body.links == ["https://example.org/docs", "https://other.example/x?a=1&b=2"])
        #expect(render(html, width: 80) == [
            "See the docs[1], this[2] and again[1]. no top",
            "",
            "Links:",
            "[1] https://example.org/docs",
            "[2] https://other.example/x?a=1&b=2",
        ])
    }

    @Test func imagesScriptsAndStyles() {
        let html = "<p><img src=\"a.png\" alt=\"A  cat\"> <img src=\"b.png\"></p><script>var x = '<p>no</p>';</script><style>p { color: red }</style><p>after</p>"
        #expect(render(html) == ["[image: A cat] [image]", "", "after"])
    }

    @Test func japaneseTextWrapsBetweenCharacters() {
        let html = "<p>日本語の記事です。改行のテストをします。</p>"
        #expect(render(html, width: 12) == ["日本語の記事", "です。改行の", "テストをしま", "す。"])
    }

    @Test func tagSoupAndPlainTextAreRecovered() {
        #expect(render("<p>unclosed <b>bold <i>both</p><p>next") == ["unclosed bold both", "", "next"])
        #expect(render("just text, no tags") == ["just text, no tags"])
        #expect(render("") == [])
        #expect(render("a &amp; b &lt;c&gt; &eacute;") == ["a & b <c> é"])
    }

    @Test func controlCharactersInHTMLNeverReachTheGrid() {
        let lines = render("<p>evil \u{1B}[2J title\u{07}</p>")
        // libxml2 drops the control characters itself; none may survive either way.
        #expect(lines == ["evil [2J title"])
    }
}

@Suite struct HostileHTMLTests {
    @Test func deepNestingKeepsIndentationBounded() {
        let depth = 5_000
        let html = String(repeating: "<ul><li>", count: depth) + "deep" + String(repeating: "</li></ul>", count: depth)
            + String(repeating: "<blockquote>", count: depth) + "quoted" + String(repeating: "</blockquote>", count: depth)
        let body = HTMLTextRenderer.render(html)
        for line in body.lines {
            #expect(line.text.plainText.prefix { $0 == " " }.count <= 4 * 4 + 6 * 3)
        }
        #expect(body.lines.contains { $0.text.plainText.hasSuffix("• deep") })
        #expect(body.lines.contains { $0.text.plainText.hasSuffix("quoted") })
    }

    @Test func manyLinksAreAllNumbered() {
        let html = (1...2_000).map { "<a href=\"https://e.example/\($0)\">l</a>" }.joined(separator: " ")
        let body = HTMLTextRenderer.render(html)
        #expect(body.links.count == 2_000)
        #expect(body.lines.last?.text.plainText == "[2000] https://e.example/2000")
    }
}
