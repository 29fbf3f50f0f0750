import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// A feed's articles as drawn: dates, marks, authors, titles made safe, empty lists. What the
/// keys do is in ReaderCoreTests (ItemListKeysTests).
@MainActor
@Suite struct ItemListScreenTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.subscribe(["https://a.example/feed"])
    }

    /// The reader on the list of the feed's `count` articles, the newest `read` ones read.
    private func itemList(count: Int, read: Int = 0, makeTitle: (Int) -> String = { "Item \($0)" }, config: String = "",
                          rows: Int, columns: Int) throws -> ReaderDriver {
        let cache = try home.cache()
        try cache.addItems(count, to: "https://a.example/feed", title: "Example", makeTitle: makeTitle)
        let feed = try #require(try cache.feedList().first)
        for item in try cache.items(inFeed: feed.id).prefix(read) { _ = try cache.markItem(item.id, read: true) }
        let reader = try home.driver(config: config, rows: rows, columns: columns)
        reader.settle()
        reader.settle(after: .enter)
        return reader
    }

    @Test func newestFirstWithDatesMarkersAndAuthors() throws {
        let reader = try itemList(count: 3, read: 1, makeTitle: { ["Release 1.0", "日本語のタイトルです", "Third \u{1B}]0;pwned\u{07}"][$0] },
                                  rows: 6, columns: 48)
        try GoldenFrame(reader.frame).check("item-list")
        #expect(Array(reader.lines[1...4]) == [
            "  2025-11-21  Third ␛]0;pwned␇  — Ann",
            "N 2025-11-21  日本語のタイトルです",
            "N 2025-11-21  Release 1.0  — Ann",
            "",
        ])
        #expect(reader.lines[0].hasPrefix(" Example ") && reader.lines[0].hasSuffix(" 2 unread, 3 total"))
    }

    @Test func emptyFeedSaysSo() throws {
        let reader = try itemList(count: 0, rows: 4, columns: 60)
        #expect(Array(reader.lines[1...2]) == ["No articles in this feed yet. Press r to reload it.", ""])
    }

    @Test func unreadOnlyListsOnlyUnreadItems() throws {
        let reader = try itemList(count: 4, read: 1, config: "show-read-articles no", rows: 6, columns: 30)
        #expect(Array(reader.lines[1...4]) == ["N 2025-11-21  Item 2  — Ann", "N 2025-11-21  Item 1", "N 2025-11-21  Item 0  — Ann", ""])
        let feed = try #require(try reader.store.feedList().first)
        try reader.store.markFeed(feed.id, read: true)
        reader.noticeCacheChanges()
        reader.resize(rows: 4, columns: 40)
        #expect(reader.lines[1] == "No unread articles in this feed.")
    }
}
