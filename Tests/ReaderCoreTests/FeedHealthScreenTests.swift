import FeedStore
import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// The feeds' health in the reader (issue 41, `H`): the failing feed first with its error and
/// when it is tried again, the others with their last fetch; `r` tries the selected one again,
/// Enter opens it, `q` goes back.
@MainActor
@Suite struct FeedHealthScreenTests {
    @Test func theFailingFeedComesFirstWithItsErrorAndRTriesItAgain() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        // A feed whose file is missing fails.
        try home.subscribe([home.url("news"), home.url("gone")])
        let reader = try home.driver(columns: 200)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("1 failed"), "\(reader.text)")

        reader.press(.character("H"))
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Feeds' health"), "\(reader.text)")
        #expect(reader.lines[0].hasSuffix("1 failing, 2 feeds"), "\(reader.lines[0])")
        #expect(reader.lines[1].hasPrefix("! "), "the failing feed first: \(reader.text)")
        #expect(reader.lines[1].contains("failing: "), "\(reader.lines[1])")
        #expect(reader.lines[1].contains("next try"), "\(reader.lines[1])")
        #expect(reader.lines[2].hasPrefix("  Harbour News  fetched "), "\(reader.lines[2])")
        #expect(reader.lines[2].contains("newest article 2025-11-20"))

        // r: the failing feed again, alone; now it is there, it is well.
        try home.writeFeed("gone", title: "Back Again", items: [("Return", 21)])
        reader.press(.character("r"))
        reader.settle()
        #expect(reader.lines[0].hasSuffix("0 failing, 2 feeds"), "\(reader.text)")
        #expect(!reader.lines.contains { $0.hasPrefix("! ") })

        // Enter opens the selected feed's articles; q comes back.
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.state.top is ItemListScreen, "\(reader.text)")
        reader.press(.character("q"))
        #expect(reader.state.top is FeedHealthScreen)
        reader.press(.character("q"))
        #expect(reader.state.top is FeedListScreen)
    }
}

extension FeedHealthScreenTests {
    /// A feed a permanent redirect moved twice in a row shows where it went; `M` writes that
    /// address in its urls-file line, which keeps its tags and title, and the feed its articles.
    @Test func mWritesTheAddressAMovedFeedMovedToInItsLine() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.writeFeed("new", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news") + #" local "~Harbour""#])
        let reader = try home.driver(columns: 200)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        // What two fetches that a 301 led to the new address leave in the cache.
        for _ in 0..<2 { try reader.store.recordNotModified(forFeedURL: home.url("news"), permanentRedirect: home.url("new")) }

        reader.press(.character("H"))
        reader.settle()
        #expect(reader.lines[1].hasPrefix("> Harbour  moved to \(home.url("new"))"), "\(reader.text)")
        reader.press(.character("M"))
        reader.settle()
        #expect(reader.text.contains("Moved"), "\(reader.text)")
        let urls = try String(contentsOfFile: home.path("urls"), encoding: .utf8)
        #expect(urls == home.url("new") + #" local "~Harbour""# + "\n", "\(urls)")
        #expect(try reader.storedArticles(ofFeed: "Harbour").count == 1, "the feed kept its articles")
        #expect(!reader.lines.contains { $0.hasPrefix("> ") }, "\(reader.text)")
    }
}
