import Foundation
@testable import ReaderDriving
import Testing
@testable import TidingsApp

/// `C` (newsboat's `mark-all-feeds-read`): asks first, then marks every feed read.
@MainActor
@Suite struct MarkAllFeedsReadTests {
    @Test func marksEveryFeedReadOnlyAfterYes() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news"), home.url("tech")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("Reloaded 2 feeds"))
        // `C` marks what was first seen by the key's time; the store saw the articles at the wall clock's.
        reader.now = Date()
        reader.press(.character("C"))
        #expect(reader.text.contains("Mark every feed read? (y: yes, any other key: no)"))
        reader.press(.character("n"))
        #expect(reader.lines.contains { $0.contains("(2/2) Harbour News") })
        reader.press(.character("C"), .character("y"))
        #expect(reader.text.contains("Marked 3 articles read"))
        #expect(reader.lines.contains { $0.contains("(0/2) Harbour News") })
        #expect(reader.lines.contains { $0.contains("(0/1) Tech Notes") })
        reader.settle()
        #expect(try reader.store.feedList().allSatisfy { $0.unreadCount == 0 })
    }
}
