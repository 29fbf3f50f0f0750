import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// Search results show each article's feed where Starred and query feeds show it: in a column at
/// the right of the row (issue 45 §16), after the title.
@MainActor
@Suite struct SearchResultRowsTests {
    @Test func theFeedIsAtTheRightAsInQueryFeeds() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Storm warning", 20)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Storm of patches", 21)])
        try home.subscribe([home.url("news"), home.url("tech"), "\"query:Storms:title =~ \\\"Storm\\\"\""])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.character("/"))
        reader.type("storm")
        reader.press(.enter)
        reader.settle()
        let results = Array(reader.lines[1...2])
        reader.press(.character("q"))
        reader.settle()
        guard let row = reader.lines.firstIndex(where: { $0.contains("Storms") }) else {
            Issue.record("no query feed: \(reader.text)")
            return
        }
        for _ in 1..<row { reader.press(.down) }
        reader.press(.enter)
        reader.settle()
        let query = Array(reader.lines[1...2])
        #expect(results == query, "the same rows in both lists")
        #expect(results[0].hasPrefix("N 2025-11-21  Storm of patches") && results[0].hasSuffix("Tech Notes"), "\(results)")
        #expect(results[1].hasPrefix("N 2025-11-20  Storm warning") && results[1].hasSuffix("Harbour News"), "\(results)")
    }
}
