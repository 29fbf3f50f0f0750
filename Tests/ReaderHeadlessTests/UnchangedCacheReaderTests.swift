import FeedStore
import Foundation
import GRDB
import ReaderTesting
import TerminalUI
import Testing

/// The whole reader's start and quit on a cache nothing changed since the last session write
/// nothing to it (issue 46): every effect of the start (the urls file's feeds, the killfile,
/// the bodies to index, old places, marks left over) and of the quit (the places left, the end
/// of the session, the checkpoint) is a read when there is nothing to do.
@MainActor
@Suite(.serialized) struct UnchangedCacheReaderTests {
    /// Starts the reader, waits for the feed list and for everything the start asked for, quits.
    private func startAndQuit(_ home: HeadlessHome, config: String) async throws {
        let reader = try home.startReader(config: config)
        #expect(await reader.waitFor("Harbour News"))
        #expect(await reader.settle())
        reader.press(.character("q"))
        #expect(await reader.waitForExit() == 0)
    }

    @Test func openingAnUnchangedCacheAndQuittingWritesNothing() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Sponsored: quay tours", 21)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news") + " local", home.url("tech") + " \"~Tech\""])
        let config = "ignore-mode display\nignore-article \"*\" \"title =~ \\\"Sponsored\\\"\"\n"
        // The first session stores the articles (a reload), opens and leaves one, and quits.
        do {
            let reader = try home.startReader(config: config)
            #expect(await reader.settle())
            reader.press(.character("R"))
            #expect(await reader.waitFor("Reloaded"))
            #expect(await reader.settle())
            reader.press(.enter)
            #expect(await reader.waitFor("Ferry delayed"))
            reader.press(.enter)
            #expect(await reader.settle())
            reader.press(.character("q"), .character("q"), .character("q"))
            #expect(await reader.waitForExit() == 0)
        }
        try await startAndQuit(home, config: config)
        let cache = try Data(contentsOf: URL(fileURLWithPath: home.cachePath)), log = FeedStore.fileSize(home.cachePath + "-wal")
        // Another connection sees every commit: `data_version` moves with each.
        let watcher = try DatabaseQueue(path: home.cachePath)
        let version = try await watcher.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }

        try await startAndQuit(home, config: config)
        let versionAfter = try await watcher.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
        #expect(versionAfter == version)
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.cachePath)) == cache)
        #expect(FeedStore.fileSize(home.cachePath + "-wal") == log)
    }
}
