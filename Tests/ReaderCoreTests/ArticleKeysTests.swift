import FeedModel
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// What the article view's keys do: link numbers, the browser, marks, jumps, back (how the
/// article is drawn is in ReaderScreenTests' ArticleScreenTests).
@MainActor
@Suite struct ArticleKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    private func article(_ reader: ReaderDriver) throws -> ArticleScreen {
        try #require(reader.state.top as? ArticleScreen)
    }

    @Test func typingALinkNumberOpensIt() throws {
        let reader = try home.article(content: "<p><a href=\"/one\">1</a> <a href=\"/two\">2</a></p>")
        reader.press(.character("2"))
        #expect(reader.state.message == "Open link 2 (Enter opens, Esc cancels)")
        reader.press(.enter)
        #expect(reader.openedURLs == ["https://a.example/two"])
        reader.press(.character("1"))
        reader.press(.character("2"))
        reader.press(.enter)
        #expect(reader.state.message == "No link 12: links go from 1 to 2")
        reader.press(.character("1"))
        reader.press(.character("5"))
        reader.press(.backspace)
        reader.press(.enter)
        #expect(reader.openedURLs == ["https://a.example/two", "https://a.example/one"])
        reader.press(.character("1"))
        reader.press(.escape)
        #expect(reader.state.message == nil)
        #expect(reader.state.top is ArticleScreen)
        reader.press(.escape)
        #expect(reader.state.top is ItemListScreen)
    }

    /// Images open by number like links: the number is an index into the same list.
    @Test func imagesAreNumberedWithTheLinks() throws {
        let reader = try home.article(content: "<p><img src=\"/cat.png\" alt=\"cat\"> <a href=\"/x\">x</a></p>")
        #expect(try article(reader).body.links == ["https://a.example/cat.png", "https://a.example/x"])
        reader.press(.character("1"))
        reader.press(.enter)
        #expect(reader.openedURLs == ["https://a.example/cat.png"])
    }

    @Test func keysActOnTheArticle() throws {
        let reader = try home.article(content: "<p>x</p>")
        let item = try article(reader).item
        reader.press(.character("o"))
        #expect(reader.openedURLs == ["https://a.example/posts/1"])
        // Read on opening: N marks it unread.
        reader.press(.character("N"))
        #expect(reader.state.message == "Marked unread")
        for (key, forward) in [(Character("n"), true), ("p", false)] {
            reader.press(.character(key))
            let jump = try #require(reader.reads(of: UnreadJumpQuery.self).last)
            #expect(jump.kind == .acrossFeeds(from: item.id) && jump.forward == forward, "\(key)")
            reader.settle()
        }
        #expect(reader.reloadedURLs(by: .character("r")) == ["https://a.example/feed"])
        reader.press(.character("?"))
        #expect(reader.state.top is HelpScreen)
        reader.press(.character("q"))
        for key in [Key.left, .character("q")] {
            #expect(reader.state.top is ArticleScreen)
            reader.press(key)
            #expect(reader.state.top is ItemListScreen, "\(key)")
            reader.settle(after: .enter)
        }
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
    }
}
