import Configuration
import FeedModel
@testable import FeedServices
import FeedStore
import Foundation
import Testing

@Suite struct OPMLTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func nestedOutlinesBecomeTagsAndDuplicatesAreSkipped() throws {
        let data = try Data(contentsOf: OPMLTests.fixtures.appendingPathComponent("nested-folders.opml"))
        let result = try OPML.parse(data)
        #expect(result.subscriptions == [
            Subscription(url: "https://harbour.example/feed.xml", tags: ["News", "Local"], customTitle: "Harbour Notes"),
            Subscription(url: "https://townhall.example/rss?lang=fr&format=full", tags: ["News", "Local"], customTitle: "Town Hall"),
            Subscription(url: "https://cafe.example/atom.xml", tags: ["News"], customTitle: "Café Society"),
            Subscription(url: "https://blog.example/atom.xml", tags: ["Tech", "Programming", "Swift"]),
            Subscription(url: "https://top.example/feed", customTitle: "Top level"),
        ])
        #expect(result.duplicates == 1)
        #expect(result.skipped == [OPML.Skip(name: "https://site.example/", reason: "a link to a web page, not a feed")])
    }

    @Test func exportThenImportGivesTheSameList() throws {
        let list = [
            Subscription(url: "https://a.example/feed?x=1&y=2", tags: ["news", "long reads"], customTitle: "A <&> \"B\""),
            Subscription(url: "exec:~/bin/scrape.sh \"my town\"", tags: ["local"], isHidden: true),
            Subscription(url: "filter:clean:https://c.example/rss"),
            Subscription(url: "https://d.example/atom", customTitle: "Tabs\tand\nnewlines"),
        ]
        let document = OPML.export(list, date: Date(timeIntervalSince1970: 0))
        #expect(document.contains("<dateCreated>Thu, 01 Jan 1970 00:00:00 GMT</dateCreated>"))
        let back = try OPML.parse(Data(document.utf8))
        #expect(back.subscriptions == list)
        #expect(back.duplicates == 0)
    }

    /// Issue 34 §18: a fetched title is exported as the feed's own and does not come back frozen
    /// as `"~title"`; query feeds, hidden feeds and tags survive the round trip.
    @Test func fetchedTitlesQueryFeedsHiddenFeedsAndTagsRoundTrip() throws {
        let urls = UrlsFile(parsing: """
            https://a.example/rss news
            https://b.example/rss "~Mine" "!"
            "query:Unread news:unread = \\"yes\\" and tags # \\"news\\"" daily
            """)
        let fetched = ["https://a.example/rss": FeedListRow(
            id: FeedID(1), url: "https://a.example/rss", displayTitle: "Alpha Daily", feedTitle: "Alpha Daily", customTitle: nil,
            link: "https://a.example/", tags: ["news"], unreadCount: 0, totalCount: 0, lastError: nil, failureCount: 0,
            lastSuccessAt: nil, lastAttemptAt: nil)]
        let document = OPML.export(urls.subscriptions, queryFeeds: urls.queryFeeds, fetched: fetched)
        #expect(document.contains(#"text="Alpha Daily" title="Alpha Daily" xmlUrl="https://a.example/rss" htmlUrl="https://a.example/" category="news" tidingsTitle="fetched"/>"#))
        #expect(document.contains(#"<outline type="query" text="Unread news" title="Unread news" tidingsQuery="unread = &quot;yes&quot; and tags # &quot;news&quot;" category="daily"/>"#))

        let back = try OPML.parse(Data(document.utf8))
        #expect(back.subscriptions == urls.subscriptions)
        #expect(back.queryFeeds == [OPML.QueryOutline(title: "Unread news", expression: #"unread = "yes" and tags # "news""#, tags: ["daily"])])
        var fresh = UrlsFile()
        for subscription in back.subscriptions { fresh.add(subscription) }
        for query in back.queryFeeds { try fresh.addQuery(title: query.title, expression: query.expression, tags: query.tags) }
        #expect(fresh.text == urls.text)
    }

    /// newsboat's import reads `url` when there is no `xmlUrl`, `filtercmd`, and Liferea's
    /// `|command`; what cannot be a feed is skipped with its reason.
    @Test func newsboatsAttributesAreReadAndSkipsSayWhy() throws {
        let result = try OPML.parse(Data("""
            <opml version="1.0"><body>
            <outline text="A" url="https://a.example/rss"/>
            <outline text="B" xmlUrl="https://b.example/rss" filtercmd="clean.sh"/>
            <outline text="C" xmlUrl="|scrape --town"/>
            <outline text="D" xmlUrl="javascript:alert(1)"/>
            <outline text="E" tidingsQuery="unread = " />
            </body></opml>
            """.utf8))
        #expect(result.subscriptions.map(\.url) == ["https://a.example/rss", "filter:clean.sh:https://b.example/rss", "exec:scrape --town"])
        #expect(result.skipped == [OPML.Skip(name: "javascript:alert(1)", reason: "not a feed address (http(s)://, file://, exec: or filter:)")])
        var urls = UrlsFile()
        #expect(throws: UrlsFile.QueryRefusal.self) { try urls.addQuery(title: "E", expression: "unread = ", tags: []) }
        #expect(urls.text.isEmpty)
    }

    @Test func rejectsWhatIsNotOPML() {
        #expect(throws: OPML.ImportError.self) { try OPML.parse(Data("<rss><channel/></rss>".utf8)) }
        #expect(throws: OPML.ImportError.self) { try OPML.parse(Data("<opml><body><outline".utf8)) }
        #expect(throws: OPML.ImportError.self) { try OPML.parse(Data()) }
    }

    @Test func emptyBodyImportsNothing() throws {
        let result = try OPML.parse(Data(#"<opml version="2.0"><head/><body/></opml>"#.utf8))
        #expect(result.subscriptions.isEmpty && result.duplicates == 0)
    }
}
