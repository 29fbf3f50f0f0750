@testable import Configuration
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's options of the lists, each driven through the whole reader from a config line:
/// `scrolloff`, `wrap-scroll`, `goto-first-unread`, `goto-next-feed`, `mark-as-read-on-hover`,
/// the `…-jumps-to-next…` options and `confirm-mark-feed-read`.
@MainActor
@Suite(.serialized) struct NewsboatListOptionsTests {
    /// A home with "Harbour News" (three articles, newest first: Gamma, Beta, Alpha) and
    /// "Tech Notes" (one, Kernel release).
    private func home(_ extraItems: [(title: String, day: Int)] = []) throws -> HeadlessHome {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Alpha", 18), ("Beta", 19), ("Gamma", 20)] + extraItems)
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 17)])
        try home.subscribe([home.url("news"), home.url("tech")])
        return home
    }

    /// The reader with `config` applied as the config file would, its feeds reloaded.
    private func start(_ home: HeadlessHome, config text: String, rows: Int = 24) async throws -> HeadlessReader {
        let config = Config(parsing: text + "\nbrowser \"/bin/true %u\"")
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        let reader = try home.startReader(rows: rows) { $0.take(config, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Tech Notes"), "\(reader.text)")
        #expect(await reader.settle())
        return reader
    }

    /// Opens the selected article and says which one it is, then goes back to the list.
    private func openedTitle(_ reader: HeadlessReader) async -> String? {
        reader.press(.enter)
        guard await reader.waitFor("Title: ") else { return nil }
        let line = reader.lines.first { $0.contains("Title: ") }
        reader.press(.character("q"))
        _ = await reader.settle()
        return line.map { String($0[$0.range(of: "Title: ")!.upperBound...]).trimmingCharacters(in: .whitespaces) }
    }

    private func openNews(_ reader: HeadlessReader) async {
        reader.press(.home, .enter)
        #expect(await reader.waitFor("unread, 3 total"), "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func wrapScrollGoesRoundTheList() async throws {
        let reader = try await start(try home(), config: "wrap-scroll yes")
        await openNews(reader)
        reader.press(.character("k"))
        #expect(await openedTitle(reader) == "Alpha", "up from the first row: the last")
        reader.press(.character("j"))
        #expect(await openedTitle(reader) == "Gamma", "down from the last row: the first")
    }

    @Test func scrolloffKeepsRowsBelowTheSelectionInView() async throws {
        let items = (1...6).map { (title: "Older \($0)", day: 10 - $0) }
        // 8 rows: the title bar, 6 list rows, the status bar.
        let reader = try await start(try home(items), config: "scrolloff 2", rows: 8)
        reader.press(.home, .enter)
        #expect(await reader.waitFor("9 unread, 9 total"))
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("Gamma"))
        // The fourth row selected: two rows stay visible under it, so the list has scrolled by one.
        reader.press(.character("j"), .character("j"), .character("j"), .character("j"))
        #expect(reader.lines[1].contains("Beta"), "\(reader.text)")
        #expect(reader.lines[6].contains("Older 4"), "\(reader.text)")
    }

    @Test func gotoFirstUnreadSelectsTheFirstUnreadArticle() async throws {
        let reader = try await start(try home(), config: "")
        await openNews(reader)
        #expect(await openedTitle(reader) == "Gamma")
        reader.press(.character("q"))
        #expect(await reader.waitFor("(2/3) Harbour News"))
        await openNews(reader)
        #expect(await openedTitle(reader) == "Beta", "the first unread article, under the one read")
    }

    @Test func gotoNextFeedNoKeepsNextUnreadInTheFeed() async throws {
        let reader = try await start(try home(), config: "goto-next-feed no")
        await openNews(reader)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Gamma"))
        reader.press(.character("n"))
        #expect(await reader.waitFor("Title: Beta"))
        reader.press(.character("n"))
        #expect(await reader.waitFor("Title: Alpha"))
        reader.press(.character("n"))
        #expect(await reader.waitFor("No more unread articles"), "Tech Notes is another feed: \(reader.text)")
        #expect(!reader.text.contains("Kernel release"))
    }

    @Test func markAsReadOnHoverMarksWhatTheSelectionMovesOnto() async throws {
        let reader = try await start(try home(), config: "mark-as-read-on-hover yes")
        await openNews(reader)
        #expect(reader.lines[0].hasSuffix("3 unread, 3 total"))
        reader.press(.character("j"))
        #expect(await reader.waitUntil { reader.lines[0].hasSuffix("2 unread, 3 total") }, "\(reader.text)")
        #expect(await reader.settle())
        #expect(try reader.store.items(inFeed: reader.store.feedList().first { $0.feedTitle == "Harbour News" }!.id)
            .first { $0.title == "Beta" }?.isRead == true)
    }

    @Test func toggleItemReadJumpsToTheNextRow() async throws {
        let reader = try await start(try home(), config: "toggleitemread-jumps-to-next yes")
        await openNews(reader)
        reader.press(.character("N"))
        #expect(await reader.waitFor("Marked read"))
        #expect(await openedTitle(reader) == "Beta")
    }

    @Test func toggleItemReadJumpsToTheNextUnreadRow() async throws {
        let reader = try await start(try home(), config: "toggleitemread-jumps-to-next-unread yes")
        await openNews(reader)
        reader.press(.character("j"))
        #expect(await openedTitle(reader) == "Beta")
        reader.press(.character("k"), .character("N"))
        #expect(await reader.waitFor("Marked read"))
        #expect(await openedTitle(reader) == "Alpha", "Beta is read: the next unread row is Alpha")
    }

    @Test func openInBrowserAndMarkJumpsToTheNextUnreadRow() async throws {
        let reader = try await start(try home(), config: "openbrowser-and-mark-jumps-to-next-unread yes")
        await openNews(reader)
        reader.press(.character("O"))
        #expect(await reader.waitUntil { reader.lines[0].hasSuffix("2 unread, 3 total") })
        #expect(await openedTitle(reader) == "Beta")
    }

    @Test func markFeedReadJumpsToTheNextFeedWithUnreadArticles() async throws {
        let reader = try await start(try home(), config: "markfeedread-jumps-to-next-unread yes")
        reader.press(.home, .character("A"))
        #expect(await reader.waitFor("Marked 3 articles read"))
        reader.press(.enter)
        #expect(await reader.waitFor("1 unread, 1 total"), "Tech Notes is selected: \(reader.text)")
        #expect(reader.lines[0].contains("Tech Notes"))
    }

    @Test func markFeedReadInAnItemListShowsTheNextFeedWithUnreadArticles() async throws {
        let reader = try await start(try home(), config: "markfeedread-jumps-to-next-unread yes")
        await openNews(reader)
        reader.press(.character("A"))
        #expect(await reader.waitFor("Marked 3 articles read"))
        #expect(await reader.waitFor("1 unread, 1 total"), "\(reader.text)")
        #expect(reader.lines[0].contains("Tech Notes"))
    }

    @Test func confirmMarkFeedReadAsksFirst() async throws {
        let reader = try await start(try home(), config: "confirm-mark-feed-read yes")
        reader.press(.home, .character("A"))
        #expect(await reader.waitFor("Mark Harbour News read? (y: yes, any other key: no)"))
        reader.press(.character("n"))
        #expect(await reader.settle())
        #expect(reader.text.contains("(3/3) Harbour News"))
        reader.press(.character("A"))
        #expect(await reader.waitFor("Mark Harbour News read?"))
        reader.press(.character("y"))
        #expect(await reader.waitFor("Marked 3 articles read"))
        #expect(await reader.waitFor("(0/3) Harbour News"))
    }
}
