import FeedModel
@testable import FeedServices
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
