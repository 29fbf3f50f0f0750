import Configuration
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// Going from the feed list into a feed's articles and into an article and back, with the counts
/// following the marks.
@MainActor
@Suite struct BrowsingTests {
    /// A home with two feeds, reloaded once, the reader on the feed list.
    static func readerWithNews() throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news") + " local", home.url("tech")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        return (home, reader)
    }

    /// Back from an article the list is read again (the article is now read); `j` pressed before
    /// that answer comes is kept, not undone by it.
    @Test func aKeyPressedWhileTheListIsReadAgainIsKept() throws {
        let (_, reader) = try Self.readerWithNews()
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"), "\(reader.text)")
        reader.press(.character("q"), .character("j"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Ferry delayed"), "\(reader.text)")
    }

    @Test func enterOpensFeedsAndArticlesAndCountsFollowTheMarks() throws {
        let (_, reader) = try Self.readerWithNews()
        #expect(reader.text.contains("Reloaded 2 feeds — 3 new articles"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        #expect(reader.lines.contains { $0.contains("(2/2) Harbour News") })
        #expect(reader.lines.contains { $0.contains("(1/1) Tech Notes") })
        #expect(reader.title == "Tidings (3 unread)")

        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Harbour News"))
        #expect(reader.lines[1].hasPrefix("N 2025-11-21  New quay opens"))
        #expect(reader.lines[2].hasPrefix("N 2025-11-20  Ferry delayed"))

        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"))
        #expect(reader.text.contains("Body of New quay opens."))
        reader.press(.character("q"))
        // Read on screen at once, before the store has the mark.
        #expect(reader.lines[1].hasPrefix("  2025-11-21  New quay opens"))
        #expect(reader.lines[0].hasSuffix("1 unread, 2 total"))
        reader.press(.left)
        #expect(reader.lines.contains { $0.contains("(1/2) Harbour News") })
        reader.settle()
        let unread = try reader.store.feedList().first { $0.displayTitle == "Harbour News" }?.unreadCount
        #expect(unread == 1)
        #expect(reader.lines.contains { $0.contains("(1/2) Harbour News") })
    }
}
