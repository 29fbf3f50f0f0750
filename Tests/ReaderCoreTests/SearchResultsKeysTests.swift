import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// What the keys do on search results, and `/` on every screen (the results as drawn are in
/// ReaderScreenTests' SearchResultsScreenTests).
@MainActor
@Suite struct SearchResultsKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }


    private func selected(_ reader: ReaderDriver) -> ItemRow? {
        (reader.state.top as? SearchResultsScreen)?.selectedItem(reader.state.pendingMarks)
    }

    @Test func keysActOnTheSelectedResult() throws {
        let reader = try home.searchReader()
        reader.search("harbour -boats")
        reader.settle()
        let first = try #require(selected(reader))
        reader.settle(after: .enter)
        #expect((reader.state.top as? ArticleScreen)?.item.id == first.id)
        reader.press(.character("q"))
        reader.press(.character("/"))
        #expect(reader.lines.last == "Search: harbour -boats")
        reader.press(.escape)
        // Read when it was opened: N makes it unread again.
        reader.press(.character("N"))
        #expect(selected(reader)?.isRead == false)
        reader.press(.character("o"))
        #expect(reader.openedURLs == ["https://example.org/2"])
        #expect(reader.reloadedURLs(by: .character("r")) == [ReaderHome.harbourNews])
        #expect(reader.reloadedURLs(by: .character("R")) == [ReaderHome.harbourNews, ReaderHome.swiftBlog])
        reader.press(.character("?"))
        #expect(reader.state.top is HelpScreen)
        reader.press(.character("q"))
        reader.press(.character("n"))
        guard case .inList(_, acrossFeeds: true)? = reader.reads(of: UnreadJumpQuery.self).last?.kind else {
            Issue.record("n did not look for the next unread result")
            return
        }
        reader.settle()
        #expect(reader.state.top is ArticleScreen)
        reader.press(.character("q"))
        reader.settle(after: .end)
        #expect(selected(reader)?.title == "Kernel notes")
        for key in [Key.character("q"), .escape] {
            #expect(reader.state.top is SearchResultsScreen)
            reader.press(key)
            #expect(reader.state.top is FeedListScreen, "\(key)")
            reader.search("harbour")
            reader.settle()
        }
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
    }

    @Test func enterOnNothingFoundDoesNothing() throws {
        let reader = try home.searchReader()
        reader.search("lighthouse")
        reader.settle()
        _ = reader.takeEffects()
        reader.settle(after: .enter)
        #expect(reader.state.top is SearchResultsScreen)
        #expect(reader.reads(of: ArticleQuery.self).isEmpty)
    }

    /// `/` searches where it is pressed (every article from the feed list and the help, the
    /// feed's in its list, the text in the article); `\` every article from anywhere.
    @Test func slashOpensTheSearchOnEveryScreen() throws {
        let reader = try home.searchReader()
        // The feed list, an item list, an article, the help.
        for (keys, prompt) in [([], "Search:"), ([Key.enter], "Search Harbour News:"), ([.enter], "Find in the article:"), ([.character("?")], "Search:")] {
            for key in keys { reader.press(key) }
            reader.settle()
            reader.press(.character("/"))
            #expect(reader.lines.last == prompt, "on \(type(of: reader.state.top))")
            reader.press(.escape)
            reader.press(.character("\\"))
            #expect(reader.lines.last == "Search:", "\\ on \(type(of: reader.state.top))")
            reader.press(.escape)
        }
        #expect(reader.state.top is HelpScreen)
    }
}
