import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The tag list's keys, and the feed list of one tag opened from it (how both are drawn is in
/// ReaderScreenTests' FeedEditingScreenTests).
@MainActor
@Suite struct TagListKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeEditingFeeds()
    }

    private func tagList() throws -> ReaderDriver {
        let reader = try home.driver(rows: 8, columns: 40)
        reader.settle()
        reader.settle(after: .character("t"))
        return reader
    }

    private func shownTag(_ reader: ReaderDriver) -> String? {
        (reader.state.top as? FeedListScreen)?.tag
    }

    @Test func enterOpensTheSelectedTagAndTheUsualKeysWork() throws {
        let reader = try tagList()
        reader.settle(after: .enter)
        #expect(shownTag(reader) == "long reads")
        reader.press(.character("q"))
        reader.press(.character("j"))
        reader.settle(after: .enter)
        #expect(shownTag(reader) == "news")
        reader.press(.character("q"))
        reader.press(.character("?"))
        #expect(reader.state.top is HelpScreen)
        reader.press(.character("q"))
        for key in [Key.character("q"), .escape] {
            #expect(reader.state.top is TagListScreen)
            reader.press(key)
            #expect(reader.state.top is FeedListScreen && shownTag(reader) == nil, "\(key)")
            reader.settle(after: .character("t"))
        }
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
    }

    @Test func enterWithoutTagsDoesNothing() throws {
        try home.subscribe(["https://a.example/feed"])
        let reader = try tagList()
        reader.settle(after: .enter)
        #expect(reader.state.top is TagListScreen)
    }

    @Test func aTagsFeedListOpensItsFeedsAddsTaggedFeedsAndGoesBack() throws {
        let alpha = try home.cache().items(ofFeed: "https://a.example/feed")
        _ = try home.cache().setStarred(true, item: alpha[0].id)
        let reader = try tagList()
        reader.settle(after: .enter)
        let bravo = try #require(reader.state.feedList?.rows(reader.state.context).first { $0.url == "https://b.example/feed" })
        reader.settle(after: .enter)
        #expect((reader.state.top as? ItemListScreen)?.feed.id == bravo.id)
        reader.press(.character("q"))
        for key in [Key.character("q"), .escape, .left] {
            #expect(shownTag(reader) == "long reads")
            reader.press(key)
            #expect(reader.state.top is TagListScreen, "\(key)")
            reader.settle(after: .enter)
        }
        // A feed added here gets the tag, so that it shows here.
        reader.press(.character("a"))
        guard case .addFeed(let tag)? = reader.state.prompt?.question else {
            Issue.record("a did not ask for a feed's URL")
            return
        }
        #expect(tag == "long reads")
        reader.press(.escape)
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
    }
}
