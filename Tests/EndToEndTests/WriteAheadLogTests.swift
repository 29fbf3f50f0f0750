import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 45 §3: the cache's write-ahead log (`cache.db-wal`) gives its space back after each
/// reload (the reader's and `tidings reload`'s), when the reader quits once it holds more than
/// 1 MiB (issue 46), and when a write fails on a full disk — then the reader says so in one line. Measured on the real file, with the real
/// binary; the full disk is a small tmpfs mounted for the test (root only: CI runs as root).
@Suite(.serialized) struct WriteAheadLogTests {
    static let enabled = TidingsBinary.path != nil && TmuxSession.tmuxPath != nil

    /// An RSS feed of `count` articles of about 2 KB each.
    static func feed(articles count: Int, title: String = "Log News") -> String {
        let body = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 36)
        let items = (0..<count).map { index in
            "<item><title>Story \(index)</title><link>https://log.example/\(index)</link><guid>https://log.example/\(index)</guid><description>\(body)\(index)</description></item>"
        }.joined(separator: "\n")
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>https://log.example/</link>\n\(items)\n</channel></rss>\n"
    }

    /// The log's size in bytes; 0 when there is none.
    static func logSize(_ cache: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: cache + "-wal"))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Waits (at most 20 s) until `condition` holds; returns whether it did.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    static func startReader(_ sandbox: CommandLineTests.Sandbox, cache: String) throws -> TmuxSession {
        let command = [TidingsBinary.path!, "-u", sandbox.urls, "-c", cache, "-C", sandbox.config].map(TmuxSession.quoted).joined(separator: " ")
            + "; echo \"exit=$?\" > \(TmuxSession.quoted(sandbox.root.appendingPathComponent("exit-status").path)); sleep 30"
        return try TmuxSession(command: command, environment: sandbox.environment(merging: ["LANG": "C.UTF-8"]), width: 250, height: 20)
    }

    @Test(.enabled(if: enabled, "needs TIDINGS_BINARY and tmux"))
    func theLogIsEmptiedAfterEachReloadAndKeptShortWhenTheReaderQuits() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let feed = sandbox.root.appendingPathComponent("feed.xml").path
        try sandbox.write(Self.feed(articles: 400), to: feed)
        try sandbox.write("file://\(feed)\n", to: sandbox.urls)
        try sandbox.write("", to: sandbox.config)
        let session = try Self.startReader(sandbox, cache: sandbox.cache)
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("Reloaded 1 feed")
        // The reader keeps the cache open: only a checkpoint empties the log.
        #expect(Self.eventually { Self.logSize(sandbox.cache) == 0 }, "the log holds \(Self.logSize(sandbox.cache)) bytes after the reader's reload")

        // `tidings reload` beside the open reader, which keeps its closing from emptying the log.
        try sandbox.write(Self.feed(articles: 800), to: feed)
        // --all: the feed was fetched a moment ago, and a plain reload waits for its reload-time.
        let reload = try CommandLineTests.run(["reload", "--all", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config], in: sandbox)
        #expect(reload.status == 0, "\(reload.errors)")
        #expect(Self.logSize(sandbox.cache) == 0, "the log holds \(Self.logSize(sandbox.cache)) bytes after tidings reload")

        // Reading an article writes its mark; quitting leaves the short log it went to as it is
        // (emptied only past `FeedStore.logSizeLimit`: an empty log makes the next start write).
        try session.sendKeys("Enter")
        try session.waitFor("Story 4")
        try session.sendKeys("Enter")
        try session.waitFor("Title: Story")
        try session.sendKeys("Q")
        #expect(Self.eventually { FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("exit-status").path) })
        #expect(Self.logSize(sandbox.cache) <= 1 << 20, "the log holds \(Self.logSize(sandbox.cache)) bytes after quitting")
        let unread = try CommandLineTests.run(["unread", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config], in: sandbox)
        #expect(unread.output == "799\n", "the mark is in the cache")
    }

    /// A tmpfs of `megabytes` at `directory` (made if missing), mounted for the test; false where
    /// mounting is not allowed.
    static func mountSmallDisk(at directory: String, megabytes: Int) -> Bool {
        guard getuid() == 0, (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
        else { return false }
        return (try? PictureProtocolTests.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tidings-full-disk", directory]))?.status == 0
    }

    static func unmount(_ directory: String) {
        _ = try? PictureProtocolTests.run("/bin/umount", ["-l", directory])
    }

    /// Whether a tmpfs can be mounted here (root, and allowed to mount).
    static let canMount: Bool = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-mount-check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard mountSmallDisk(at: directory, megabytes: 1) else { return false }
        unmount(directory)
        return true
    }()

    @Test(.enabled(if: enabled && canMount, "needs TIDINGS_BINARY, tmux, and root to mount a small tmpfs"))
    func aFullDiskGetsTheLogsSpaceBackAndTheReaderSaysSo() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let disk = sandbox.root.appendingPathComponent("disk").path
        try #require(Self.mountSmallDisk(at: disk, megabytes: 3))
        defer { Self.unmount(disk) }
        let cache = disk + "/cache.db"
        let feed = sandbox.root.appendingPathComponent("feed.xml").path
        try sandbox.write(Self.feed(articles: 20), to: feed)
        try sandbox.write("file://\(feed)\n", to: sandbox.urls)
        try sandbox.write("", to: sandbox.config)
        let first = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", cache, "-C", sandbox.config], in: sandbox)
        #expect(first.status == 0, "\(first.errors)")

        // Twice the disk's size of articles.
        try sandbox.write(Self.feed(articles: 3000), to: feed)
        let session = try Self.startReader(sandbox, cache: cache)
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        let screen = try session.waitFor("Reloaded 1 feed", seconds: 60)
        let summary = screen.first { $0.contains("Reloaded 1 feed") } ?? ""
        #expect(summary.contains("1 failed: could not save: the disk holding the cache \(cache) is full"), "\(summary)")
        // The log gave its space back while the reader runs: the disk has room again.
        #expect(Self.eventually { Self.logSize(cache) == 0 }, "the log holds \(Self.logSize(cache)) bytes after the failed reload")
        var space = statvfs()
        statvfs(disk, &space)
        let free = Int64(space.f_bavail) * Int64(space.f_frsize)
        #expect(free > 1 << 20, "only \(free) bytes free on the 3 MB disk")
        try session.sendKeys("Q")

        // `tidings reload` meets the full disk too, and gives the log's space back too.
        // (--all: the failed feed waits for its back-off otherwise.)
        let again = try CommandLineTests.run(["reload", "--all", "-u", sandbox.urls, "-c", cache, "-C", sandbox.config], in: sandbox)
        #expect(again.status == 1)
        #expect(again.errors.contains("the disk holding the cache \(cache) is full"), "\(again.errors)")
        // The failed transaction's pages are given back; what was written after (the feed's
        // failure) is a short log, left as it is (issue 46).
        #expect(Self.logSize(cache) <= 1 << 20, "the log holds \(Self.logSize(cache)) bytes after tidings reload failed")
        // What was saved before is kept.
        let unread = try CommandLineTests.run(["unread", "-u", sandbox.urls, "-c", cache, "-C", sandbox.config], in: sandbox)
        #expect(unread.output == "20\n")
    }
}
