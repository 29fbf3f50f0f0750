@testable import Configuration
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import Testing
@testable import TidingsApp

/// A list of articles from every feed keeps a row where it is once one of its articles is marked
/// (as newsboat does): `s` twice in Starred, or `N` twice in a query feed of unread articles,
/// undoes the first key instead of acting on the next article. `r` reads the list again.
@MainActor
@Suite(.serialized) struct StayingRowsTests {
    @Test func starTwiceInStarredUnstarsAndStarsTheSameArticle() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21), ("Tide tables", 22)])
        try home.subscribe([home.url("news")])
        let reader = try home.startReader()
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("(3/3) Harbour News"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("Tide tables"))
        for _ in 0..<3 { reader.press(.character("s"), .down) }
        #expect(await reader.settle())
        reader.press(.character("q"))
        #expect(await reader.waitFor("(3/3) Starred"))
        reader.press(.home, .enter)
        #expect(await reader.waitFor("3 unread, 3 starred"))
        #expect(await reader.settle())
        let first = reader.lines[1]
        #expect(first.contains("Tide tables"), "\(reader.text)")

        reader.press(.character("s"))
        #expect(await reader.waitFor("2 unread, 2 starred", timeout: .seconds(20)), "\(reader.text)")
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("Tide tables"), "the unstarred article keeps its row: \(reader.text)")
        #expect(reader.lines[1] != first, "and shows it is no longer starred")
        #expect(reader.lines[2].contains("Harbour festival") && reader.lines[3].contains("Ferry delayed"))

        // The second `s` stars the same article again, not the next one.
        reader.press(.character("s"))
        #expect(await reader.waitFor("3 unread, 3 starred"))
        #expect(await reader.settle())
        #expect(reader.lines[1] == first)
        #expect(try reader.store.starredCounts().total == 3)

        // Unstarred again and read again with `r`: now it leaves the list.
        reader.press(.character("s"))
        #expect(await reader.waitFor("2 unread, 2 starred"))
        #expect(await reader.settle())
        reader.press(.character("r"))
        #expect(await reader.settle())
        #expect(!reader.text.contains("Tide tables"), "\(reader.text)")
        #expect(reader.lines[1].contains("Harbour festival"))
    }

    @Test func markingReadTwiceInAQueryFeedOfUnreadArticlesUndoesTheFirst() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        try home.subscribe([home.url("news"), #""query:Unread:unread = \"yes\"""#])
        let file = try UrlsFile.load(from: URL(fileURLWithPath: home.urlsPath))
        let reader = try home.startReader { $0.queryFeeds = file.queryFeeds }
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("(2/2) Unread"))
        #expect(await reader.settle())
        reader.press(.home, .enter)
        #expect(await reader.waitFor("2 unread, 2 total"))
        #expect(await reader.settle())
        reader.press(.character("N"))
        #expect(await reader.waitFor("1 unread, 1 total"))
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("Harbour festival"), "the article read keeps its row: \(reader.text)")
        reader.press(.character("N"))
        #expect(await reader.waitFor("2 unread, 2 total"))
        #expect(await reader.settle())
        #expect(try reader.store.feedList().first?.unreadCount == 2)
    }
}
