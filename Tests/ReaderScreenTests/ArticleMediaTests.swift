import Testing
@testable import TidingsApp

/// Video and audio in an article: numbered links at their place, like pictures, listed by `u` and
/// opened with the player; the poster drawn as a picture; the fallback written for readers
/// without players not shown.
struct ArticleMediaTests {
    static let base = "https://media.example/blog/post.html"

    @Test func aVideoIsANumberedLinkWithItsPosterAndTracks() throws {
        let body = HTMLTextRenderer.render("""
            <p>The talk:</p><video controls src="talk.mp4" poster="talk.jpg" title="The talk">\
            <source src="talk.webm" type="video/webm"><track kind="captions" src="talk.vtt" srclang="en" label="English">\
            Your reader cannot play video: <a href="talk.mp4">download it</a>.</video><p>After.</p>
            """, baseURL: Self.base)
        let text = body.lines(width: 80).map(\.text.plainText)
        #expect(text.contains("[video 1: The talk] [captions 2: English]"))
        #expect(!text.joined().contains("cannot play"))
        #expect(body.links == ["https://media.example/blog/talk.mp4", "https://media.example/blog/talk.vtt"])
        #expect(body.mediaKinds == [1: "video", 2: "captions"])
        let poster = try #require(body.images.first)
        #expect(poster.label == "[video 1: The talk]")
        #expect(poster.sources.best(forPixelWidth: 400) == "https://media.example/blog/talk.jpg")
    }

    /// A `<video>` never closed takes the rest of the document as its fallback and is finished at
    /// the document's end. Its label shares the last line with text, and without a source it
    /// brings no link, so no list of links follows: the poster's rows are the article's last lines
    /// (found by fuzz-renderer, whose check wanted a line after every picture).
    @Test func anUnclosedVideoAtTheEndHasItsPostersRowsLast() throws {
        let body = HTMLTextRenderer.render("""
            <p>The talk: <video controls poster="talk.jpg" title="The talk">Falls back<video src="intro.ogv"></video>\
            <audio src="podcast.mp3"></audio><p>Flash fallback</p>
            """, baseURL: Self.base)
        #expect(body.lines(width: 80).map(\.text.plainText) == ["The talk: [video: The talk]"])
        #expect(body.links.isEmpty)
        let (lines, pictures) = body.lines(width: 80, pictureRows: { _ in 3 })
        #expect(lines.map(\.text.plainText) == ["The talk: [video: The talk]", "", "", ""])
        #expect(pictures == [ArticleBody.PictureLine(image: 0, line: 1, rows: 3)])
    }

    @Test func withoutATitleTheCaptionIsTheFileNameOrThePlayersAddress() {
        let body = HTMLTextRenderer.render("""
            <video><source src="/clips/intro.webm" type="video/webm"><source src="/clips/intro.mp4"></video>\
            <audio src="https://media.example/episodes/3.mp3"></audio>\
            <video src="https://www.youtube-nocookie.com/embed/abc123?rel=0"></video><video>No source</video>
            """, baseURL: Self.base)
        let text = body.lines(width: 200).map(\.text.plainText).joined(separator: "\n")
        #expect(text.contains("[video 1: intro.webm]"))
        #expect(text.contains("[audio 2: 3.mp3]"))
        #expect(text.contains("[video 3: www.youtube-nocookie.com/embed/abc123]"))
        #expect(text.contains("[video]"))
        #expect(!text.contains("No source"))
        #expect(body.links.count == 3)
    }

    @MainActor @Test func theURLViewListsMediaAndOpensThemWithThePlayer() {
        let body = HTMLTextRenderer.render(#"<p><a href="https://x.example/">x</a></p><video src="https://x.example/v.mp4"></video><audio src="https://x.example/a.mp3"></audio>"#)
        let urls = ArticleURL.all(in: body, enclosures: [])
        #expect(urls.map(\.label) == ["link", "video", "audio"])
        #expect(urls.map(\.opensWithPlayer) == [false, true, true])
        #expect(ArticleScreen.open(2, of: urls) == .openEnclosure("https://x.example/v.mp4"))
    }
}
