@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import GRDB
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// The whole reader headless — real store on a temporary file, real fetcher against a loopback
/// server, keys in, screen text out — where only the runners show the behaviour: another process
/// holding the cache, the timers, transfers that hang, a plain-HTTP server. (The README's flows
/// through the core: ReaderCoreTests' ReaderFlowsTests.)
@MainActor
@Suite(.serialized) struct HeadlessReaderTests {
    /// A home with two served feeds, reloaded once, the reader on the feed list.
    private func readerWithNews() async throws -> (HeadlessHome, HeadlessReader) {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news") + " local", home.url("tech")])
        let reader = try home.startReader()
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 2 feeds — 3 new articles"))
        #expect(await reader.settle())
        return (home, reader)
    }


    @Test func writeKeysShowAtOnceWhileAnotherConnectionHoldsTheWriter() async throws {
        let (home, reader) = try await readerWithNews()
        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        #expect(await reader.settle())
        // Another process takes the cache's write lock (as `tidings reload` from cron does).
        let other = try DatabaseQueue(path: home.cachePath)
        let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                release.wait()
                try db.execute(sql: "COMMIT")
            }
        }
        locked.wait()
        reader.press(.character("N"))
        #expect(reader.lines[1].hasPrefix("  2025-11-21  New quay opens"))
        reader.press(.character("s"))
        #expect(reader.lines[1].contains("★") || reader.lines[1].contains("*"))
        reader.press(.character("A"))
        #expect(reader.lines[2].hasPrefix("  2025-11-20  Ferry delayed"))
        #expect(reader.lines[0].hasSuffix("0 unread, 2 total"))
        // The marks are journalled, not yet written.
        let journal = try String(contentsOfFile: home.cachePath + "-marks", encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 3)
        #expect(try reader.store.feedList().first { $0.displayTitle == "Harbour News" }?.unreadCount == 2)
        release.signal()
        #expect(await reader.settle())
        let feed = try #require(try reader.store.feedList().first { $0.displayTitle == "Harbour News" })
        #expect(feed.unreadCount == 0)
        #expect(try reader.store.starredCounts().total == 1)
        #expect(try String(contentsOfFile: home.cachePath + "-marks", encoding: .utf8).isEmpty)
        #expect(reader.lines[0].hasSuffix("0 unread, 2 total"))
    }

    @Test func theScreenOpensWhileAnotherProcessHoldsTheCache() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        _ = try FeedStore(path: home.cachePath)
        // The urls file names a feed the cache does not list yet.
        let release = try CacheWriteLock.hold(home.cachePath)
        let reader = try home.startReader()
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        #expect(!reader.text.contains(home.url("news")))
        // Keys work meanwhile.
        reader.press(.character("?"))
        #expect(reader.lines[0].hasPrefix(" Help — Feeds"))
        reader.press(.character("q"))
        release()
        #expect(await reader.waitFor(home.url("news")))
        #expect(await reader.settle())
    }

    /// `refresh-on-startup` with feeds the cache does not list yet, while another process holds
    /// the write lock: the feeds to reload are read once the urls file is in the cache, not
    /// before (a read that overtook that write found none and said "Nothing to reload").
    @Test func refreshOnStartupWaitsForTheUrlsFileToReachTheCache() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news"), home.url("tech")])
        _ = try FeedStore(path: home.cachePath)
        let release = try CacheWriteLock.hold(home.cachePath)
        let reader = try home.startReader(config: "refresh-on-startup yes")
        // `n` reads on the queue a read of the feeds that did not wait would have taken, so its
        // answer comes after that one's: by then the reload would have been found empty.
        reader.press(.character("n"))
        #expect(await reader.waitFor("No more unread articles"))
        let isWaitingForTheWrite = reader.isReloading
        release()
        try #require(isWaitingForTheWrite, "the feeds to reload were read before the urls file reached the cache: \(reader.text)")
        #expect(await reader.waitFor("Reloaded 2 feeds"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(1/1) Harbour News") }, "\(reader.text)")
        #expect(reader.lines.contains { $0.contains("(1/1) Tech Notes") })
    }

    @Test func anotherProcesssWriteShowsWithNoKeyPressed() async throws {
        let (home, reader) = try await readerWithNews()
        #expect(reader.lines.contains { $0.contains("(2/2) Harbour News") })
        // A `tidings reload` from cron, on its own connection, stores a new article.
        let other = try FeedStore(path: home.cachePath)
        let storm = Item(id: "storm", title: "Storm warning")
        try other.upsert(Feed(format: .rss20, title: "Harbour News", items: [storm]), forFeedURL: home.url("news"))
        #expect(await reader.waitFor("(3/3) Harbour News", timeout: .seconds(5)), "no key was pressed: \(reader.text)")
    }

    /// `auto-reload yes`, `reload-time 1`: the feeds are reloaded once a minute has passed, not
    /// before, and every minute after.
    @Test func autoReloadReloadsWhenTheReloadTimeHasPassedAndNotBefore() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.startReader(config: "auto-reload yes\nreload-time 1")
        // As newsboat's: a reload at start, then every reload-time minutes.
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(1/1) Harbour News") }, "\(reader.text)")

        // A tick due meanwhile is sent while the clock moves, and would start the reload at once.
        reader.clock.advance(by: .seconds(59))
        reader.press(.character("%"))
        #expect(await reader.waitFor("%: not bound here"))
        #expect(!reader.isReloading, "\(reader.text)")
        #expect(await reader.settle())
        #expect(!reader.text.contains("Reloaded"), "\(reader.text)")

        // The tick is posted as a step of its own: the reload it starts shows when it is done.
        reader.clock.advance(by: .seconds(1))
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())

        reader.press(.character("%"))
        #expect(await reader.waitFor("%: not bound here"))
        reader.clock.advance(by: .seconds(60))
        #expect(await reader.waitFor("Reloaded 1 feed"), "a minute after the last tick: \(reader.text)")
        #expect(await reader.settle())
    }

    @Test func quitDuringAReloadWithAHangingFeedSaysStoppingAndEndsPromptly() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        let silent = try LoopbackServer(routes: ["/silent.xml": ["never_respond": true]], lifetime: 300)
        try home.subscribe([home.url("news"), silent.url("/silent.xml")])
        // The silent feed must still hang when Q comes, however slowly a loaded machine gets
        // there: not given up after the default 10 s without a byte.
        let reader = try home.startReader(config: "connect-timeout 600\ndownload-timeout 600")
        #expect(await reader.settle())
        reader.press(.character("R"))
        // The reload's own progress, not the feed list's counts (read again when the cache says
        // it changed, which a loaded machine can take long to notice).
        #expect(await reader.waitFor("Reloading 1/2"), "the good feed is in; the silent one hangs")
        #expect(reader.isReloading)

        let pressed = ContinuousClock.now
        reader.press(.character("Q"))
        #expect(reader.text.contains("Stopping…"), "said at once, drawn before the transfers are stopped")
        #expect(await reader.waitForExit(timeout: .seconds(10)) == 0)
        #expect(ContinuousClock.now - pressed < .seconds(2), "not the feed's timeout")
        #expect(reader.terminal.isStopped)
    }

    @Test func anAddressWithoutSchemeIsTriedOverHTTPSThenHTTPAndARefusalKeepsTheText() async throws {
        let (home, reader) = try await readerWithNews()
        try home.serve("extra", title: "Extra Feed", items: [("Extra one", 18)])
        // Not a URL at all: refused at once, the text kept for editing.
        reader.press(.character("a"))
        reader.type("not a feed")
        reader.press(.enter)
        #expect(reader.lines.last?.contains("Not a feed URL — Add feed URL: not a feed") == true,
                "\(reader.text)")
        reader.press(.control("u"))
        // The loopback server speaks plain HTTP: HTTPS fails, then HTTP is tried and works.
        let address = String(home.url("extra").dropFirst("http://".count))
        reader.type(address)
        reader.press(.enter)
        #expect(await reader.waitFor("Added Extra Feed (1 article)"), "\(reader.text)")
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8).contains(home.url("extra")))
        #expect(await reader.settle())
    }

    /// `:source` says in one line why a file cannot be read, as the file runner found it.
    @Test func sourceSaysWhyAFileCannotBeRead() async throws {
        let (_, reader) = try await readerWithNews()
        reader.command("source missing-file")
        #expect(await reader.waitFor("Cannot read missing-file: there is no such file"), "\(reader.text)")
        reader.command("source .")
        #expect(await reader.waitFor("Cannot read .: it is a directory"), "\(reader.text)")
        #expect(await reader.settle())
    }
}

