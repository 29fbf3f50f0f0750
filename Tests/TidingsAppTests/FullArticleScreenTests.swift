@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `x` in the article view: the full article in place of the feed's text, links numbered in the
/// body shown, and back.
@MainActor
@Suite struct FullArticleScreenTests {
    private let preferences = ReaderPreferences(timeZone: TimeZone(identifier: "UTC")!)

    private func storedItem(link: String?) throws -> (TestStore, StoredItem) {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        let item = Item(id: "one", title: "Teaser", link: link, published: TestStore.baseDate,
                        content: "<p>A teaser with <a href=\"https://a.example/more\">more</a>.</p>")
        try test.store.upsert(Feed(format: .atom10, title: "Feed", items: [item]), forFeedURL: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        let row = try #require(try test.store.items(inFeed: feed.id).first)
        return (test, try #require(try test.store.item(row.id)))
    }

    private func lines(_ screen: ArticleScreen) -> [String] {
        var grid = CellGrid(rows: 20, columns: 60)
        screen.render(into: &grid, in: grid.bounds)
        return grid.lines
    }

    private func fullArticle(_ html: String) -> FullArticle {
        FullArticle(html: html, rendered: ArticleScreen.render(html: html, baseURL: "https://a.example/posts/1", preferences: preferences),
                    wasCached: false)
    }

    @Test func withoutAFullArticleXAsksForOneAndShowsItWhenItArrives() throws {
        let (_, item) = try storedItem(link: "https://a.example/posts/1")
        let screen = ArticleScreen(item: item, preferences: preferences)
        #expect(screen.handle(.character("x")) == .fetchFullArticle(item.id, link: "https://a.example/posts/1"))
        #expect(!screen.showsFullArticle)

        let page = fullArticle("<p>The whole story, with <a href=\"/a\">one</a> and <a href=\"/b\">two</a> links.</p>")
        #expect(!screen.takeFullArticle(page, ofItem: ItemID(item.id.rawValue + 1), show: true))
        #expect(screen.takeFullArticle(page, ofItem: item.id, show: true))
        let shown = lines(screen)
        #expect(shown.contains("[Full article, from its page. x: the feed's text]"))
        #expect(shown.contains("The whole story, with one[1] and two[2] links."))
        #expect(!shown.contains { $0.contains("teaser") })
        // Link numbers are those of the body shown.
        _ = screen.handle(.character("2"))
        #expect(screen.handle(.enter) == .openInBrowser("https://a.example/b"))

        #expect(screen.handle(.character("x")) == .status("The feed's text (x: the full article)"))
        #expect(lines(screen).contains("A teaser with more[1]."))
        #expect(screen.body.links == ["https://a.example/more"])
        #expect(screen.handle(.character("x")) == .status("The full article from its page (x: the feed's text)"))
        #expect(screen.showsFullArticle)
    }

    @Test func aCachedFullArticleIsShownWithoutAFetch() throws {
        let (_, item) = try storedItem(link: "https://a.example/posts/1")
        let page = fullArticle("<p>Cached page text.</p>")
        let screen = ArticleScreen(item: item, rendered: ArticleScreen.render(item, preferences: preferences),
                                   fullArticle: page.rendered, preferences: preferences)
        #expect(lines(screen).contains("A teaser with more[1]."))
        #expect(screen.hasFullArticle)
        #expect(screen.handle(.character("x")) == .status("The full article from its page (x: the feed's text)"))
        #expect(lines(screen).contains("Cached page text."))
    }

    @Test func anArticleWithoutALinkHasNothingToFetch() throws {
        let (_, item) = try storedItem(link: nil)
        let screen = ArticleScreen(item: item, preferences: preferences)
        #expect(screen.handle(.character("x")) == .status("This article has no link to fetch"))
    }

    @Test func aFullArticleTakenUnaskedWaitsForX() throws {
        let (_, item) = try storedItem(link: "https://a.example/posts/1")
        let screen = ArticleScreen(item: item, preferences: preferences)
        #expect(screen.takeFullArticle(fullArticle("<p>Fetched by always-fetch.</p>"), ofItem: item.id, show: false))
        #expect(lines(screen).contains("A teaser with more[1]."))
        #expect(screen.handle(.character("x")) == .status("The full article from its page (x: the feed's text)"))
        #expect(lines(screen).contains("Fetched by always-fetch."))
    }
}
