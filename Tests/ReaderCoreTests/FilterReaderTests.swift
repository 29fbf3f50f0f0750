import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// Filters at run time: a defined filter chosen with `f`, an expression typed after `|`,
/// cleared with Ctrl-G, on an item list and on the feed list.
@MainActor
@Suite struct FilterReaderTests {
    @Test func definedAndTypedFiltersNarrowTheListsAndCtrlGClearsThem() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21), ("New quay opens", 22)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news") + " local", home.url("tech") + " tech"])
        let reader = try home.driver(config: #"""
            define-filter "Festivals" "title =~ \"festival\""
            define-filter "Local feeds" "tags # \"local\""
            """#)
        #expect(reader.state.settings.warnings.isEmpty)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(3/3) Harbour News"))

        // On the feed list: a defined filter by its number keeps the feeds it matches.
        reader.press(.control("k"))
        #expect(reader.lines.last?.hasPrefix("Filter (1 Festivals, 2 Local feeds):") == true)
        reader.type("2")
        reader.press(.enter)
        #expect(reader.lines[0].hasSuffix("filter: Local feeds (1 of 2)"))
        #expect(!reader.text.contains("Tech Notes"))
        reader.press(.control("g"))
        #expect(reader.text.contains("Tech Notes"))

        // On an item list: by name, then a typed expression, then cleared.
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
        reader.press(.control("k"))
        reader.type("Festivals")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("filter: Festivals (1 of 3)"))
        #expect(reader.lines[1].contains("Harbour festival"))
        #expect(!reader.text.contains("New quay opens"))

        // A week after the articles: every one is more than a day old.
        reader.now = ReaderDriver.startTime.addingTimeInterval(7 * 86_400)
        reader.press(.character("f"))
        reader.type(#"title =~ "^(ferry|new)" and age > 1"#)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("(2 of 3)"))
        #expect(reader.text.contains("Ferry delayed") && reader.text.contains("New quay opens"))
        #expect(!reader.text.contains("Harbour festival"))

        // A bad expression says what and where, and the filter in force stays.
        reader.press(.character("f"))
        reader.type("titel = \"x\"")
        reader.press(.enter)
        #expect(reader.text.contains("Not a filter: column 1: unknown attribute \"titel\""))
        #expect(reader.lines[0].contains("(2 of 3)"))

        reader.press(.control("g"))
        reader.settle()
        #expect(reader.text.contains("Harbour festival"))
        #expect(reader.lines[0].hasSuffix("3 unread, 3 total"))
    }
}
