import ImageRendering
import Testing
@testable import TidingsApp

/// Which pictures an article's HTML gives, where they stand, and what is downloaded for them.
struct ArticleImageTests {
    @Test func pictureTakesTheFirstSourceTheReaderDecodesAndSourcesAreAbsolute() {
        let body = HTMLTextRenderer.render("""
            <p>Before.</p><picture><source type="image/avif" srcset="a.avif"><source srcset="b-320.jpg 320w, /b-1280.jpg 1280w">\
            <img src="c.jpg" alt="A bird"></picture><p>After.</p>
            """, baseURL: "https://example.org/blog/post.html")
        let image = try! #require(body.images.first)
        #expect(body.images.count == 1)
        #expect(image.sources.best(forPixelWidth: 300) == "https://example.org/blog/b-320.jpg")
        #expect(image.sources.best(forPixelWidth: 700) == "https://example.org/b-1280.jpg")
        #expect(image.standsAlone)
        #expect(image.label == "[image 1: A bird]")
        guard case .line(let line) = body.blocks[image.block] else { Issue.record("not a line"); return }
        #expect(line.text.plainText.contains("[image 1: A bird]"))
    }

    /// Its label stays in the line, right above it, and is not repeated under it (issue 45 §9).
    @Test func aPictureInTheTextFollowsItsLineWhichStays() {
        let body = HTMLTextRenderer.render(#"<p>Look <img src="https://example.org/a.png" alt="here"> at this.</p><p>Next.</p>"#)
        let image = try! #require(body.images.first)
        #expect(!image.standsAlone)
        let (lines, pictures) = body.lines(width: 40, pictureRows: { _ in 2 })
        #expect(lines.map(\.text.plainText) == ["Look [image 1: here] at this.", "", "", "", "Next.", "", "Links:", "[1] https://example.org/a.png"])
        #expect(pictures == [ArticleBody.PictureLine(image: 0, line: 1, rows: 2)])
        // Not drawn: the text of before.
        #expect(body.lines(width: 40, pictureRows: { _ in nil }).lines == body.lines(width: 40))
    }

    /// Two pictures alone on a line, only the second drawn (the first could not be decoded): the
    /// line stays for the first one's label, and holds the second's, which is not repeated.
    @Test func aLineKeptForAPictureNotDrawnIsNotRepeatedAsACaption() {
        let body = HTMLTextRenderer.render(#"<p><img src="https://example.org/r.png" alt="red square"> <img src="https://example.org/g.png" alt="green square"></p>"#)
        #expect(body.images.map(\.standsAlone) == [true, true])
        let (lines, pictures) = body.lines(width: 40, pictureRows: { $0 == 1 ? 2 : nil })
        #expect(lines.map(\.text.plainText).filter { $0.contains("[image 2: green square]") } == ["[image 1: red square] [image 2: green square]"])
        #expect(pictures == [ArticleBody.PictureLine(image: 1, line: 1, rows: 2)])
        // Both drawn: the line goes, each picture has its caption.
        let both = body.lines(width: 40, pictureRows: { _ in 2 }).lines.map(\.text.plainText)
        #expect(both.prefix(6) == ["", "", "[image 1: red square]", "", "", "[image 2: green square]"])
    }

    @Test func picturesInTablesAndCodeAndWithoutAWebSourceKeepTheirLabelOnly() {
        let body = HTMLTextRenderer.render("""
            <table><tr><td><img src="https://example.org/t.png" alt="cell"></td></tr></table>\
            <pre><img src="https://example.org/p.png" alt="code"></pre>\
            <p><img src="data:image/png;base64,AAAA" alt="inline"><img src="javascript:alert(1)" alt="script"><img src="file:///etc/passwd"></p>
            """)
        #expect(body.images.isEmpty)
    }

    @Test func aHostileArticleDownloadsAtMost64Pictures() {
        let html = (0..<500).map { "<p><img src=\"https://example.org/\($0).png\"></p>" }.joined()
        #expect(HTMLTextRenderer.render(html).images.count == 64)
    }
}
