import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `reload-only-visible-feeds`: `R` in a feed list narrowed to a tag reloads only its feeds.
@MainActor @Suite struct ReloadVisibleFeedsTests {
    private func fetches(visibleOnly: Bool) async throws -> (news: Int, tech: Int) {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.serve("tech", title: "Tech Notes", items: [("Swift on Linux", 19)])
        try home.subscribe([home.url("news") + " harbour", home.url("tech") + " tech"])
        let config = Config(parsing: "reload-only-visible-feeds \(visibleOnly ? "yes" : "no")")
        let reader = try home.startReader { $0.take(config, environment: [:]) }
        #expect(await reader.settle())
        reader.press(.character("t"))
        #expect(await reader.waitFor("harbour"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("news.xml"), "\(reader.text)")
        #expect(!reader.text.contains("tech.xml"), "\(reader.text)")
        reader.press(.character("R"))
        #expect(await reader.waitFor(visibleOnly ? "Reloaded 1 feed" : "Reloaded 2 feeds"), "\(reader.text)")
        #expect(await reader.settle())
        return (try home.server.headers(for: "/news.xml").count, try home.server.headers(for: "/tech.xml").count)
    }

    @Test func aTagsFeedListReloadsOnlyItsFeeds() async throws {
        let fetched = try await fetches(visibleOnly: true)
        #expect(fetched.news == 1 && fetched.tech == 0)
    }

    @Test func withoutTheOptionEveryFeedIsReloaded() async throws {
        let fetched = try await fetches(visibleOnly: false)
        #expect(fetched.news == 1 && fetched.tech == 1)
    }
}

/// `clear-tag` (Ctrl-T): from a tag's feed list back to every feed.
@MainActor @Suite struct ClearTagTests {
    @Test func clearTagShowsEveryFeedAgain() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.serve("tech", title: "Tech Notes", items: [("Swift on Linux", 19)])
        try home.subscribe([home.url("news") + " harbour", home.url("tech") + " tech"])
        let reader = try home.startReader()
        #expect(await reader.settle())
        reader.press(.control("t"))
        #expect(reader.lines.last?.contains("No tag is selected") == true, "\(reader.text)")
        reader.press(.character("t"))
        #expect(await reader.waitFor("harbour"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.settle())
        #expect(!reader.text.contains("tech.xml"), "\(reader.text)")
        reader.press(.control("t"))
        #expect(await reader.waitFor("tech.xml"), "\(reader.text)")
        #expect(reader.text.contains("news.xml"))
        // The list of every feed is the root: q quits from it, as from the start.
        #expect(reader.lines.first?.contains("harbour") != true, "\(reader.text)")
    }
}
