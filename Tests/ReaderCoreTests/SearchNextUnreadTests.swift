import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// `n` in search results goes to the next unread result, then says none is left: it never goes
/// round the results already read (issue 45 §5: `22 → 7 → 27 → 12 → 17 → 22 → 7 …`).
@MainActor
@Suite struct SearchNextUnreadTests {
    @Test func nWalksTheUnreadResultsOnceThenSaysNoneIsLeft() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: (1...6).map { ("News story \($0)", $0) })
        try home.subscribe([home.url("news")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.character("/"))
        reader.type("story")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("News story 6"))

        var opened: [String] = []
        for _ in 0..<8 {
            reader.press(.character("n"))
            reader.settle()
            if reader.text.contains("No more unread articles") { break }
            guard let title = reader.lines.first(where: { $0.hasPrefix("Title: ") }) else { break }
            opened.append(String(title.dropFirst("Title: ".count)).trimmingCharacters(in: .whitespaces))
        }
        #expect(opened.count == 6, "each unread result once: \(opened)")
        #expect(Set(opened).count == opened.count, "no result opened twice: \(opened)")
        #expect(reader.text.contains("No more unread articles"))
    }
}
