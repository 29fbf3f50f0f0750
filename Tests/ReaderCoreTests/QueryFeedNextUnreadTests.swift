import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// `n` in a query feed whose expression tests `unread` walks the list as it was shown: an article
/// read drops out of the query, but the walk neither skips the next row nor jumps back
/// (issue 45 §6).
@MainActor
@Suite struct QueryFeedNextUnreadTests {
    @Test func nVisitsEveryRowOfAnUnreadQueryInOrder() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: (1...7).map { ("News story \($0)", $0) })
        try home.subscribe([home.url("news"), "\"query:Unread news:unread = \\\"yes\\\"\""])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        // The Starred entry comes first, then the query feed, then the feed.
        guard let row = reader.lines.firstIndex(where: { $0.contains("Unread news") }) else {
            Issue.record("no query feed in \(reader.text)")
            return
        }
        for _ in 1..<row { reader.press(.down) }
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[1].contains("News story 7"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        var opened = [reader.lines.first { $0.hasPrefix("Title: ") } ?? ""]
        for _ in 0..<8 {
            reader.press(.character("n"))
            reader.settle()
            if reader.text.contains("No more unread articles") { break }
            opened.append(reader.lines.first { $0.hasPrefix("Title: ") } ?? "")
        }
        #expect(opened.map { $0.replacingOccurrences(of: "Title: ", with: "").trimmingCharacters(in: .whitespaces) }
                == (1...7).reversed().map { "News story \($0)" })
    }
}
