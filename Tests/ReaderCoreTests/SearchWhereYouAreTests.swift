import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// `/` searches where it is pressed, as newsboat's does (issue 43): the article's text in the
/// article, the feed's articles in its list, every article in the feed list; `\` searches every
/// article from anywhere.
@MainActor
@Suite struct SearchWhereYouAreTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        let body = (1...60).map { $0 % 20 == 0 ? "<p>Line \($0): the lighthouse keeper waves.</p>" : "<p>Line \($0) of the harbour log.</p>" }
            .joined()
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Harbour News</title><link>https://news.example/</link>
            <item><title>Long log</title><link>https://news.example/log</link><pubDate>22 Nov 2025 10:00:00 GMT</pubDate>
            <description>\(body.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;"))</description></item>
            <item><title>Lighthouse repainted</title><link>https://news.example/paint</link><pubDate>21 Nov 2025 10:00:00 GMT</pubDate>
            <description>Fresh paint.</description></item>
            </channel></rss>
            """, to: "feeds/news.xml")
        try home.writeFeed("tech", title: "Tech Notes", items: [("Lighthouse protocol", 19)])
        try home.subscribe([home.url("news"), home.url("tech")])
    }

    func reader() throws -> ReaderDriver {
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        return reader
    }

    @Test func slashInTheArticleFindsItsWordsAndNMovesBetweenThem() throws {
        let reader = try reader()
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[0].contains("Long log"))
        reader.press(.character("/"))
        #expect(reader.lines.last?.hasPrefix("Find in the article:") == true)
        reader.type("lighthouse")
        reader.press(.enter)
        #expect(reader.lines.last?.contains("Match 1 of 3 — n, N: next, previous; Esc ends") == true, "\(reader.text)")
        #expect(reader.text.contains("Line 20: the lighthouse keeper"), "scrolled to it: \(reader.text)")
        reader.press(.character("n"))
        #expect(reader.lines.last?.contains("Match 2 of 3") == true)
        #expect(reader.text.contains("Line 40: the lighthouse keeper"))
        reader.press(.character("n"))
        reader.press(.character("n"))
        #expect(reader.lines.last?.contains("Match 1 of 3") == true, "round again")
        reader.press(.character("N"))
        #expect(reader.lines.last?.contains("Match 3 of 3") == true)
        #expect(reader.state.top is ArticleScreen, "n and N did not leave the article")
        reader.press(.escape)
        #expect(reader.lines.last?.contains("Search in the article ended") == true)
        #expect(reader.state.top is ArticleScreen, "the first Esc ends the search")
        reader.press(.escape)
        #expect(reader.state.top is ItemListScreen)
    }

    @Test func slashInAFeedsListSearchesThatFeed() throws {
        let reader = try reader()
        reader.press(.enter)
        reader.settle()
        reader.press(.character("/"))
        #expect(reader.lines.last?.hasPrefix("Search Harbour News:") == true, "\(reader.text)")
        reader.type("lighthouse")
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[0].contains("Search: lighthouse — in Harbour News"), "\(reader.lines[0])")
        #expect(reader.text.contains("Lighthouse repainted"))
        #expect(!reader.text.contains("Lighthouse protocol"), "not the other feed's")
    }

    @Test func backslashSearchesEveryArticleFromAnywhere() throws {
        let reader = try reader()
        reader.press(.enter)
        reader.settle()
        reader.press(.character("\\"))
        #expect(reader.lines.last?.hasPrefix("Search:") == true)
        reader.type("lighthouse")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Lighthouse repainted") && reader.text.contains("Lighthouse protocol"), "\(reader.text)")
    }

    @Test func theHelpNamesEachKeysAction() throws {
        let reader = try reader()
        reader.press(.character("?"))
        let reload = try #require(reader.lines.first { $0.hasPrefix("R ") })
        #expect(reload.hasSuffix("Reload all feeds  reload-all"), "\(reload)")
    }
}
