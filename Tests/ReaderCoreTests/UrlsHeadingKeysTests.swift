import Configuration
import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The urls file's headings are rows of the feed list, never taken for feeds: the feed keys say
/// so on them, and a feed next to one moves past it alone (how they are drawn is in
/// ReaderScreenTests' UrlsHeadingRowsTests).
@MainActor
@Suite struct UrlsHeadingKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeFeedsUnderHeadings()
    }

    @Test func keysOnAHeadingSayItIsNoFeed() throws {
        let reader = try home.driver(rows: 10, columns: 40)
        reader.settle()
        let message = "--- NEWS --- is a heading in the urls file, not a feed"
        for key in ["l", "r", "A", "o", "e", "T", "D", "K", "J"] {
            _ = reader.takeEffects()
            reader.press(.character(Character(key)))
            #expect(reader.state.message == message, "\(key)")
            #expect(reader.actions.isEmpty, "\(key): \(reader.actions)")
        }
        reader.press(.enter)
        #expect(reader.state.message == message)
        #expect(reader.state.top is FeedListScreen)
        reader.press(.character("j"))
        reader.press(.character("j"))
        reader.press(.enter)
        #expect(reader.state.message == "This blank row is a heading in the urls file, not a feed")
        reader.press(.character("j"))
        reader.press(.character("j"))
        let list = { reader.state.feedList }
        #expect(list()?.selectedFeed(reader.state.context)?.url == "https://b.example/feed")
        // A feed next to a heading moves past the heading alone, into the next section.
        let headings = UrlsFile(parsing: ReaderHome.urlsWithHeadings).headings
        func moves(_ key: Character, _ url: String, past heading: UrlsHeading) -> Bool {
            _ = reader.takeEffects()
            reader.press(.character(key))
            return reader.effects.contains(.store(.editUrlsFile(UrlsFileEdit(change: .swapWithHeading(url, heading)))))
        }
        #expect(moves("J", "https://b.example/feed", past: headings[3]))
        #expect(moves("K", "https://b.example/feed", past: headings[2]))
        reader.press(.character("k"))
        reader.press(.character("k"))
        reader.press(.character("k"))
        #expect(list()?.selectedFeed(reader.state.context)?.url == "https://a.example/feed")
        #expect(moves("J", "https://a.example/feed", past: headings[1]))
        #expect(moves("K", "https://a.example/feed", past: headings[0]))
    }
}
