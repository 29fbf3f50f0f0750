import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// `clear-tag` (Ctrl-T): from a tag's feed list back to every feed.
@MainActor @Suite struct ClearTagTests {
    @Test func clearTagShowsEveryFeedAgain() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Swift on Linux", 19)])
        try home.subscribe([home.url("news") + " harbour", home.url("tech") + " tech"])
        // Wide enough for the feeds' URLs (their titles until they are reloaded).
        let reader = try home.driver(columns: 140)
        reader.settle()
        reader.press(.control("t"))
        #expect(reader.lines.last?.contains("No tag is selected") == true, "\(reader.text)")
        reader.press(.character("t"))
        reader.settle()
        #expect(reader.text.contains("harbour"))
        reader.press(.enter)
        reader.settle()
        #expect(!reader.text.contains("tech.xml"), "\(reader.text)")
        reader.press(.control("t"))
        reader.settle()
        #expect(reader.text.contains("tech.xml"), "\(reader.text)")
        #expect(reader.text.contains("news.xml"))
        // The list of every feed is the root: q quits from it, as from the start.
        #expect(reader.lines.first?.contains("harbour") != true, "\(reader.text)")
    }
}
