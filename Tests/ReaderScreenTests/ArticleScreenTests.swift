import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// The article view as drawn: header, body, links, tables and code at each width, scrolling,
/// `text-width`, tiny sizes, huge bodies. What its keys do is in ReaderCoreTests
/// (ArticleKeysTests).
@MainActor
@Suite struct ArticleScreenTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    @Test func tablesAndCodeAreLaidOutAgainForANewWidth() throws {
        let reader = try home.article(content: "<pre>let answer = 42 // the long comment</pre><table><tr><td>a</td><td>b</td></tr></table>",
                                      rows: 16, columns: 20)
        func body(columns: Int) -> [String] {
            reader.resize(rows: 16, columns: columns)
            return Array(reader.lines.dropFirst().drop { $0 != "" }.dropFirst().prefix(3))
        }
        #expect(body(columns: 20) == ["let answer = 42 // →", "", "a  b"])
        #expect(body(columns: 50) == ["let answer = 42 // the long comment", "", "a  b"])
    }

    @Test func longCodeLinesScrollSidewaysWithRightAndLeft() throws {
        let reader = try home.article(content: "<p>Text</p><pre>let numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9] // the end\nshort</pre>",
                                      rows: 18, columns: 20)
        func codeRows() throws -> [String] {
            let text = try #require(reader.lines.firstIndex(of: "Text"))
            return Array(reader.lines[(text + 2)...(text + 3)])
        }
        let article = { reader.state.top as? ArticleScreen }
        #expect(try codeRows() == ["let numbers = [1, 2→", "short"])
        // Right is not bound in the article: here it scrolls the code by half the width, up to
        // where the end of the widest line shows; the text around it stays.
        #expect(article()?.takesTyped(.right, reader.state.context) == true)
        reader.press(.right)
        #expect(reader.state.message == nil)
        #expect(try codeRows() == ["← = [1, 2, 3, 4, 5,→", "←"])
        reader.press(.right)
        reader.press(.right)
        reader.press(.right)
        #expect(try codeRows() == ["←7, 8, 9] // the end", "←"])
        reader.press(.right)
        #expect(try codeRows() == ["←7, 8, 9] // the end", "←"])
        // Left scrolls back first; at the start it is Back again.
        for _ in 0..<4 {
            reader.press(.left)
            #expect(article() != nil)
        }
        #expect(try codeRows() == ["let numbers = [1, 2→", "short"])
        reader.press(.left)
        #expect(reader.state.top is ItemListScreen)
    }

    @Test func anArticleWhoseCodeFitsLeavesRightUnbound() throws {
        let reader = try home.article(content: "<pre>short</pre>", rows: 18, columns: 20)
        #expect((reader.state.top as? ArticleScreen)?.takesTyped(.right, reader.state.context) == false)
        reader.press(.left)
        #expect(reader.state.top is ItemListScreen)
    }

    @Test func headerBodyAndLinks() throws {
        let reader = try home.article(
            content: "<p>Read <a href=\"/docs\">the docs</a> or <a href=\"https://b.example/\">b</a>.</p>",
            enclosures: [Enclosure(url: "https://a.example/ep1.mp3", type: "audio/mpeg", length: 1000)], rows: 16, columns: 44)
        try GoldenFrame(reader.frame).check("article")
        #expect(Array(reader.lines[1...14]) == [
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
        #expect(reader.frame.grid[1, 0].style.attributes.contains(.bold))
        // The feed's name, then how far the article has been read (display-article-progress).
        let title = try #require((reader.state.top as? ArticleScreen)?.title(reader.state.context))
        #expect(title == ScreenTitle(left: "日本語の記事 — Release", right: "Example News  Top"))
    }

    @Test func scrollingAndTinySizes() throws {
        let paragraphs = (1...30).map { "<p>Paragraph \($0)</p>" }.joined()
        let reader = try home.article(content: paragraphs, rows: 7, columns: 40)
        reader.press(.character(" "))
        #expect(reader.lines[1] == "Link: https://a.example/posts/1")
        reader.press(.character("G"))
        #expect(reader.lines[5] == "Paragraph 30")
        for (rows, columns) in [(0, 0), (1, 1), (5, 20), (200, 500)] {
            reader.resize(rows: rows, columns: columns)
            #expect(reader.frame.grid.rows == rows)
        }
    }

    @Test func textWidthLimitsTheWrap() throws {
        try home.subscribe(["https://a.example/feed"])
        let item = Item(id: "w", title: "T", published: TestStore.baseDate, content: "<p>one two three four five six</p>")
        try home.cache().upsert(Feed(format: .rss20, title: "F", items: [item]), forFeedURL: "https://a.example/feed")
        let reader = try home.driver(config: "text-width 13", rows: 12, columns: 40)
        reader.settle()
        reader.settle(after: .enter)
        reader.settle(after: .enter)
        #expect(reader.state.top is ArticleScreen)
        #expect(Array(reader.lines[8...10]) == ["one two three", "four five six", ""])
        #expect(reader.lines[1...10].allSatisfy { DisplayWidth.of($0) <= 13 })
    }

    @Test func aMultiMegabyteBodyIsCutWithANote() throws {
        let paragraph = "<p>" + String(repeating: "日本語 text ", count: 400_000) + "</p>"
        try home.subscribe(["https://a.example/feed"])
        let item = Item(id: "huge", title: "Huge", link: "https://a.example/huge", published: TestStore.baseDate, content: paragraph)
        try home.cache().upsert(Feed(format: .rss20, title: "F", items: [item]), forFeedURL: "https://a.example/feed")
        let reader = try home.driver(rows: 12, columns: 80)
        reader.settle()
        reader.settle(after: .enter)
        reader.settle(after: .enter)
        reader.press(.end)
        #expect(reader.lines[9...10].joined(separator: " ") == "[The rest of this article, 5348 KB, is not shown here: o opens it in the browser.]")
        #expect(ArticleScreen.bounded(paragraph).utf8.count <= ArticleScreen.maximumHTMLBytes)
    }
}