private extension HeadlessReader {
    /// Types a line at the `:` command prompt and runs it.
    func command(_ line: String) {
        press(.character(":"))
        type(line)
        press(.enter)
    }
}

/// Settings for some feeds in the reader (issue 41): its automatic reloads fetch only the feeds
/// that are due, each by its own `reload-time`, and send each feed's own headers; `R` fetches
/// every feed anyway.
@MainActor
@Suite struct PoliteReaderTests {
    @Test func autoReloadFetchesTheFeedsThatAreDueWithTheirOwnHeaders() async throws {
        let home = try HeadlessHome()
        try home.serve("hourly", title: "Hourly", items: [("Tide at noon", 20)])
        try home.serve("slow", title: "Slow", items: [("Weekly digest", 20)])
        try home.subscribe([home.url("hourly"), home.url("slow") + " slow"])
        let reader = try home.startReader(config: """
            auto-reload yes
            reload-time 60
            feed-option "tags # \\"slow\\"" reload-time 240
            feed-option "\(home.url("hourly"))" http-header "X-Key: k"
            """)
        func fetches(_ name: String) throws -> Int {
            try home.server.requests().filter { $0["path"] as? String == "/\(name).xml" }.count
        }
        // The reload at start: both are new, so due; the hourly one with its header.
        #expect(await reader.waitFor("Reloaded 2 feeds"))
        #expect(await reader.settle())
        #expect(try home.server.headers(for: "/hourly.xml").first?["x-key"] == "k")
        #expect(try home.server.headers(for: "/slow.xml").first?["x-key"] == nil)

        // An hour on: the hourly feed is due, the slow one (every 4 hours) is not.
        reader.clock.advance(by: .seconds(3600))
        #expect(await reader.waitFor("Reloaded 1 feed"), "\(reader.text)")
        #expect(await reader.settle())
        #expect(try fetches("hourly") == 2)
        #expect(try fetches("slow") == 1)

        // R fetches both anyway.
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 2 feeds"), "\(reader.text)")
        #expect(await reader.settle())
        #expect(try fetches("slow") == 2)
    }
}
