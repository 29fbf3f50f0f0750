import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// The cache shared with, and surviving, other processes.
@Suite(.serialized) struct ProcessTests {
    /// `tidings-bench`, built next to the test bundle (`swift build --build-tests` and
    /// `swift test` build every product).
    static var benchBinary: URL {
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            buildDirectory.appendingPathComponent("tidings-bench"),
            buildDirectory.deletingLastPathComponent().appendingPathComponent("tidings-bench"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/tidings-bench"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Reads a child's stdout line by line until `done` says stop or `deadline` passes.
    static func readLines(from pipe: Pipe, until deadline: Date, done: (String) -> Bool) -> [String] {
        var lines: [String] = []
        var buffer = Data()
        let handle = pipe.fileHandleForReading
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                lines.append(line)
                if done(line) { return lines }
            }
        }
        return lines
    }

    @Test(.timeLimit(.minutes(1))) func aWriterKilledMidUpsertLosesNothingCommitted() throws {
        let binary = Self.benchBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path),
                     "build tidings-bench first (swift build --build-tests): \(binary.path)")
        let cache = try TemporaryCache()
        let child = Process()
        child.executableURL = binary
        child.arguments = ["store-child", "write", cache.path]
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) }; child.waitUntilExit() }

        // Let it commit a few feeds, then kill it while it is inside the next upsert (each
        // upsert is a 300-item transaction; printing takes microseconds of that).
        let lines = Self.readLines(from: output, until: Date().addingTimeInterval(40)) { $0 == "committed 4" }
        try #require(lines.last == "committed 4", "child output: \(lines)")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        let committed = lines.count + Self.readLines(from: output, until: Date().addingTimeInterval(5)) { _ in false }.count

        // The file opens cleanly, every reported transaction is there in full, and the feed
        // being written when the process died is either complete or absent.
        let store = try FeedStore(path: cache.path)
        #expect(try store.integrityProblems().isEmpty)
        let counts = try store.feedList().map(\.totalCount)
        let full = counts.filter { $0 == 300 }.count
        #expect(counts.allSatisfy { $0 == 0 || $0 == 300 }, "a partial feed: \(counts.filter { $0 != 0 && $0 != 300 })")
        #expect(full >= committed && full <= committed + 1)
        #expect(try store.search(words: "filler").count == 100)
        let rows = try store.feedList()
        #expect(rows.prefix(full).allSatisfy { $0.unreadCount == 300 })
        // And it takes writes again.
        try store.markFeed(rows[0].id, read: true)
        #expect(try store.feedList()[0].unreadCount == 0)
    }

    /// Another process (here `python3`'s sqlite3, as a cron `tidings reload` would) holding the
    /// write lock: a writer with a short busy timeout gets `StoreError.busy`, one with a long
    /// timeout waits and succeeds, and readers are never blocked.
    @Test(.timeLimit(.minutes(1))) func aSecondProcessWaitsForTheWriteLockOrReportsBusy() throws {
        let cache = try TemporaryCache()
        let url = "https://a.example/feed"
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed([Sample.item("1", hours: 1)]), forFeedURL: url)

        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE feed SET lastError = 'held' WHERE 0")
            print("locked", flush=True)
            time.sleep(float(sys.argv[2]))
            db.execute("COMMIT")
            print("released", flush=True)
            """
        holder.arguments = ["python3", "-c", script, cache.path, "1.5"]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer { if holder.isRunning { holder.terminate() }; holder.waitUntilExit() }
        let lines = Self.readLines(from: output, until: Date().addingTimeInterval(20)) { $0 == "locked" }
        try #require(lines.last == "locked")

        // Reads go on while the other process writes.
        #expect(try store.feedList().first?.totalCount == 1)
        let impatient = try FeedStore(path: cache.path, busyTimeout: 0.05)
        #expect(throws: StoreError.busy(path: cache.path)) {
            try impatient.recordFailure(forFeedURL: url, reason: "timeout")
        }
        #expect("\(StoreError.busy(path: cache.path))".contains(cache.path))
        // The patient one waits for the commit, then writes.
        try store.recordFailure(forFeedURL: url, reason: "timeout")
        #expect(try store.feedList().first?.lastError == "timeout")
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 0)
        #expect(try store.integrityProblems().isEmpty)
    }

    /// Opening the cache while another connection keeps everyone out of it for a moment (as the
    /// last connection of a `tidings reload` does as it closes, checkpointing) waits as long as any
    /// use of the cache waits, rather than failing at once with `busy`.
    @Test(.timeLimit(.minutes(1))) func openingTheCacheWaitsForAnotherConnectionsLock() throws {
        let cache = try TemporaryCache()
        _ = try cache.open()
        // Another connection takes the file for itself: an exclusive lock, readers kept out.
        let other = try DatabaseQueue(path: cache.path)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "UPDATE storeState SET generation = generation + 1")
        }
        let start = ContinuousClock.now
        #expect(throws: StoreError.busy(path: cache.path)) { try FeedStore(path: cache.path, busyTimeout: 0.5) }
        // A lower bound only: a busy machine makes it longer, never shorter.
        #expect(ContinuousClock.now - start >= .milliseconds(500), "it gave up at once instead of waiting for the lock")
        try other.close()
        #expect(try FeedStore(path: cache.path, busyTimeout: 0.5).feedList().isEmpty)
    }
}
