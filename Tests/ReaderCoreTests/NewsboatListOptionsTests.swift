import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's options of the lists, each driven through the reader from a config line:
/// `scrolloff`, `wrap-scroll`, `goto-first-unread`, `goto-next-feed`, `mark-as-read-on-hover`,
/// the `…-jumps-to-next…` options and `confirm-mark-feed-read`.
@MainActor
@Suite struct NewsboatListOptionsTests {
    /// A home with "Harbour News" (three articles, newest first: Gamma, Beta, Alpha) and
    /// "Tech Notes" (one, Kernel release).
    private func home(_ extraItems: [(title: String, day: Int)] = []) throws -> ReaderHome {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Alpha", 18), ("Beta", 19), ("Gamma", 20)] + extraItems)
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 17)])
        try home.subscribe([home.url("news"), home.url("tech")])
        return home
    }

    /// The reader with `config` as its config file, its feeds reloaded.
    private func start(_ home: ReaderHome, config: String, rows: Int = 24) throws -> ReaderDriver {
        let reader = try home.driver(config: config, rows: rows)
        #expect(reader.state.settings.warnings.isEmpty, "\(reader.state.settings.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Tech Notes"), "\(reader.text)")
        // Marks that follow the reload (`A`) count what was first seen by the key's time; the
        // store saw the articles at the wall clock's.
        reader.now = Date()
        return reader
    }

    /// Opens the selected article and says which one it is, then goes back to the list.
    private func openedTitle(_ reader: ReaderDriver) -> String? {
        reader.press(.enter)
        reader.settle()
        let line = reader.lines.first { $0.contains("Title: ") }
        guard let line else { return nil }
        reader.press(.character("q"))
        reader.settle()
        return String(line[line.range(of: "Title: ")!.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    private func openNews(_ reader: ReaderDriver) {
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.text.contains("unread, 3 total"), "\(reader.text)")
    }

    @Test func wrapScrollGoesRoundTheList() throws {
        let reader = try start(try home(), config: "wrap-scroll yes")
        openNews(reader)
        reader.press(.character("k"))
        #expect(openedTitle(reader) == "Alpha", "up from the first row: the last")
        reader.press(.character("j"))
        #expect(openedTitle(reader) == "Gamma", "down from the last row: the first")
    }

    @Test func scrolloffKeepsRowsBelowTheSelectionInView() throws {
        let items = (1...6).map { (title: "Older \($0)", day: 10 - $0) }
        // 8 rows: the title bar, 6 list rows, the status bar.
        let reader = try start(try home(items), config: "scrolloff 2", rows: 8)
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.text.contains("9 unread, 9 total"))
        #expect(reader.lines[1].contains("Gamma"))
        // The fourth row selected: two rows stay visible under it, so the list has scrolled by one.
        reader.press(.character("j"), .character("j"), .character("j"), .character("j"))
        #expect(reader.lines[1].contains("Beta"), "\(reader.text)")
        #expect(reader.lines[6].contains("Older 4"), "\(reader.text)")
    }

    @Test func gotoFirstUnreadSelectsTheFirstUnreadArticle() throws {
        let reader = try start(try home(), config: "")
        openNews(reader)
        #expect(openedTitle(reader) == "Gamma")
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("(2/3) Harbour News"))
        openNews(reader)
        #expect(openedTitle(reader) == "Beta", "the first unread article, under the one read")
    }

    @Test func gotoNextFeedNoKeepsNextUnreadInTheFeed() throws {
        let reader = try start(try home(), config: "goto-next-feed no")
        openNews(reader)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Gamma"))
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("Title: Beta"))
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("Title: Alpha"))
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("No more unread articles"), "Tech Notes is another feed: \(reader.text)")
        #expect(!reader.text.contains("Kernel release"))
    }

    @Test func markAsReadOnHoverMarksWhatTheSelectionMovesOnto() throws {
        let reader = try start(try home(), config: "mark-as-read-on-hover yes")
        openNews(reader)
        #expect(reader.lines[0].hasSuffix("3 unread, 3 total"))
        reader.press(.character("j"))
        #expect(reader.lines[0].hasSuffix("2 unread, 3 total"), "\(reader.text)")
        reader.settle()
        #expect(try reader.storedArticles(ofFeed: "Harbour News").first { $0.title == "Beta" }?.isRead == true)
    }

    @Test func toggleItemReadJumpsToTheNextRow() throws {
        let reader = try start(try home(), config: "toggleitemread-jumps-to-next yes")
        openNews(reader)
        reader.press(.character("N"))
        #expect(reader.text.contains("Marked read"))
        #expect(openedTitle(reader) == "Beta")
    }

    @Test func toggleItemReadJumpsToTheNextUnreadRow() throws {
        let reader = try start(try home(), config: "toggleitemread-jumps-to-next-unread yes")
        openNews(reader)
        reader.press(.character("j"))
        #expect(openedTitle(reader) == "Beta")
        reader.press(.character("k"), .character("N"))
        #expect(reader.text.contains("Marked read"))
        #expect(openedTitle(reader) == "Alpha", "Beta is read: the next unread row is Alpha")
    }

    @Test func openInBrowserAndMarkJumpsToTheNextUnreadRow() throws {
        let reader = try start(try home(), config: "openbrowser-and-mark-jumps-to-next-unread yes")
        openNews(reader)
        reader.press(.character("O"))
        #expect(reader.lines[0].hasSuffix("2 unread, 3 total"))
        #expect(openedTitle(reader) == "Beta")
    }

    @Test func markFeedReadJumpsToTheNextFeedWithUnreadArticles() throws {
        let reader = try start(try home(), config: "markfeedread-jumps-to-next-unread yes")
        reader.press(.home, .character("A"))
        #expect(reader.text.contains("Marked 3 articles read"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("1 unread, 1 total"), "Tech Notes is selected: \(reader.text)")
        #expect(reader.lines[0].contains("Tech Notes"))
    }

    @Test func markFeedReadInAnItemListShowsTheNextFeedWithUnreadArticles() throws {
        let reader = try start(try home(), config: "markfeedread-jumps-to-next-unread yes")
        openNews(reader)
        reader.press(.character("A"))
        #expect(reader.text.contains("Marked 3 articles read"))
        reader.settle()
        #expect(reader.text.contains("1 unread, 1 total"), "\(reader.text)")
        #expect(reader.lines[0].contains("Tech Notes"))
    }

    @Test func confirmMarkFeedReadAsksFirst() throws {
        let reader = try start(try home(), config: "confirm-mark-feed-read yes")
        reader.press(.home, .character("A"))
        #expect(reader.text.contains("Mark Harbour News read? (y: yes, any other key: no)"))
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("(3/3) Harbour News"))
        reader.press(.character("A"))
        #expect(reader.text.contains("Mark Harbour News read?"))
        reader.press(.character("y"))
        #expect(reader.text.contains("Marked 3 articles read"))
        reader.settle()
        #expect(reader.text.contains("(0/3) Harbour News"))
    }
}
