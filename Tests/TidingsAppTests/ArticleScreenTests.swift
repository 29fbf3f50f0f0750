@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

@MainActor
@Suite struct ArticleScreenTests {
    private let utc = TimeZone(identifier: "UTC")!

    private func makeArticle(content: String, title: String = "日本語の記事 — Release", enclosures: [Enclosure] = []) throws -> (TestStore, ArticleScreen) {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed", customTitle: "Example News")])
        let item = Item(id: "one", title: title, link: "https://a.example/posts/1", author: "Ann Author",
                        published: TestStore.baseDate, content: content, enclosures: enclosures)
        try test.store.upsert(Feed(format: .atom10, title: "Own title", items: [item]), forFeedURL: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        let row = try #require(try test.store.items(inFeed: feed.id).first)
        let stored = try #require(try test.store.item(row.id))
        return (test, ArticleScreen(item: stored, preferences: ReaderPreferences(timeZone: utc)))
    }

    @Test func tablesAndCodeAreLaidOutAgainForANewWidth() throws {
        let (_, screen) = try makeArticle(content: "<pre>let answer = 42 // the long comment</pre><table><tr><td>a</td><td>b</td></tr></table>")
        func body(columns: Int) -> [String] {
            var grid = CellGrid(rows: 14, columns: columns)
            screen.render(into: &grid, in: grid.bounds)
            return Array(grid.lines.drop { $0 != "" }.dropFirst().prefix(3))
        }
        #expect(body(columns: 20) == ["let answer = 42 // →", "", "a  b"])
        #expect(body(columns: 50) == ["let answer = 42 // the long comment", "", "a  b"])
        // Images open by number like links: the number is an index into the same list.
        let (_, pictured) = try makeArticle(content: "<p><img src=\"/cat.png\" alt=\"cat\"> <a href=\"/x\">x</a></p>")
        #expect(pictured.body.links == ["https://a.example/cat.png", "https://a.example/x"])
        _ = pictured.handle(.character("1"))
        #expect(pictured.handle(.enter) == .openInBrowser("https://a.example/cat.png"))
    }

    @Test func longCodeLinesScrollSidewaysWithRightAndLeft() throws {
        let (_, screen) = try makeArticle(content: "<p>Text</p><pre>let numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9] // the end\nshort</pre>")
        func codeRows() throws -> [String] {
            var grid = CellGrid(rows: 16, columns: 20)
            screen.render(into: &grid, in: grid.bounds)
            let text = try #require(grid.lines.firstIndex(of: "Text"))
            return Array(grid.lines[(text + 2)...(text + 3)])
        }
        #expect(try codeRows() == ["let numbers = [1, 2→", "short"])
        // Right is not bound in the article: here it scrolls the code by half the width, up to
        // where the end of the widest line shows; the text around it stays.
        #expect(screen.takesUnboundKey(.right))
        #expect(screen.handle(.right) == nil)
        #expect(try codeRows() == ["← = [1, 2, 3, 4, 5,→", "←"])
        _ = screen.handle(.right)
        _ = screen.handle(.right)
        _ = screen.handle(.right)
        #expect(try codeRows() == ["←7, 8, 9] // the end", "←"])
        _ = screen.handle(.right)
        #expect(try codeRows() == ["←7, 8, 9] // the end", "←"])
        // Left scrolls back first; at the start it is Back again.
        for _ in 0..<4 { #expect(screen.handle(.left) == nil) }
        #expect(try codeRows() == ["let numbers = [1, 2→", "short"])
        #expect(screen.handle(.left) == .back)
        // An article whose code fits leaves Right unbound.
        let (_, fitting) = try makeArticle(content: "<pre>short</pre>")
        var grid = CellGrid(rows: 16, columns: 20)
        fitting.render(into: &grid, in: grid.bounds)
        #expect(!fitting.takesUnboundKey(.right))
        #expect(fitting.handle(.left) == .back)
    }

    @Test func headerBodyAndLinks() throws {
        let (_, screen) = try makeArticle(
            content: "<p>Read <a href=\"/docs\">the docs</a> or <a href=\"https://b.example/\">b</a>.</p>",
            enclosures: [Enclosure(url: "https://a.example/ep1.mp3", type: "audio/mpeg", length: 1000)])
        var grid = CellGrid(rows: 14, columns: 44)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "Title: 日本語の記事 — Release",
            "Author: Ann Author",
            "Date: Fri, 21 Nov 2025 04:40",
            "Feed: Example News",
            "Link: https://a.example/posts/1",
            "Attachment: https://a.example/ep1.mp3",
            "            (audio/mpeg) [3]",
            "",
            "Read the docs[1] or b[2].",
            "",
            "Links:",
            "[1] https://a.example/docs",
            "[2] https://b.example/",
            "",
        ])
        #expect(grid[0, 0].style.attributes.contains(.bold))
        #expect(screen.title == "日本語の記事 — Release")
        // The feed's name, then how far the article has been read (display-article-progress).
        #expect(screen.titleDetail == "Example News  Top")
    }

