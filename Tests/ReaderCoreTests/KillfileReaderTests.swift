import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The killfile in the reader: articles it ignores are gone from the feed list's counts, the
/// item list, search, next-unread and the window title — those stored before the reader started
/// too.
@MainActor
@Suite struct KillfileReaderTests {
    /// The config lines of a killfile of sponsored articles, in `mode`.
    private func killfile(_ mode: String) -> String {
        "ignore-article \"*\" \"title =~ \\\"^sponsored\\\"\"\nignore-mode \(mode)\n"
    }

    @Test func ignoredArticlesStoredBeforeTheStartAreGoneEverywhere() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Sponsored: cheap cruises", 21), ("New quay opens", 22)])
        try home.subscribe([home.url("news")])
        do {
            // A first run without a killfile stores all three.
            let reader = try home.driver()
            reader.settle()
            reader.press(.character("R"))
            reader.settle()
            #expect(reader.text.contains("(3/3) Harbour News"))
        }
        let reader = try home.driver(config: killfile("display"))
        reader.settle()
        #expect(reader.text.contains("(2/2) Harbour News"))
        #expect(reader.title == "Tidings (2 unread)")

        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[1].hasPrefix("N 2025-11-22  New quay opens"))
        #expect(reader.lines[2].hasPrefix("N 2025-11-20  Ferry delayed"))
        #expect(!reader.text.contains("Sponsored"))

        // Next unread from the newest article skips the ignored one.
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"))
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("Title: Ferry delayed"))

        reader.press(.character("\\"))
        reader.type("cruises")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("No articles match"))
    }

    @Test func downloadModeDoesNotStoreWhatAReloadBrings() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Sponsored: cheap cruises", 21)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: killfile("download"))
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Harbour News"))
        #expect(try reader.store.hiddenByKillfileCount() == 0)
        let stored = try reader.store.items(inFeed: try reader.store.feedList()[0].id).map(\.title)
        #expect(stored == ["Ferry delayed"])
    }
}
