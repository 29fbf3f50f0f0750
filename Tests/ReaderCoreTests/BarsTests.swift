import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// The title and status bars with more to say than the row holds (issue 45 §16): a long article
/// title is cut with `…` and the feed and `Top`/`Bottom` keep their place; a long refusal is cut
/// at a word with `…`, and kept whole in the log.
@MainActor
@Suite struct BarsTests {
    @Test func aLongArticleTitleIsCutAndTopStays() throws {
        let home = try ReaderHome()
        let long = "A very long headline about the harbour authority's plans for the new ferry terminal and its opening hours"
        try home.writeFeed("news", title: "Harbour News", items: [(long, 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)
        reader.settle()
        let bar = reader.lines[0]
        #expect(bar.hasSuffix("Harbour News  Top"), "\(bar)")
        #expect(bar.hasPrefix(" A very long headline about the harbour authority's plans…"), "cut at a word: \(bar)")
    }

    @Test func aLongStatusIsCutAtAWordAndLoggedWhole() throws {
        let home = try ReaderHome()
        try home.subscribe([])
        let reader = try home.driver(columns: 60)
        reader.settle()
        let long = "Not added: the server answered with a page that could not be read as a feed of any kind"
        reader.send(.status(long))
        let status = try #require(reader.lines.last)
        #expect(status == " Not added: the server answered with a page that could not…", "cut at a word: \(status)")
        #expect(reader.logLines.contains { $0.text == "status: \(long)" })
    }
}
