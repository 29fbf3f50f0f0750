import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's actions on lists and the article: `next` and `prev` in the article (J, K),
/// `mark-all-above-as-read`, `prevsearchresults` (z) and `goto-title`.
@MainActor
@Suite struct NewsboatListActionsTests {
    /// "Harbour News" (newest first: Gamma, Beta, Alpha) and "Tech Notes" (Kernel release), the
    /// reader started with `config` and reloaded.
    private func start(config: String = "") throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Alpha", 18), ("Beta", 19), ("Gamma", 20)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 17)])
        try home.subscribe([home.url("news"), home.url("tech")])
        let reader = try home.driver(config: config)
        #expect(reader.state.settings.warnings.isEmpty, "\(reader.state.settings.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Tech Notes"), "\(reader.text)")
        return (home, reader)
    }

    private func openNews(_ reader: ReaderDriver) {
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.text.contains("unread, 3 total"), "\(reader.text)")
    }

    @Test func nextAndPrevInTheArticleOpenTheListsNeighbours() throws {
        let (_, reader) = try start()
        openNews(reader)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Gamma"))
        reader.press(.character("J"))
        reader.settle()
        #expect(reader.text.contains("Title: Beta"), "\(reader.text)")
        reader.press(.character("J"))
        reader.settle()
        #expect(reader.text.contains("Title: Alpha"))
        reader.press(.character("J"))
        reader.settle()
        #expect(reader.text.contains("No article after this one"))
        reader.press(.character("K"))
        reader.settle()
        #expect(reader.text.contains("Title: Beta"))
        // Opened as Enter opens them: read; one Back returns to the list, on the last one shown.
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("0 unread, 3 total"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Beta"))
    }

    /// `goto-title` asks for a part of a title and selects the first feed that has it.
    @Test func gotoTitleSelectsTheFeedWhoseTitleHasTheText() throws {
        let (_, reader) = try start(config: "bind-key = goto-title feedlist")
        reader.press(.home, .character("="))
        // The prompt (the row is drawn without its trailing space).
        #expect(reader.text.contains("Title:"), "\(reader.text)")
        reader.type("NOTES")
        reader.press(.enter)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Kernel release"), "\(reader.text)")
        reader.press(.character("q"), .character("="))
        reader.type("ferry")
        reader.press(.enter)
        #expect(reader.text.contains("No feed's title contains ferry"), "\(reader.text)")
    }

    @Test func markAllAboveAsReadMarksTheRowsAboveTheSelection() throws {
        let (_, reader) = try start(config: "bind-key M mark-all-above-as-read")
        openNews(reader)
        reader.press(.character("j"), .character("j"), .character("M"))
        #expect(reader.text.contains("Marked 2 articles read"), "\(reader.text)")
        #expect(reader.text.contains("1 unread, 3 total"))
        reader.settle()
        #expect(try reader.storedArticles(ofFeed: "Harbour News").filter { !$0.isRead }.map(\.title) == ["Alpha"])
    }

    @Test func prevSearchResultsGoesBackToTheSearchBefore() throws {
        let (_, reader) = try start()
        reader.press(.character("/"))
        reader.type("Beta")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Search: Beta"))
        reader.press(.character("/"), .backspace, .backspace, .backspace, .backspace)
        reader.type("Alpha")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Search: Alpha"))
        reader.press(.character("z"))
        reader.settle()
        #expect(reader.text.contains("Search: Beta"), "\(reader.text)")
        reader.press(.character("z"))
        #expect(reader.text.contains("No earlier search results"))
    }
}
