@testable import Configuration
import FeedStore
import Foundation
import GRDB
import ReaderTesting
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's article lifecycle in the headless reader: `delete-article` (D), `purge-deleted`
/// ($), `delete-all-articles` (^D, asking first), `keep-articles-days` with
/// `keep-forever-if-flagged-with`, and `delete-read-articles-on-quit`, on a real cache.
@MainActor
@Suite(.serialized) struct ArticleLifecycleReaderTests {
    /// Waits for `text` on the screen; records the screen when it does not come.
    private func see(_ reader: HeadlessReader, _ text: String) async throws {
        let shown = await reader.waitFor(text, timeout: .seconds(60))
        #expect(shown, "\(text) not in:\n\(reader.text)")
        if !shown { throw CancellationError() }
    }

    /// The cache's articles of the only feed: title → isDeleted, text kept or not.
    private func stored(_ home: HeadlessHome) throws -> [String: (deleted: Int, hasText: Bool)] {
        let queue = try DatabaseQueue(path: home.cachePath)
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT title, isDeleted, summary IS NOT NULL AS hasText FROM item").reduce(into: [:]) {
                $0[$1["title"] as String] = ($1["isDeleted"], $1["hasText"])
            }
        }
    }

    private func feedURLs(_ home: HeadlessHome) throws -> [String] {
        try DatabaseQueue(path: home.cachePath).read { db in try String.fetchAll(db, sql: "SELECT url FROM feed") }
    }

    private func start(_ home: HeadlessHome, configure: (inout ReaderSettings) -> Void = { _ in }) async throws -> HeadlessReader {
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21), ("Crane repairs", 22)])
        try home.subscribe([home.url("news")])
        let reader = try home.startReader(configure: configure)
        #expect(await reader.settle())
        reader.press(.character("R"))
        try await see(reader, "(3/3) Harbour News")
        #expect(await reader.settle())
        return reader
    }

    @Test func deletedArticlesLeaveTheListStayDeletedAcrossReloadsAndArePurged() async throws {
        let home = try HeadlessHome()
        let reader = try await start(home)
        reader.press(.enter)
        try await see(reader, "Crane repairs")
        reader.press(.character("D"))
        try await see(reader, "Article deleted")
        #expect(await reader.settle())
        #expect(!reader.text.contains("Crane repairs"))
        #expect(try stored(home)["Crane repairs"].map { [$0.deleted, $0.hasText ? 1 : 0] } == [3, 1])
        // A reload does not bring it back.
        reader.press(.character("R"))
        try await see(reader, "Reloaded")
        #expect(await reader.settle())
        #expect(!reader.text.contains("Crane repairs"))
        #expect(reader.text.contains("Harbour festival"))
        reader.press(.character("$"))
        try await see(reader, "Purged 1 article")
        #expect(try stored(home)["Crane repairs"].map { [$0.deleted, $0.hasText ? 1 : 0] } == [1, 0])

        // Every article of the feed, once confirmed.
        reader.press(.control("d"))
        try await see(reader, "Delete all articles? (y: yes")
        reader.press(.character("n"))
        #expect(await reader.settle())
        #expect(reader.text.contains("Harbour festival"))
        reader.press(.control("d"))
        try await see(reader, "Delete all articles? (y: yes")
        reader.press(.character("y"))
        try await see(reader, "Deleted 2 articles")
        #expect(await reader.settle())
        #expect(!reader.text.contains("Harbour festival") && !reader.text.contains("Ferry delayed"))
        reader.press(.character("q"))
        try await see(reader, "(0/0) Harbour News")
    }

    @Test func deleteAllArticlesAsksNothingWhenConfirmationIsOff() async throws {
        let home = try HeadlessHome()
        let reader = try await start(home) { $0.take(Config(parsing: "confirm-delete-all-articles no"), environment: [:]) }
        reader.press(.enter)
        try await see(reader, "Crane repairs")
        reader.press(.control("d"))
        try await see(reader, "Deleted 3 articles")
    }

    @Test func oldArticlesGoAfterAReloadButStarredAndKeptFlagsStay() async throws {
        let home = try HeadlessHome()
        let reader = try await start(home) { $0.take(Config(parsing: "keep-forever-if-flagged-with k"), environment: [:]) }
        reader.press(.enter)
        try await see(reader, "Crane repairs")
        // Star the newest, flag the next `k`.
        reader.press(.character("s"), .character("j"), .control("e"))
        try await see(reader, "Flags:")
        reader.type("k")
        reader.press(.enter)
        #expect(await reader.settle())
        // The articles are from November 2025: more than 30 days old.
        reader.press(.character(":"))
        reader.type("set keep-articles-days 30")
        reader.press(.enter)
        reader.press(.character("R"))
        try await see(reader, "Reloaded")
        #expect(await reader.settle())
        #expect(!reader.text.contains("Ferry delayed"))
        #expect(reader.text.contains("Crane repairs") && reader.text.contains("Harbour festival"))
        #expect(try stored(home)["Ferry delayed"]?.deleted == 1)
    }

    @Test func readArticlesAreDeletedOnQuitButStarredOnesStay() async throws {
        let home = try HeadlessHome()
        let reader = try await start(home) { $0.take(Config(parsing: "delete-read-articles-on-quit yes"), environment: [:]) }
        reader.press(.enter)
        try await see(reader, "Crane repairs")
        reader.press(.character("N"), .character("s"), .character("j"), .character("N"))
        #expect(await reader.settle())
        reader.press(.character("Q"))
        #expect(await reader.waitForExit() == 0)
        let articles = try stored(home)
        #expect(articles["Crane repairs"]?.deleted == 0)  // read, but starred
        #expect(articles["Harbour festival"]?.deleted == 1)
        #expect(articles["Ferry delayed"]?.deleted == 0)  // unread
    }

    @Test func cleanupOnQuitRemovesTheFeedsThatLeftTheUrlsFile() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news"), home.url("tech")])
        let first = try home.startReader()
        #expect(await first.settle())
        first.press(.character("R"))
        try await see(first, "(1/1) Tech Notes")
        #expect(await first.settle())
        first.press(.character("Q"))
        #expect(await first.waitForExit() == 0)
        // Both feeds stored; then `tech` leaves the urls file.
        for (setting, kept) in [("no", true), ("nudge", true), ("yes", false)] {
            try home.subscribe([home.url("news")])
            let reader = try home.startReader { $0.take(Config(parsing: "cleanup-on-quit \(setting)"), environment: [:]) }
            #expect(await reader.settle())
            reader.press(.character("Q"))
            #expect(await reader.waitForExit() == 0)
            let urls = try feedURLs(home)
            #expect(urls.contains(home.url("tech")) == kept, "cleanup-on-quit \(setting)")
            #expect(urls.contains(home.url("news")))
        }
    }
}
