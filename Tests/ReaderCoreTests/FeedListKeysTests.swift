import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// What the feed list's keys do to the selected feed (how the list is drawn is in
/// ReaderScreenTests' FeedListScreenTests).
@MainActor
@Suite struct FeedListKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeFeedListFeeds()
    }

    private func reader(config: String = "") throws -> ReaderDriver {
        let reader = try home.driver(config: config, rows: 5, columns: 30)
        reader.settle()
        return reader
    }

    private func feedList(_ reader: ReaderDriver) throws -> FeedListScreen {
        try #require(reader.state.top as? FeedListScreen)
    }

    @Test func keysActOnTheSelectedFeed() throws {
        let reader = try reader()
        reader.press(.character("j"))
        #expect(reader.state.top is FeedListScreen)
        let second = try feedList(reader).rows(reader.state.context)[1]
        #expect(second.url == "https://b.example/feed")
        for key in [Key.enter, .right] {
            reader.settle(after: key)
            #expect((reader.state.top as? ItemListScreen)?.feed.id == second.id, "\(key)")
            reader.press(.character("q"))
        }
        #expect(reader.reloadedURLs(by: .character("r")) == ["https://b.example/feed"])
        #expect(reader.reloadedURLs(by: .character("R")) == [
            "https://a.example/feed", "https://b.example/feed", "https://c.example/feed", "https://d.example/feed", "https://e.example/feed",
        ])
        reader.press(.character("A"))
        #expect(reader.lines[2].hasPrefix("   (0/12) "))
        reader.press(.character("?"))
        #expect(reader.state.top is HelpScreen)
        reader.press(.character("q"))
        _ = reader.takeEffects()
        reader.press(.character("o"))
        #expect(reader.openedURLs == ["https://example.org/"])
        _ = reader.takeEffects()
        reader.press(.escape)
        #expect(reader.state.top is FeedListScreen)
        #expect(reader.actions.isEmpty, "\(reader.actions)")
        reader.press(.character("G"))
        #expect(try feedList(reader).selectedFeed(reader.state.context)?.url == "https://e.example/feed")
        reader.press(.character("o"))
        #expect(reader.lines.last?.hasPrefix(" This feed has no website link") == true)
        reader.press(.character("q"))
        #expect(reader.quitStatus == 0)
    }

    @Test func nLooksForTheNextUnreadArticleOfAnyFeed() throws {
        let reader = try reader()
        reader.press(.character("n"))
        #expect(reader.reads(of: UnreadJumpQuery.self).map(\.kind) == [.acrossFeeds(from: nil)])
        reader.settle()
        #expect(reader.state.top is ArticleScreen)
    }

    @Test func capitalQQuits() throws {
        let reader = try reader()
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
    }

    @Test func keysOnAnEmptyListDoNothing() throws {
        try home.subscribe([])
        let reader = try reader()
        #expect(reader.lines[1].hasPrefix("No feeds yet"))
        reader.settle(after: .enter)
        #expect(reader.state.navigation.screens.count == 1)
        #expect(reader.reloadedURLs(by: .character("r")) == [])
    }
}
