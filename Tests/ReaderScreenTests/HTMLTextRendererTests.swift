import Testing
import TerminalUI
@testable import TidingsApp

/// `html` rendered, laid out for `width` columns and drawn into a grid: the rows' text, without
/// the blank rows below the text.
private func renderedLines(_ html: String, width: Int, base: String?) -> [String] {
    var view = TextView(lines: HTMLTextRenderer.render(html, baseURL: base).lines(width: width))
    var grid = CellGrid(rows: 60, columns: width)
    view.render(into: &grid, in: grid.bounds)
    var lines = grid.lines
    while lines.last == "" { lines.removeLast() }
    return lines
}

@Suite struct HTMLTextRendererTests {
    private func render(_ html: String, width: Int = 40, base: String? = "https://example.org/blog/post") -> [String] {
        renderedLines(html, width: width, base: base)
    }

    @Test func paragraphsHeadingsAndEmphasis() {
        let html = "<h1>Title</h1><p>First   paragraph\n with <b>bold</b> and <em>stress</em>.</p><p>Second.</p>"
        #expect(render(html) == ["Title", "", "First paragraph with bold and stress.", "", "Second."])
        let body = HTMLTextRenderer.render(html)
        let styles = body.lines(width: 80)[2].text.runs.map { $0.style.attributes }
        #expect(styles.contains(.bold) && styles.contains(.underline))
        #expect(body.lines(width: 80)[0].text.runs[0].style.attributes == [.bold, .underline])
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
        // Images are numbered with the links and listed with them, so that they open by number.
        #expect(render(html, width: 60) == [
            "[image 1: A cat] [image 2]", "", "after", "", "Links:",
            "[1] https://example.org/blog/a.png", "[2] https://example.org/blog/b.png",
        ])
        #expect(render("<p><img alt=\"no source\"><img src=\"javascript:x\"></p>") == ["[image: no source][image]"])
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
        // Control characters read as nothing (the sanitiser removes them from stored items).
        #expect(lines == ["evil [2J title"])
    }
}

@Suite struct HostileHTMLTests {
    @Test func deepNestingKeepsIndentationBounded() {
        let depth = 5_000
        let html = String(repeating: "<ul><li>", count: depth) + "deep" + String(repeating: "</li></ul>", count: depth)
            + String(repeating: "<blockquote>", count: depth) + "quoted" + String(repeating: "</blockquote>", count: depth)
        let body = HTMLTextRenderer.render(html)
        for line in body.lines(width: 200) {
            #expect(line.text.plainText.prefix { $0 == " " }.count <= 4 * 4 + 6 * 3)
        }
        #expect(body.lines(width: 200).contains { $0.text.plainText.hasSuffix("• deep") })
        #expect(body.lines(width: 200).contains { $0.text.plainText.hasSuffix("quoted") })
    }

    @Test func manyLinksAreAllNumbered() {
        let html = (1...2_000).map { "<a href=\"https://e.example/\($0)\">l</a>" }.joined(separator: " ")
        let body = HTMLTextRenderer.render(html)
        #expect(body.links.count == 2_000)
        #expect(body.lines(width: 80).last?.text.plainText == "[2000] https://e.example/2000")
    }
}

/// Issue 17's article-view fixes, checked on the rendered grid.
@Suite struct ArticleLayoutTests {
    private func render(_ html: String, width: Int) -> [String] {
        renderedLines(html, width: width, base: "https://example.org/")
    }

