import FeedModel
import FeedParser
import Foundation
import Testing

/// Atom and JSON Feed entries without an author take the feed's (RFC 4287 §4.2.1, JSON Feed 1.1
/// `authors`); an RSS channel's editor is nobody's author (issue 34 §17).
@Suite struct AuthorInheritanceTests {
    @Test func anAtomEntryWithoutAuthorTakesTheFeeds() throws {
        let feed = try FeedParser.parse(Data("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Log</title><author><name>Ada</name></author>
            <entry><id>1</id><title>One</title></entry>
            <entry><id>2</id><title>Two</title><author><name>Grace</name></author></entry>
            </feed>
            """.utf8))
        #expect(feed.items.map(\.author) == ["Ada", "Grace"])
    }

    @Test func aJSONFeedItemWithoutAuthorsTakesTheFeeds() throws {
        let feed = try FeedParser.parse(Data("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Log", "authors": [{"name": "Ada"}],
             "items": [{"id": "1", "content_text": "One"}, {"id": "2", "content_text": "Two", "authors": [{"name": "Grace"}]}]}
            """.utf8))
        #expect(feed.items.map(\.author) == ["Ada", "Grace"])
    }

    @Test func anRSSItemDoesNotTakeTheChannelsEditor() throws {
        let feed = try FeedParser.parse(Data("""
            <rss version="2.0"><channel><title>Log</title><managingEditor>ed@example.org (Ed)</managingEditor>
            <item><guid>1</guid><title>One</title></item></channel></rss>
            """.utf8))
        #expect(feed.items.map(\.author) == [nil])
    }
}
