import FeedModel
import FeedParser
import Foundation
import Testing

/// An article written by several people names them all, `A, B`, as newsboat shows Atom's
/// co-authors; a name given twice is shown once, and another element's name never joins them.
@Suite struct SeveralAuthorsTests {
    @Test func anAtomEntrysAuthorsAreJoinedInOrder() throws {
        let feed = try FeedParser.parse(Data("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Log</title>
            <entry><id>1</id><title>Paper</title><author><name>Ada</name></author><author><name>Charles</name></author>
            <author><name>Ada</name></author></entry>
            <entry><id>2</id><title>Letter</title><author><name>Smith, John</name></author><author><name>John</name></author></entry>
            </feed>
            """.utf8))
        #expect(feed.items.map(\.author) == ["Ada, Charles", "Smith, John, John"])
    }

    /// Found by fuzz-feed: joined, the names went past the field cap each of them kept.
    @Test func theJoinedNamesKeepTheFieldCap() throws {
        let names = (1...8).map { "<author><name>Author number \($0)</name></author>" }.joined()
        let limits = ParserLimits(maxFieldBytes: 40)
        let feed = try FeedParser.parse(Data("<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>1</id>\(names)</entry></feed>".utf8),
                                        limits: limits)
        #expect(feed.items.map(\.author) == ["Author number 1, Author number 2"])
    }

    @Test func aFeedsSeveralAuthorsAreInheritedTogether() throws {
        let feed = try FeedParser.parse(Data("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Log</title><author><name>Ada</name></author>
            <author><email>grace@example.org</email></author><entry><id>1</id><title>One</title></entry></feed>
            """.utf8))
        #expect(feed.items.map(\.author) == ["Ada, grace@example.org"])
    }

    @Test func aCreatorDoesNotJoinTheAuthorElements() throws {
        let feed = try FeedParser.parse(Data("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Blog</title>
            <item><title>A</title><dc:creator>Other</dc:creator><author>ann@example.org (Ann)</author><author>bo@example.org (Bo)</author></item>
            <item><title>B</title><author>ann@example.org (Ann)</author><dc:creator>Other</dc:creator><dc:creator>Third</dc:creator></item>
            </channel></rss>
            """.utf8))
        #expect(feed.items.map(\.author) == ["Ann, Bo", "Ann"])
    }

    @Test func aJSONFeedItemsAuthorsAreJoined() throws {
        let feed = try FeedParser.parse(Data("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Log",
             "items": [{"id": "1", "content_text": "One", "authors": [{"name": "Ada"}, {"url": "https://x.example"}, {"name": "Grace"}]},
                       {"id": "2", "content_text": "Two", "authors": [{"url": "https://x.example"}], "author": {"name": "Old"}}]}
            """.utf8))
        #expect(feed.items.map(\.author) == ["Ada, Grace", "Old"])
    }
}
