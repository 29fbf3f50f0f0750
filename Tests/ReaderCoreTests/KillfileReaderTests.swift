import FeedStore
import FilterLanguage
import Foundation
import TerminalUI
import Testing
@testable import TidingsApp

/// The killfile in the headless reader: articles it ignores are gone from the feed list's
/// counts, the item list, search, next-unread and the window title — those stored before the
/// reader started too.
@MainActor
@Suite(.serialized) struct KillfileReaderTests {
    private func killfile(_ mode: Killfile.Mode) throws -> Killfile {
        Killfile(rules: [Killfile.Rule(feedURL: nil, expression: try FilterParser.parse(#"title =~ "^sponsored""#))], mode: mode)
    }

    @Test func ignoredArticlesStoredBeforeTheStartAreGoneEverywhere() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Sponsored: cheap cruises", 21), ("New quay opens", 22)])
        try home.subscribe([home.url("news")])
        do {
            // A first run without a killfile stores all three.
            let reader = try home.startReader()
            #expect(await reader.settle())
            reader.press(.character("R"))
            #expect(await reader.waitFor("(3/3) Harbour News"))
            #expect(await reader.settle())
        }
        let killfile = try killfile(.display)
        let reader = try home.startReader { $0.killfile = killfile }
        #expect(await reader.waitFor("(2/2) Harbour News"))
        #expect(await reader.settle())
        #expect(reader.terminal.title == "Tidings (2 unread)")

        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        #expect(reader.lines[1].hasPrefix("N 2025-11-22  New quay opens"))
        #expect(reader.lines[2].hasPrefix("N 2025-11-20  Ferry delayed"))
        #expect(!reader.text.contains("Sponsored"))

        // Next unread from the newest article skips the ignored one.
        reader.press(.enter)
        #expect(await reader.waitFor("Title: New quay opens"))
        reader.press(.character("n"))
        #expect(await reader.waitFor("Title: Ferry delayed"))

        reader.press(.character("/"))
        reader.type("cruises")
        reader.press(.enter)
        #expect(await reader.waitFor("No articles match"))
        #expect(await reader.settle())
    }

    @Test func downloadModeDoesNotStoreWhatAReloadBrings() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Sponsored: cheap cruises", 21)])
        try home.subscribe([home.url("news")])
        let killfile = try killfile(.download)
        let reader = try home.startReader { $0.killfile = killfile }
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Harbour News"))
        #expect(await reader.settle())
        #expect(try reader.store.hiddenByKillfileCount() == 0)
        let stored = try reader.store.items(inFeed: try reader.store.feedList()[0].id).map(\.title)
        #expect(stored == ["Ferry delayed"])
    }
}
