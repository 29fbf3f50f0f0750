import FeedModel
import FeedStore
import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// The place you left (issue 43): an article left before its end opens again where it was left,
/// with a hint; one read to the end opens at its top; a feed's list selects, in the next session,
/// the article it had selected; places are forgotten after 30 days.
@MainActor
@Suite struct PlaceLeftTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        let body = (1...80).map { "<p>Paragraph \($0) of the harbour log.</p>" }.joined()
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Harbour News</title><link>https://news.example/</link>
            <item><title>Long log</title><link>https://news.example/log</link><pubDate>22 Nov 2025 10:00:00 GMT</pubDate>
            <description>\(body.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;"))</description></item>
            <item><title>Ferry delayed</title><link>https://news.example/ferry</link><pubDate>21 Nov 2025 10:00:00 GMT</pubDate>
            <description>Late.</description></item>
            <item><title>Tide tables</title><link>https://news.example/tide</link><pubDate>20 Nov 2025 10:00:00 GMT</pubDate>
            <description>High at noon.</description></item>
            </channel></rss>
            """, to: "feeds/news.xml")
        try home.subscribe([home.url("news")])
    }

    func reader(now: Date = ReaderDriver.startTime) throws -> ReaderDriver {
        let reader = try home.driver(now: now)
        reader.settle()
        return reader
    }

    @Test func anArticleLeftBeforeItsEndOpensWhereItWasLeft() throws {
        let reader = try reader()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)
        reader.settle()
        reader.press(.pageDown, .pageDown)
        let top = try #require(reader.lines.dropFirst().first { $0.hasPrefix("Paragraph") })
        reader.press(.character("q"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines.dropFirst().first { $0.hasPrefix("Paragraph") } == top, "\(reader.text)")
        #expect(reader.lines.last?.contains("Back where you left it — g goes to the top") == true)

        // Read to the end: nothing to come back to.
        reader.press(.end, .character("q"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[1].hasPrefix("Title: Long log"), "\(reader.text)")
    }

    @Test func aFeedsListSelectsInTheNextSessionTheArticleItHadSelected() throws {
        let first = try reader()
        first.press(.character("R"))
        first.settle()
        first.press(.enter)
        first.settle()
        first.press(.down, .down)
        #expect(first.lines[3].contains("Tide tables"))
        first.press(.character("Q"))
        first.settle()
        #expect(first.quitStatus == 0)

        // In the same session a list opens as it always has: on the first unread article.
        let again = try reader(now: ReaderDriver.startTime.addingTimeInterval(3600))
        // The feed is the last row ("New since last time" may stand above it: the fetch stored
        // the articles at the real time, after this driver's clock).
        again.press(.end, .enter)
        again.settle()
        #expect((again.state.top as? ItemListScreen)?.selectedItem(again.state.pendingMarks)?.title == "Tide tables")
        again.press(.character("q"))
        again.settle()
        again.press(.enter)
        again.settle()
        #expect((again.state.top as? ItemListScreen)?.selectedItem(again.state.pendingMarks)?.title == "Long log",
                "a place kept in this session is not restored")
    }

    @Test func placesAreForgottenAfterThirtyDays() throws {
        let cache = try home.cache()
        try cache.upsert(Feed(format: .rss20, title: "Harbour News", items: [Item(id: "1", title: "One")]), forFeedURL: home.url("news"))
        let feed = try #require(try cache.feedList().first)
        let item = try #require(try cache.items(inFeed: feed.id).first)
        let saved = Date(timeIntervalSince1970: 1_700_000_000)
        try cache.setReadingPlace(FeedStore.ReadingPlace(line: 12, anchor: "x"), item: item.id, at: saved)
        try cache.setListPlace(feed: feed.id, item: item.id, at: saved)
        #expect(try cache.readingPlace(item: item.id, now: saved.addingTimeInterval(29 * 86_400)) != nil)
        #expect(try cache.listPlace(feed: feed.id, savedBefore: saved.addingTimeInterval(1), now: saved) == item.id)
        #expect(try cache.readingPlace(item: item.id, now: saved.addingTimeInterval(31 * 86_400)) == nil)
        #expect(try cache.forgetOldPlaces(now: saved.addingTimeInterval(31 * 86_400)) == 2)
        #expect(try cache.readingPlace(item: item.id, now: saved) == nil)
    }
}
