import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// A list of articles from every feed keeps a row where it is once one of its articles is marked
/// (as newsboat does): `s` twice in Starred, or `N` twice in a query feed of unread articles,
/// undoes the first key instead of acting on the next article. `r` reads the list again.
@MainActor
@Suite struct StayingRowsTests {
    @Test func starTwiceInStarredUnstarsAndStarsTheSameArticle() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21), ("Tide tables", 22)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(3/3) Harbour News"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Tide tables"))
        for _ in 0..<3 { reader.press(.character("s"), .down) }
        reader.settle()
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("(3/3) Starred"))
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.text.contains("3 unread, 3 starred"))
        let first = reader.lines[1]
        #expect(first.contains("Tide tables"), "\(reader.text)")

        reader.press(.character("s"))
        reader.settle()
        #expect(reader.text.contains("2 unread, 2 starred"), "\(reader.text)")
        #expect(reader.lines[1].contains("Tide tables"), "the unstarred article keeps its row: \(reader.text)")
        #expect(reader.lines[1] != first, "and shows it is no longer starred")
        #expect(reader.lines[2].contains("Harbour festival") && reader.lines[3].contains("Ferry delayed"))

        // The second `s` stars the same article again, not the next one.
        reader.press(.character("s"))
        reader.settle()
        #expect(reader.text.contains("3 unread, 3 starred"))
        #expect(reader.lines[1] == first)
        #expect(try reader.store.starredCounts().total == 3)

        // Unstarred again and read again with `r`: now it leaves the list.
        reader.press(.character("s"))
        reader.settle()
        #expect(reader.text.contains("2 unread, 2 starred"))
        reader.press(.character("r"))
        reader.settle()
        #expect(!reader.text.contains("Tide tables"), "\(reader.text)")
        #expect(reader.lines[1].contains("Harbour festival"))
    }

    @Test func markingReadTwiceInAQueryFeedOfUnreadArticlesUndoesTheFirst() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        try home.subscribe([home.url("news"), #""query:Unread:unread = \"yes\"""#])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(2/2) Unread"))
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.text.contains("2 unread, 2 total"))
        reader.press(.character("N"))
        reader.settle()
        #expect(reader.text.contains("1 unread, 1 total"))
        #expect(reader.lines[1].contains("Harbour festival"), "the article read keeps its row: \(reader.text)")
        reader.press(.character("N"))
        reader.settle()
        #expect(reader.text.contains("2 unread, 2 total"))
        #expect(try reader.store.feedList().first?.unreadCount == 2)
    }
}
