import FeedFetcher
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The feed list as drawn: counts, marks, titles made safe, sizes. What its keys do is in
/// ReaderCoreTests (FeedListKeysTests).
@MainActor
@Suite struct FeedListScreenTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeFeedListFeeds()
    }

    @Test func rowsWithCountsMarksAndSafeTitles() throws {
        let reader = try home.driver(rows: 7, columns: 40)
        reader.settle()
        // A reload of every feed (the hidden one too) has started b: its row shows the spinner,
        // turned once.
        reader.performsReloads = false
        reader.settle(after: .character("R"))
        reader.send(.fetchEvent(FetchEvent(url: "https://b.example/feed", kind: .started, completed: 0, total: 5)))
        reader.send(.spinnerTick)
        try GoldenFrame(reader.frame).check("feed-list-marks")
        #expect(Array(reader.lines[1...5]) == [
            " N (3/3)   My renamed feed",
            "/N (12/12) 日本語のニュース🎌",
            " N (2/2)   Evil␛[2J title␇",
            "!  (0/0)   https://e.example/feed  — HT…",
            "",
        ])
        #expect(reader.frame.grid[1, 0].style.attributes.contains(.reverse))
        #expect(reader.lines[0].hasSuffix("17 unread in 4 feeds"))
    }

    @Test func tinyAndHugeSizes() throws {
        let reader = try home.driver()
        reader.settle()
        for (rows, columns) in [(0, 0), (1, 1), (5, 20), (200, 500)] {
            reader.resize(rows: rows, columns: columns)
            #expect(reader.frame.grid.rows == rows)
        }
        reader.resize(rows: 4, columns: 12)
        #expect(Array(reader.lines[1...2]) == [" N (3/3)   …", " N (12/12) …"])
    }

    @Test func emptyListsSayWhatToDo() throws {
        try home.subscribe([])
        let empty = try home.driver(rows: 4, columns: 100)
        empty.settle()
        #expect(empty.lines[1] == "No feeds yet: press a to add one by its URL (or run `tidings add URL`).")

        try home.subscribe(["https://a.example/feed"])
        try home.cache().markAllFeeds(read: true)
        let unreadOnly = try home.driver(config: "show-read-feeds no", rows: 4, columns: 100)
        unreadOnly.settle()
        #expect(unreadOnly.lines[1] == "No feed has unread articles (show-read-feeds is off). R reloads them all.")
    }

    /// A multi-megabyte title (the parser keeps up to 4 MB of a field) is cut on every screen.
    @Test func hugeTitlesAreCutEverywhere() throws {
        let title = String(repeating: "長いタイトル ", count: 300_000)
        try home.subscribe(["https://z.example/feed"])
        try home.cache().upsert(Feed(format: .rss20, title: title, items: [Item(id: "1", title: title, link: "https://z.example/1", author: title)]),
                                forFeedURL: "https://z.example/feed")
        let reader = try home.driver(rows: 6, columns: 40)
        reader.settle()
        #expect(reader.lines[1] == " N (1/1) 長いタイトル 長いタイトル 長い…")
        reader.settle(after: .enter)
        // Cut to keep the counts beside it.
        #expect(reader.lines[0] == " 長いタイトル 長いタ… 1 unread, 1 total")
        reader.settle(after: .enter)
        #expect(reader.lines[1].hasPrefix("Title: 長いタイトル"))
    }
}
