import FeedModel
import FeedParser
import Foundation
import Testing

@Suite struct FeedJSONTests {
    @Test func everyKeyIsPresentAndAbsentValuesAreNull() throws {
        let feed = Feed(format: .rss20, items: [Item()])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(FeedJSON.encode(feed).utf8)) as? [String: Any])
        let keys = ["format", "wellFormed", "encoding", "title", "link", "subtitle", "language", "updated", "author", "image", "items"]
        #expect(Set(object.keys) == Set(keys))
        #expect(object["title"] is NSNull)
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["id", "title", "link", "author", "published", "updated", "summary", "content", "categories", "enclosures"])
        #expect((item["categories"] as? [Any])?.isEmpty == true)
        #expect((item["enclosures"] as? [Any])?.isEmpty == true)
    }

    @Test func keysComeInTheDocumentedOrder() {
        let feed = Feed(format: .rss20, encoding: "utf-8", title: "T", link: "https://e/", items: [
            Item(id: "1", title: "A/B", published: Date(timeIntervalSince1970: 0), categories: ["x"],
                 enclosures: [Enclosure(url: "https://e/a.mp3", type: "audio/mpeg", length: 5)]),
        ])
        #expect(FeedJSON.encode(feed) == """
            {"format":"rss2.0","wellFormed":true,"encoding":"utf-8","title":"T","link":"https://e/",\
            "subtitle":null,"language":null,"updated":null,"author":null,"image":null,"items":[{"id":"1",\
            "title":"A/B","link":null,"author":null,"published":"1970-01-01T00:00:00Z","updated":null,\
            "summary":null,"content":null,"categories":["x"],\
            "enclosures":[{"url":"https://e/a.mp3","type":"audio/mpeg","length":5}]}]}
            """)
    }

    @Test func datesAreUTCSecondsWithZ() {
        let date = Date(timeIntervalSince1970: 1_000_000_000.75)
        #expect(FeedJSON.dateText(date) == "2001-09-09T01:46:40Z")
        #expect(FeedJSON.dateText(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test func textIsUTF8WithControlCharactersEscaped() throws {
        let feed = Feed(format: .atom10, title: "日本 \"q\" \\ \u{1B}[31m\u{7}\n\u{85}")
        let json = FeedJSON.encode(feed)
        #expect(json.contains("日本"))
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["title"] as? String == feed.title)
    }

    @Test func enclosureLengthIsAnIntegerOrNull() throws {
        let feed = Feed(format: .rss20, items: [Item(enclosures: [Enclosure(url: "http://e/a", type: "audio/mpeg", length: 5),
                                                                  Enclosure(url: "http://e/b")])])
        #expect(FeedJSON.encode(feed).contains("[{\"url\":\"http://e/a\",\"type\":\"audio/mpeg\",\"length\":5},{\"url\":\"http://e/b\",\"type\":null,\"length\":null}]"))
    }
}
