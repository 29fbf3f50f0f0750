import FeedStore
import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// `U` takes back the changes keys made to articles, newest first, saying what it undid (issue 42):
/// the unread counts come back exactly, in the lists at once and in the cache.
@MainActor
@Suite struct UndoTests {
    /// Two feeds of 3 and 2 unread articles, reloaded, the reader on the feed list.
    static func reader() throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21), ("Storm warning", 22)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19), ("Compiler news", 18)])
        try home.subscribe([home.url("news"), home.url("tech")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.now = Date()  // after the reload's own time: `A` marks what the list showed
        return (home, reader)
    }

    static func unread(_ reader: ReaderDriver, _ title: String) throws -> Int? {
        try reader.store.feedList().first { $0.displayTitle == title }?.unreadCount
    }

    @Test func markFeedReadThenUndoRestoresTheUnreadCountExactly() throws {
        let (_, reader) = try Self.reader()
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)  // "Storm warning" read by opening it
        reader.settle()
        reader.press(.character("q"))
        reader.settle()
        reader.press(.character("q"))
        reader.settle()
        #expect(try Self.unread(reader, "Harbour News") == 2)
        reader.press(.character("A"))
        reader.settle()
        #expect(reader.lines.contains { $0.contains("(0/3) Harbour News") })
        reader.press(.character("U"))
        #expect(reader.lines.contains { $0.contains("(2/3) Harbour News") }, "at once: \(reader.text)")
        #expect(reader.lines.last?.contains("Undid: marked 2 articles of Harbour News read") == true, "\(reader.text)")
        reader.settle()
        #expect(try Self.unread(reader, "Harbour News") == 2, "the article read before A stays read")
        reader.press(.character("U"))
        reader.settle()
        #expect(try Self.unread(reader, "Harbour News") == 3, "then the article opened")
        #expect(reader.lines.last?.contains("Undid: marked “Storm warning” read") == true, "\(reader.text)")
        reader.press(.character("U"))
        #expect(reader.lines.last?.contains("Nothing to undo") == true)
    }

    @Test func markEveryFeedReadIsOneChange() throws {
        let (_, reader) = try Self.reader()
        reader.press(.character("C"), .character("y"))
        reader.settle()
        #expect(try Self.unread(reader, "Harbour News") == 0 && Self.unread(reader, "Tech Notes") == 0)
        reader.press(.character("U"))
        reader.settle()
        #expect(reader.lines.last?.contains("Undid: marked 5 articles of every feed read") == true, "\(reader.text)")
        #expect(try Self.unread(reader, "Harbour News") == 3 && Self.unread(reader, "Tech Notes") == 2)
    }

    @Test func starsAndDeletionsAreUndoneNewestFirst() throws {
        let (_, reader) = try Self.reader()
        reader.press(.enter)
        reader.settle()
        reader.press(.character("s"))
        reader.press(.down, .character("D"))
        reader.settle()
        #expect(!reader.text.contains("New quay opens"))
        reader.press(.character("U"))
        reader.settle()
        #expect(reader.lines.last?.contains("Undid: deleted “New quay opens”") == true, "\(reader.text)")
        #expect(reader.text.contains("New quay opens"))
        reader.press(.character("U"))
        reader.settle()
        #expect(reader.lines.last?.contains("Undid: starred “Storm warning”") == true, "\(reader.text)")
        #expect(try reader.store.starredCounts().total == 0)
    }

    @Test func aChangeNotWrittenYetWaits() throws {
        let (_, reader) = try Self.reader()
        reader.press(.character("A"))
        // Not settled: the cache has not said which articles A made read.
        reader.press(.character("U"))
        #expect(reader.lines.last?.contains("still being written") == true, "\(reader.text)")
        reader.settle()
        reader.press(.character("U"))
        reader.settle()
        #expect(try Self.unread(reader, "Harbour News") == 3)
    }

    @Test func theUndoOfManyArticlesSurvivesTheJournal() {
        let mark = ItemMark.itemsRead([ItemID(3): FeedID(1), ItemID(9): FeedID(2)], isRead: false)
        #expect(ItemMark(journalLine: Substring(mark.journalLine)) == mark)
        #expect(ItemMark(journalLine: "items-read 0 3:1,x") == nil)
    }
}