    @Test func tableColumnsAlignByDisplayWidth() {
        let html = """
            <p>Before</p><table><tr><th>Name</th><th>City</th><th>n</th></tr>
            <tr><td>Alice</td><td>東京</td><td>1</td></tr>
            <tr><td>Bob</td><td>Paris</td><td>22</td></tr></table><p>After</p>
            """
        #expect(render(html, width: 40) == [
            "Before", "",
            "Name   City   n",
            "────────────────",
            "Alice  東京   1",
            "Bob    Paris  22",
            "", "After",
        ])
    }

    @Test func aTableTooWideForTheViewIsShownRowByRow() {
        let html = """
            <table><tr><th>Package</th><th>Description</th></tr>
            <tr><td>tidings</td><td>a terminal feed reader with aligned tables</td></tr>
            <tr><td>newsboat</td><td>the reader its users come from</td></tr></table>
            """
        #expect(render(html, width: 30) == [
            "Package: tidings",
            "Description: a terminal feed",
            "  reader with aligned tables",
            "",
            "Package: newsboat",
            "Description: the reader its",
            "  users come from",
        ])
        // A caption goes above the table, not into its first column.
        #expect(render("<table><caption>Scores of the long season</caption><tr><td>A</td><td>1</td></tr><tr><td>B</td><td>22</td></tr></table>", width: 30)
            == ["Scores of the long season", "A  1", "B  22"])
        // Without a header row, the cells are simply one per line.
        #expect(render("<table><tr><td>one cell that is long</td><td>two</td></tr></table>", width: 20) == ["one cell that is", "  long", "two"])
    }

    @Test func longPreLinesAreCutWithAMarkerNotWrapped() {
        let html = "<pre>short\nlet aVeryLongName = computeSomething(with: arguments)\n</pre><p>next</p>"
        #expect(render(html, width: 24) == ["short", "let aVeryLongName = com→", "", "next"])
        // Inside a quote the cut keeps the indentation, and wide characters are not halved.
        #expect(render("<blockquote><pre>日本語のコード</pre></blockquote>", width: 10) == ["    日本→"])
        // A wider view shows the whole line.
        #expect(render(html, width: 80)[1] == "let aVeryLongName = computeSomething(with: arguments)")
    }

    @Test func emojiSequencesStayWhole() {
        let html = "<p>ok 👍🏽 dev 👩🏽‍💻 family 👨‍👩‍👧 end</p>"
        var view = TextView(lines: HTMLTextRenderer.render(html).lines(width: 40))
        var grid = CellGrid(rows: 2, columns: 40)
        view.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "ok 👍🏽 dev 👩🏽‍💻 family 👨‍👩‍👧 end")
        // Each sequence takes one cell of two columns.
        #expect(grid.cells.contains { $0.grapheme == "👍🏽" } && grid.cells.contains { $0.grapheme == "👩🏽‍💻" })
        #expect(DisplayWidth.of("ok 👍🏽 dev") == 11)
    }

    /// Issue 45 §4: no-break spaces (`&nbsp;`, U+00A0; the narrow U+202F French uses before `»`,
    /// `;`, and in numbers) are kept and never broken at, at every width a group fits in.
    @Test func noBreakSpacesAreKeptAndNeverBrokenAt() {
        let html = "<p>Le ministre a dit «&nbsp;Bonjour&nbsp;» puis «\u{A0}À\u{202F}demain\u{A0}» ; le projet coûte 12&#8239;000&nbsp;€, soit 3\u{202F}500\u{A0}km de route.</p>"
        let groups = ["«\u{A0}Bonjour\u{A0}»", "«\u{A0}À\u{202F}demain\u{A0}»", "12\u{202F}000\u{A0}€,", "3\u{202F}500\u{A0}km"]
        for width in 14...60 {
            let lines = render(html, width: width)
            for group in groups {
                #expect(lines.contains { $0.contains(group) }, "width \(width): \(group.debugDescription) is cut in \(lines)")
            }
        }
    }

    /// Issue 45 §16: the space before `<i>` (and after `</i>`) is not underlined; the spaces
    /// between its words are.
    @Test func emphasisIsUnderlinedFromItsFirstWordToItsLast() {
        var view = TextView(lines: HTMLTextRenderer.render("<p>a word <i>in italic</i> then <em>more</em>.</p>").lines(width: 40))
        var grid = CellGrid(rows: 1, columns: 40)
        view.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "a word in italic then more.")
        let underlined = (0..<27).map { grid[0, $0].style.attributes.contains(.underline) ? "_" : "." }.joined()
        #expect(underlined == "......._________......____.")
    }
}