    @Test func typingALinkNumberOpensIt() throws {
        let (_, screen) = try makeArticle(content: "<p><a href=\"/one\">1</a> <a href=\"/two\">2</a></p>")
        #expect(screen.handle(.character("2")) == .status("Open link 2 (Enter opens, Esc cancels)"))
        #expect(screen.handle(.enter) == .openInBrowser("https://a.example/two"))
        _ = screen.handle(.character("1"))
        _ = screen.handle(.character("2"))
        #expect(screen.handle(.enter) == .status("No link 12: links go from 1 to 2"))
        _ = screen.handle(.character("1"))
        _ = screen.handle(.character("5"))
        _ = screen.handle(.backspace)
        #expect(screen.handle(.enter) == .openInBrowser("https://a.example/one"))
        _ = screen.handle(.character("1"))
        #expect(screen.handle(.escape) == .status(""))
        #expect(screen.handle(.escape) == .back)
    }

    @Test func keysBecomeIntents() throws {
        let (_, screen) = try makeArticle(content: "<p>x</p>")
        #expect(screen.handle(.character("o")) == .openInBrowser("https://a.example/posts/1"))
        #expect(screen.handle(.character("N")) == .toggleRead(screen.item.id))
        #expect(screen.handle(.character("n")) == .nextUnread(from: screen.item.id))
        #expect(screen.handle(.character("p")) == .previousUnread(from: screen.item.id))
        #expect(screen.handle(.left) == .back)
        #expect(screen.handle(.character("q")) == .back)
        #expect(screen.handle(.character("Q")) == .quit)
        #expect(screen.handle(.character("?")) == .showHelp)
        #expect(screen.handle(.character("r")) == .reloadFeed(screen.item.feedID))
    }

    @Test func scrollingAndTinySizes() throws {
        let paragraphs = (1...30).map { "<p>Paragraph \($0)</p>" }.joined()
        let (_, screen) = try makeArticle(content: paragraphs)
        var grid = CellGrid(rows: 5, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.character(" "))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.first == "Link: https://a.example/posts/1")
        _ = screen.handle(.character("G"))
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.last == "Paragraph 30")
        for (rows, columns) in [(0, 0), (1, 1), (5, 20), (200, 500)] {
            var tiny = CellGrid(rows: rows, columns: columns)
            screen.render(into: &tiny, in: tiny.bounds)
        }
    }

    @Test func textWidthLimitsTheWrap() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        let item = Item(id: "w", title: "T", published: TestStore.baseDate, content: "<p>one two three four five six</p>")
        try test.store.upsert(Feed(format: .rss20, title: "F", items: [item]), forFeedURL: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        let row = try #require(try test.store.items(inFeed: feed.id).first)
        let stored = try #require(try test.store.item(row.id))
        let screen = ArticleScreen(item: stored, preferences: ReaderPreferences(textWidth: 13, timeZone: utc))
        var grid = CellGrid(rows: 10, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        #expect(Array(grid.lines.suffix(3)) == ["one two three", "four five six", ""])
        #expect(grid.lines.allSatisfy { DisplayWidth.of($0) <= 13 })
    }
}

@MainActor
@Suite struct HugeArticleTests {
    @Test func aMultiMegabyteBodyIsCutWithANote() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        let paragraph = "<p>" + String(repeating: "日本語 text ", count: 400_000) + "</p>"
        let item = Item(id: "huge", title: "Huge", link: "https://a.example/huge", published: TestStore.baseDate, content: paragraph)
        try test.store.upsert(Feed(format: .rss20, title: "F", items: [item]), forFeedURL: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        let row = try #require(try test.store.items(inFeed: feed.id).first)
        let stored = try #require(try test.store.item(row.id))
        let screen = ArticleScreen(item: stored)
        var grid = CellGrid(rows: 10, columns: 80)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.end)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.suffix(2).joined(separator: " ") == "[The rest of this article, 5348 KB, is not shown here: o opens it in the browser.]")
        #expect(ArticleScreen.bounded(paragraph).utf8.count <= ArticleScreen.maximumHTMLBytes)
    }
}
