import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// `s` in the Starred list says what it did (issue 45 §16): the star removed stays on its row until
/// the list is read again, and a second `s` stars it again.
@MainActor
@Suite struct StarredListStatusTests {
    @Test func sInStarredSaysTheStarIsRemovedAndWhereTheArticleStays() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Tide tables", 21)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        reader.press(.character("s"))
        #expect(reader.lines.last?.contains("Starred: find it under Starred in the feed list") == true)
        reader.press(.character("q"))
        reader.settle()
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.lines[0].contains("Starred"), "\(reader.text)")
        reader.press(.character("s"))
        #expect(reader.lines.last?.contains("Unstarred “Tide tables”; r drops it from this list") == true,
                "\(reader.text)")
        reader.settle()
        reader.press(.character("s"))
        #expect(reader.lines.last?.contains("Starred “Tide tables” again") == true, "\(reader.text)")
    }
}
