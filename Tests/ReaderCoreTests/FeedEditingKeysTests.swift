import Configuration
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The feed list's editing keys act on the selected feed: add, rename, tags, delete, move (how
/// the list and the prompts are drawn is in ReaderScreenTests' FeedEditingScreenTests).
@MainActor
@Suite struct FeedEditingKeysTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeEditingFeeds()
    }

    private func reader() throws -> ReaderDriver {
        let reader = try home.driver(rows: 8, columns: 40)
        reader.settle()
        return reader
    }

    /// Whether `key` asks the urls file to change as `change` says (the edit not carried out).
    private func edits(_ reader: ReaderDriver, _ key: Key, _ change: UrlsFileEdit.Change) -> Bool {
        _ = reader.takeEffects()
        reader.press(key)
        return reader.effects.contains(.store(.editUrlsFile(UrlsFileEdit(change: change))))
    }

    @Test func editingKeysActOnTheSelectedFeed() throws {
        let reader = try reader()
        let (alpha, bravo, delta) = ("https://a.example/feed", "https://b.example/feed", "https://d.example/feed")
        reader.press(.character("a"))
        #expect(reader.lines.last == "Add feed URL:")
        reader.press(.escape)
        reader.press(.character("e"))
        #expect(reader.lines.last == "Title (empty: the feed's own): Alpha")
        reader.press(.escape)
        reader.press(.character("T"))
        #expect(reader.lines.last == "Tags: news")
        reader.press(.escape)
        reader.press(.character("D"))
        #expect(reader.state.message == "Delete Alpha? (y: yes, any other key: no)")
        reader.press(.character("n"))
        reader.settle(after: .character("t"))
        #expect(reader.state.top is TagListScreen)
        reader.press(.character("q"))
        // Moving swaps with the neighbour in the list (the hidden feed between is not one).
        reader.press(.character("K"))
        #expect(reader.state.message == "This feed is already at the top")
        #expect(edits(reader, .character("J"), .swap(alpha, bravo)))
        reader.press(.end)
        reader.press(.character("J"))
        #expect(reader.state.message == "This feed is already at the bottom")
        #expect(edits(reader, .character("K"), .swap(delta, bravo)))
        _ = reader.takeEffects()
        reader.press(.escape)
        #expect(reader.state.top is FeedListScreen && reader.actions.isEmpty, "\(reader.actions)")
        reader.press(.character("q"))
        #expect(reader.quitStatus == 0)
    }

    @Test func aMoveReachesTheFileAndTheListWithTheSelectionOnTheMovedFeed() throws {
        let reader = try reader()
        reader.settle(after: .character("J"))
        let file = try UrlsFile.load(from: URL(fileURLWithPath: home.urlsPath))
        #expect(file.subscriptions.map(\.url) == ["https://b.example/feed", "https://a.example/feed", "https://c.example/feed", "https://d.example/feed"])
        let list = try #require(reader.state.feedList)
        #expect(list.rows(reader.state.context).map(\.url) == ["https://b.example/feed", "https://a.example/feed", "https://d.example/feed"])
        #expect(list.selectedFeed(reader.state.context)?.url == "https://a.example/feed")
    }

    @Test func anEmptyFeedListOnlyAddsFeeds() throws {
        try home.subscribe([])
        let reader = try reader()
        reader.press(.character("e"))
        #expect(reader.state.prompt == nil && reader.state.message == nil)
        reader.press(.character("a"))
        #expect(reader.lines.last == "Add feed URL:")
    }
}
