import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// `reload-urls` (Ctrl-R) reads the urls file again: new feeds, and new `query:` lines too, at
/// once (issue 45 §7: they waited for a restart).
@MainActor
@Suite struct ReloadUrlsTests {
    @Test func aQueryLineAddedToTheFileShowsAfterReloadUrls() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Storm warning", 21)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(!reader.text.contains("Storms"))

        try home.subscribe([home.url("news"), "\"query:Storms:title =~ \\\"Storm\\\"\""])
        reader.press(.control("r"))
        reader.settle()
        #expect(reader.text.contains("Read the urls file again: 1 feed"))
        #expect(reader.lines.contains { $0.contains("(1/1) Storms") }, "\(reader.text)")

        try home.subscribe([home.url("news")])
        reader.press(.control("r"))
        reader.settle()
        #expect(!reader.text.contains("Storms"), "a query line removed goes too: \(reader.text)")
    }
}
