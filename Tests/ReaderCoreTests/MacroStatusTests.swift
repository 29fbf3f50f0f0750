import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// After a macro the status line says what its `set` steps did (issue 45 §16), as `:set` does.
@MainActor
@Suite struct MacroStatusTests {
    @Test func theStatusLineShowsTheSetsAMacroRan() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: """
            macro v set show-read-feeds no ; set feed-sort-order title
            macro w set show-read-feeds yes ; reload-all
            """)
        reader.settle()
        reader.press(.character(","), .character("v"))
        reader.settle()
        #expect(reader.lines.last?.contains("show-read-feeds = no, feed-sort-order = title") == true, "\(reader.text)")
        reader.press(.character(","), .character("w"))
        #expect(reader.lines.last?.contains("show-read-feeds = yes") == true, "after the reload it started too: \(reader.text)")
    }
}
