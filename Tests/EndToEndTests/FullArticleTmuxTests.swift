import Foundation
import TestSupport
import Testing

/// `x` in the real binary, in tmux: the full article from a page served on loopback replaces the
/// feed's teaser, and `x` brings the teaser back.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct FullArticleTmuxTests {
    @Test func xShowsThePagesArticleAndXAgainTheTeaser() throws {
        let home = try ReaderEndToEndTests.Home()
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ArticleExtractionTests/Fixtures/news-article.html")
        try FileManager.default.copyItem(at: page, to: home.feeds.appendingPathComponent("flood-wall.html"))
        let items = [(title: "Flood wall vote", link: home.server.url("/flood-wall.html"), date: "Fri, 21 Nov 2025 10:00:00 GMT",
                      body: "<p>A teaser. Read more on our site.</p>")]
        try home.write(ReaderEndToEndTests.rss(title: "Teasers", items: items), to: "feeds/teasers.xml")
        try home.write("\(home.server.url("/teasers.xml"))\n", to: "config/tidings/urls")

        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("Reloaded 1 feed")
        try session.sendKeys("Enter")
        try session.waitFor("Flood wall vote")
        try session.sendKeys("Enter")
        try session.waitFor("A teaser. Read more on our site.")

        try session.sendKeys("x")
        let screen = try session.waitFor("Councillors in Portwenna voted unanimously")
        #expect(screen.contains { $0.contains("[Full article, from its page. x: the feed's text]") })
        #expect(!screen.contains { $0.contains("A teaser. Read more") })
        #expect(screen.contains { $0.contains("The full article from its page (x: the feed's text)") })

        try session.sendKeys("x")
        try session.waitForScreen("the teaser again") { lines in
            lines.contains { $0.contains("A teaser. Read more on our site.") } && !lines.contains { $0.contains("Councillors in Portwenna") }
        }
        try session.sendKeys("Q")
    }
}
