@testable import Configuration
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's actions on lists and the article: `next` and `prev` in the article (J, K),
/// `mark-all-above-as-read`, `prevsearchresults` (z) and `goto-title`.
@MainActor
@Suite(.serialized) struct NewsboatListActionsTests {
    /// "Harbour News" (newest first: Gamma, Beta, Alpha) and "Tech Notes" (Kernel release), the
    /// reader started with `config` and reloaded.
    private func start(config text: String = "") async throws -> HeadlessReader {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Alpha", 18), ("Beta", 19), ("Gamma", 20)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 17)])
        try home.subscribe([home.url("news"), home.url("tech")])
        let config = Config(parsing: text)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        let reader = try home.startReader { $0.take(config, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Tech Notes"), "\(reader.text)")
        #expect(await reader.settle())
        return reader
    }

    private func openNews(_ reader: HeadlessReader) async {
        reader.press(.home, .enter)
        #expect(await reader.waitFor("unread, 3 total"), "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func nextAndPrevInTheArticleOpenTheListsNeighbours() async throws {
        let reader = try await start()
        await openNews(reader)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Gamma"))
        reader.press(.character("J"))
        #expect(await reader.waitFor("Title: Beta"), "\(reader.text)")
        reader.press(.character("J"))
        #expect(await reader.waitFor("Title: Alpha"))
        reader.press(.character("J"))
        #expect(await reader.waitFor("No article after this one"))
        reader.press(.character("K"))
        #expect(await reader.waitFor("Title: Beta"))
        // Opened as Enter opens them: read; one Back returns to the list, on the last one shown.
        #expect(await reader.settle())
        reader.press(.character("q"))
        #expect(await reader.waitFor("0 unread, 3 total"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Beta"))
    }

    /// `goto-title` asks for a part of a title and selects the first feed that has it.
    @Test func gotoTitleSelectsTheFeedWhoseTitleHasTheText() async throws {
        let reader = try await start(config: "bind-key = goto-title feedlist")
        reader.press(.home, .character("="))
        // The prompt (the row is drawn without its trailing space).
        #expect(await reader.waitFor("Title:"), "\(reader.text)")
        reader.type("NOTES")
        reader.press(.enter)
        reader.press(.enter)
        #expect(await reader.waitFor("Kernel release"), "\(reader.text)")
        reader.press(.character("q"), .character("="))
        reader.type("ferry")
        reader.press(.enter)
        #expect(await reader.waitFor("No feed's title contains ferry"), "\(reader.text)")
    }

    @Test func markAllAboveAsReadMarksTheRowsAboveTheSelection() async throws {
        let reader = try await start(config: "bind-key M mark-all-above-as-read")
        await openNews(reader)
        reader.press(.character("j"), .character("j"), .character("M"))
        #expect(await reader.waitFor("Marked 2 articles read"), "\(reader.text)")
        #expect(await reader.waitFor("1 unread, 3 total"))
        #expect(await reader.settle())
        let feed = try #require(try reader.store.feedList().first { $0.feedTitle == "Harbour News" })
        #expect(try reader.store.items(inFeed: feed.id).filter { !$0.isRead }.map(\.title) == ["Alpha"])
    }

    @Test func prevSearchResultsGoesBackToTheSearchBefore() async throws {
        let reader = try await start()
        reader.press(.character("/"))
        reader.type("Beta")
        reader.press(.enter)
        #expect(await reader.waitFor("Search: Beta"))
        reader.press(.character("/"), .backspace, .backspace, .backspace, .backspace)
        reader.type("Alpha")
        reader.press(.enter)
        #expect(await reader.waitFor("Search: Alpha"))
        reader.press(.character("z"))
        #expect(await reader.waitFor("Search: Beta"), "\(reader.text)")
        reader.press(.character("z"))
        #expect(await reader.waitFor("No earlier search results"))
    }
}
