@testable import Configuration
import FeedStore
import Foundation
import GRDB
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's article lifecycle in the reader: `delete-article` (D), `purge-deleted` ($),
/// `delete-all-articles` (^D, asking first), `keep-articles-days` with
/// `keep-forever-if-flagged-with`, and `delete-read-articles-on-quit`, on a real cache.
@MainActor
@Suite struct ArticleLifecycleReaderTests {
    /// The cache's articles of the only feed: title → isDeleted, text kept or not.
    private func stored(_ home: ReaderHome) throws -> [String: (deleted: Int, hasText: Bool)] {
        let queue = try DatabaseQueue(path: home.cachePath)
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT title, isDeleted, summary IS NOT NULL AS hasText FROM item").reduce(into: [:]) {
                $0[$1["title"] as String] = ($1["isDeleted"], $1["hasText"])
            }
        }
    }

    private func feedURLs(_ home: ReaderHome) throws -> [String] {
        try DatabaseQueue(path: home.cachePath).read { db in try String.fetchAll(db, sql: "SELECT url FROM feed") }
    }

    /// "Harbour News" with three articles, reloaded; the reader with `config` on the feed list.
    private func start(_ home: ReaderHome, config: String = "") throws -> ReaderDriver {
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21), ("Crane repairs", 22)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: config)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(3/3) Harbour News"), "\(reader.text)")
        return reader
    }

    @Test func deletedArticlesLeaveTheListStayDeletedAcrossReloadsAndArePurged() throws {
        let home = try ReaderHome()
        let reader = try start(home)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Crane repairs"))
        reader.press(.character("D"))
        reader.settle()
        #expect(reader.text.contains("Article deleted"), "\(reader.text)")
        #expect(!reader.text.contains("Crane repairs"))
        #expect(try stored(home)["Crane repairs"].map { [$0.deleted, $0.hasText ? 1 : 0] } == [3, 1])
        // A reload does not bring it back.
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("Reloaded"))
        #expect(!reader.text.contains("Crane repairs"))
        #expect(reader.text.contains("Harbour festival"))
        reader.press(.character("$"))
        reader.settle()
        #expect(reader.text.contains("Purged 1 article"), "\(reader.text)")
        #expect(try stored(home)["Crane repairs"].map { [$0.deleted, $0.hasText ? 1 : 0] } == [1, 0])

        // Every article of the feed, once confirmed.
        reader.press(.control("d"))
        #expect(reader.text.contains("Delete all articles? (y: yes"))
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("Harbour festival"))
        reader.press(.control("d"))
        #expect(reader.text.contains("Delete all articles? (y: yes"))
        reader.press(.character("y"))
        reader.settle()
        #expect(reader.text.contains("Deleted 2 articles"), "\(reader.text)")
        #expect(!reader.text.contains("Harbour festival") && !reader.text.contains("Ferry delayed"))
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("(0/0) Harbour News"))
    }

    @Test func deleteAllArticlesAsksNothingWhenConfirmationIsOff() throws {
        let reader = try start(try ReaderHome(), config: "confirm-delete-all-articles no")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Crane repairs"))
        reader.press(.control("d"))
        reader.settle()
        #expect(reader.text.contains("Deleted 3 articles"), "\(reader.text)")
    }

    @Test func oldArticlesGoAfterAReloadButStarredAndKeptFlagsStay() throws {
        let home = try ReaderHome()
        let reader = try start(home, config: "keep-forever-if-flagged-with k")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Crane repairs"))
        // Star the newest, flag the next `k`.
        reader.press(.character("s"), .character("j"), .control("e"))
        #expect(reader.text.contains("Flags:"))
        reader.type("k")
        reader.press(.enter)
        reader.settle()
        // Two months later, the articles of November 2025 are more than 30 days old.
        reader.now = ReaderDriver.startTime.addingTimeInterval(60 * 86_400)
        reader.press(.character(":"))
        reader.type("set keep-articles-days 30")
        reader.press(.enter)
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("Reloaded"))
        #expect(!reader.text.contains("Ferry delayed"))
        #expect(reader.text.contains("Crane repairs") && reader.text.contains("Harbour festival"))
        #expect(try stored(home)["Ferry delayed"]?.deleted == 1)
    }

    @Test func readArticlesAreDeletedOnQuitButStarredOnesStay() throws {
        let home = try ReaderHome()
        let reader = try start(home, config: "delete-read-articles-on-quit yes")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Crane repairs"))
        reader.press(.character("N"), .character("s"), .character("j"), .character("N"))
        reader.settle()
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
        reader.settle()
        let articles = try stored(home)
        #expect(articles["Crane repairs"]?.deleted == 0)  // read, but starred
        #expect(articles["Harbour festival"]?.deleted == 1)
        #expect(articles["Ferry delayed"]?.deleted == 0)  // unread
    }

    @Test func cleanupOnQuitRemovesTheFeedsThatLeftTheUrlsFile() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news"), home.url("tech")])
        do {
            let first = try home.driver()
            first.settle()
            first.press(.character("R"))
            first.settle()
            #expect(first.text.contains("(1/1) Tech Notes"))
            first.press(.character("Q"))
            #expect(first.quitStatus == 0)
            first.settle()
        }
        // Both feeds stored; then `tech` leaves the urls file.
        for (setting, kept) in [("no", true), ("nudge", true), ("yes", false)] {
            try home.subscribe([home.url("news")])
            do {
                let reader = try home.driver(config: "cleanup-on-quit \(setting)")
                reader.settle()
                reader.press(.character("Q"))
                #expect(reader.quitStatus == 0)
                reader.settle()
            }
            let urls = try feedURLs(home)
            #expect(urls.contains(home.url("tech")) == kept, "cleanup-on-quit \(setting)")
            #expect(urls.contains(home.url("news")))
        }
    }
}
