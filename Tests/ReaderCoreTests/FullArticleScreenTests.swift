import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// `x` in the article view: the full article in place of the feed's text, links numbered in the
/// body shown, and back.
@MainActor
@Suite struct FullArticleScreenTests {
    static let teaser = "<p>A teaser with <a href=\"https://a.example/more\">more</a>.</p>"

    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    private func reader(link: String? = "https://a.example/posts/1", prepare: (FeedStore) throws -> Void = { _ in }) throws -> ReaderDriver {
        try home.article(content: Self.teaser, title: "Teaser", link: link, rows: 22, columns: 60, prepare: prepare)
    }

    private func article(_ reader: ReaderDriver) throws -> ArticleScreen {
        try #require(reader.state.top as? ArticleScreen)
    }

    /// A full article as the runner brings it: its HTML rendered as the article view renders.
    private func fullArticle(_ html: String, _ reader: ReaderDriver) -> FullArticle {
        FullArticle(html: html, rendered: ArticleScreen.render(html: html, baseURL: "https://a.example/posts/1", reader.state.articleRendering),
                    wasCached: false)
    }

    @Test func withoutAFullArticleXAsksForOneAndShowsItWhenItArrives() throws {
        let reader = try reader()
        let id = try article(reader).item.id
        reader.press(.character("x"))
        #expect(reader.fetchEffects == [.fetchFullArticle(id, link: "https://a.example/posts/1", automatic: false)])
        #expect(try !article(reader).showsFullArticle)

        let page = fullArticle("<p>The whole story, with <a href=\"/a\">one</a> and <a href=\"/b\">two</a> links.</p>", reader)
        reader.send(.fullArticleFetched(ItemID(id.rawValue + 1), .success(page), automatic: false))
        #expect(try !article(reader).hasFullArticle, "another article's")
        reader.send(.fullArticleFetched(id, .success(page), automatic: false))
        #expect(reader.lines.contains("[Full article, from its page. x: the feed's text]"))
        #expect(reader.lines.contains("The whole story, with one[1] and two[2] links."))
        #expect(!reader.lines.contains { $0.contains("teaser") })
        // Link numbers are those of the body shown.
        reader.press(.character("2"))
        reader.press(.enter)
        #expect(reader.openedURLs == ["https://a.example/b"])

        reader.press(.character("x"))
        #expect(reader.state.message == "The feed's text (x: the full article)")
        #expect(reader.lines.contains("A teaser with more[1]."))
        #expect(try article(reader).body.links == ["https://a.example/more"])
        reader.press(.character("x"))
        #expect(reader.state.message == "The full article from its page (x: the feed's text)")
        #expect(try article(reader).showsFullArticle)
    }

    @Test func aCachedFullArticleIsShownWithoutAFetch() throws {
        let reader = try reader { cache in
            let item = try #require(try cache.items(ofFeed: "https://a.example/feed").first)
            _ = try cache.storeFullArticle("<p>Cached page text.</p>", forItem: item.id)
        }
        #expect(reader.lines.contains("A teaser with more[1]."))
        #expect(try article(reader).hasFullArticle)
        reader.press(.character("x"))
        #expect(reader.state.message == "The full article from its page (x: the feed's text)")
        #expect(reader.fetchEffects.isEmpty)
        #expect(reader.lines.contains("Cached page text."))
    }

    @Test func anArticleWithoutALinkHasNothingToFetch() throws {
        let reader = try reader(link: nil)
        reader.press(.character("x"))
        #expect(reader.state.message == "This article has no link to fetch")
        #expect(reader.fetchEffects.isEmpty)
    }

    @Test func aFullArticleTakenUnaskedWaitsForX() throws {
        let reader = try reader()
        let id = try article(reader).item.id
        // Fetched by always-fetch-full-article while the article is open.
        reader.send(.fullArticleFetched(id, .success(fullArticle("<p>Fetched by always-fetch.</p>", reader)), automatic: true))
        #expect(reader.lines.contains("A teaser with more[1]."))
        reader.press(.character("x"))
        #expect(reader.state.message == "The full article from its page (x: the feed's text)")
        #expect(reader.lines.contains("Fetched by always-fetch."))
    }
}
