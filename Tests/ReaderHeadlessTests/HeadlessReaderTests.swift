@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import GRDB
import TerminalUI
import ReaderTesting
import TestSupport
import Testing
@testable import TidingsApp

/// The whole reader headless — real store on a temporary file, real fetcher against a loopback
/// server, keys in, screen text out — through the README's flows.
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

    @Test func browseOpensFeedsAndArticlesAndCountsFollow() async throws {
        let (_, reader) = try await readerWithNews()
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        #expect(reader.lines.contains { $0.contains("(2/2) Harbour News") })
        #expect(reader.lines.contains { $0.contains("(1/1) Tech Notes") })
        #expect(reader.terminal.title == "Tidings (3 unread)")

        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        #expect(reader.lines[0].hasPrefix(" Harbour News"))
        #expect(reader.lines[1].hasPrefix("N 2025-11-21  New quay opens"))
        #expect(reader.lines[2].hasPrefix("N 2025-11-20  Ferry delayed"))

        reader.press(.enter)
        #expect(await reader.waitFor("Title: New quay opens"))
        #expect(reader.text.contains("Body of New quay opens."))
        reader.press(.character("q"))
        // Read at once on screen, whatever the store is doing.
        #expect(reader.lines[1].hasPrefix("  2025-11-21  New quay opens"))
        #expect(reader.lines[0].hasSuffix("1 unread, 2 total"))
        reader.press(.left)
        #expect(reader.lines.contains { $0.contains("(1/2) Harbour News") })
        #expect(await reader.settle())
        let unread = try reader.store.feedList().first { $0.displayTitle == "Harbour News" }?.unreadCount
        #expect(unread == 1)
        #expect(reader.lines.contains { $0.contains("(1/2) Harbour News") })
    }

    @Test func reloadShowsProgressAndNewArticles() async throws {
        let (home, reader) = try await readerWithNews()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21), ("Storm warning", 22)])
        reader.press(.character("r"))
        #expect(await reader.waitFor("(3/3) Harbour News"))
        reader.press(.enter)
        #expect(await reader.waitFor("Storm warning"))
        #expect(reader.lines[1].hasPrefix("N 2025-11-22  Storm warning"))
        // A second R while one runs is refused, not queued.
        reader.press(.character("R"), .character("R"))
        #expect(reader.text.contains("A reload is already running"))
        #expect(await reader.settle())
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
        let release = try EffectRunnerTests.holdWriteLock(of: home.cachePath)
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
        let release = try EffectRunnerTests.holdWriteLock(of: home.cachePath)
        let reader = try home.startReader { $0.refreshOnStartup = true }
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

    @Test func marksLeftInTheJournalAreWrittenAtTheNextStart() async throws {
        let (home, reader) = try await readerWithNews()
        let feed = try #require(try reader.store.feedList().first { $0.displayTitle == "Harbour News" })
        let item = try #require(try reader.store.items(inFeed: feed.id).first)
        // What a reader killed before its writes landed leaves behind.
        MarkJournal(cachePath: home.cachePath).append([.starred(item.id, isStarred: true, wasStarred: false), .read(item.id, feed: feed.id, isRead: true, wasRead: false)])
        let next = try home.startReader()
        #expect(await next.settle())
        #expect(try next.store.item(item.id)?.isRead == true)
        #expect(try next.store.item(item.id)?.isStarred == true)
        #expect(next.lines.contains { $0.contains("(1/2) Harbour News") })
        #expect(next.lines.contains { $0.contains("Starred") })
    }

    @Test func starredListAndHelp() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        reader.press(.character("s"))
        #expect(reader.text.contains("Starred: find it under Starred in the feed list"))
        reader.press(.left)
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("Starred"))
        reader.press(.character("k"), .enter)
        #expect(await reader.waitFor("1 starred"))
        #expect(reader.lines[1].contains("New quay opens"))
        reader.press(.character("?"))
        #expect(reader.lines[0].hasPrefix(" Help — Search results, Starred"))
        reader.press(.character("q"))
        #expect(reader.lines[0].hasPrefix(" Starred"))
    }

    @Test func sortAndRevSortAskByWhatAndKeepTheOrderForTheSession() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        reader.press(.character(">"))
        #expect(reader.text.contains("Sort by (d)ate/(t)itle/(f)lags/(a)uthor/(l)ink/(g)uid/(r)andom?"))
        reader.press(.character("t"))
        #expect(reader.text.contains("Sorted by title"))
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("Ferry delayed") && reader.lines[2].contains("New quay opens"))

        // rev-sort: Z to A; a key that is no field sorts nothing.
        reader.press(.character("<"), .character("t"))
        #expect(reader.text.contains("Sorted by title, reversed"))
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("New quay opens"))
        reader.press(.character(">"), .character("x"))
        #expect(reader.text.contains("Not sorted"))
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("New quay opens"))

        // The feed list asks for its own fields; the item lists keep their order.
        reader.press(.left, .character("<"))
        #expect(reader.text.contains("Reverse sort by (f)irsttag/(t)itle/(a)rticles/(u)nread/(l)ast/(n)one/n(e)w?"))
        reader.press(.character("t"))
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("Tech Notes") && reader.lines[2].contains("Harbour News"))
        reader.press(.character("j"), .enter)
        #expect(await reader.waitFor("Ferry delayed"))
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("New quay opens"))
    }

    @Test func searchFromAnyScreen() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.character("/"))
        #expect(reader.lines.last?.contains("Search:") == true)
        reader.type("kernel")
        reader.press(.enter)
        #expect(await reader.waitFor("Kernel release"))
        #expect(reader.lines[0].hasPrefix(" Search: kernel"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Kernel release"), "the screen:\n\(reader.text)")
        reader.press(.character("q"), .character("q"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        // Esc at the prompt asks nothing.
        reader.press(.character("/"))
        reader.type("x")
        reader.press(.escape)
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        #expect(reader.lines.last?.contains("Search:") == false)
    }

    @Test func previewsAndQuickFilter() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        reader.press(.character(" "))
        #expect(await reader.waitFor("Body of New quay opens."))
        #expect(reader.lines[2].contains("Body of New quay opens."))
        reader.press(.character(" "))
        #expect(!reader.text.contains("Body of New quay opens."))
        reader.press(.character("F"))
        reader.type("ferry")
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("Ferry delayed"))
        #expect(!reader.text.contains("New quay opens"))
        reader.press(.enter, .escape)
        #expect(await reader.settle())
        #expect(reader.text.contains("New quay opens"))
    }

    @Test func feedEditingAddRenameTagMoveDelete() async throws {
        let (home, reader) = try await readerWithNews()
        try home.serve("extra", title: "Extra Feed", items: [("Extra one", 18)])
        // Add: fetched first, then the urls file and the store follow.
        reader.press(.character("a"))
        #expect(reader.lines.last?.contains("Add feed URL:") == true)
        reader.type(home.url("extra"))
        reader.press(.enter)
        #expect(await reader.waitFor("Added Extra Feed (1 article)"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(1/1) Extra Feed") })
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8).contains(home.url("extra")))

        // Rename the selected (added) feed.
        reader.press(.character("e"))
        reader.press(.control("u"))
        reader.type("Renamed Extra")
        reader.press(.enter)
        #expect(await reader.waitFor("Renamed to Renamed Extra"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("Renamed Extra") })
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8).contains("\"~Renamed Extra\""))

        // Tag it, then find it in the tag list.
        reader.press(.character("T"))
        reader.type("weekly")
        reader.press(.enter)
        #expect(await reader.waitFor("Tags of Renamed Extra: weekly"))
        #expect(await reader.settle())
        reader.press(.character("t"))
        #expect(await reader.waitFor("Tidings — Tags"))
        #expect(await reader.settle())
        #expect(reader.lines[2].contains("weekly"))
        reader.press(.character("j"), .enter)
        #expect(await reader.waitFor("Feeds tagged weekly"))
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("Renamed Extra"))
        reader.press(.character("q"), .character("q"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))

        // Move it up past Tech Notes.
        reader.press(.character("K"))
        #expect(await reader.settle())
        let order = reader.lines.filter { $0.contains("Tech Notes") || $0.contains("Renamed Extra") }
        #expect(order.first?.contains("Renamed Extra") == true)

        // Delete: asks first; any key but y declines.
        reader.press(.character("D"))
        #expect(reader.text.contains("Delete Renamed Extra? (y: yes, any other key: no)"))
        reader.press(.character("n"))
        #expect(reader.lines.contains { $0.contains("Renamed Extra") })
        reader.press(.character("D"), .character("y"))
        #expect(await reader.waitFor("Deleted Renamed Extra"))
        #expect(await reader.settle())
        #expect(!reader.lines.dropLast().contains { $0.contains("Renamed Extra") })
        #expect(!(try String(contentsOfFile: home.urlsPath, encoding: .utf8).contains(home.url("extra"))))
    }

    @Test func aTagsFeedListShowsTheReloadSpinner() async throws {
        let home = try HeadlessHome(delay: 1.5)
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news") + " local"])
        let reader = try home.startReader()
        #expect(await reader.settle())
        reader.press(.character("t"))
        #expect(await reader.waitFor("Tidings — Tags"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("Feeds tagged local"))
        reader.press(.character("R"))
        // The feed being fetched is drawn with the spinner in the tag's list too; each tick of
        // the spinner's timer turns it one step.
        #expect(await reader.waitUntil { reader.lines[1].first == "|" }, "\(reader.text)")
        reader.clock.advance(by: .milliseconds(150))
        #expect(await reader.waitUntil { reader.lines[1].first == "/" }, "\(reader.text)")
        reader.clock.advance(by: .milliseconds(150))
        #expect(await reader.waitUntil { reader.lines[1].first == "-" }, "\(reader.text)")
        #expect(reader.isReloading, "the feed is served after 1.5 s: the spinner turned during the reload")
        #expect(await reader.settle())
        #expect(reader.lines[1].first == " ")
        #expect(reader.clock.runningTimers == 0, "the spinner stopped with the reload")
    }

    /// `auto-reload yes`, `reload-time 1`: the feeds are reloaded once a minute has passed, not
    /// before, and every minute after.
    @Test func autoReloadReloadsWhenTheReloadTimeHasPassedAndNotBefore() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let config = Config(parsing: "auto-reload yes\nreload-time 1")
        let reader = try home.startReader { $0.take(config, names: ["auto-reload", "reload-time"], environment: [:]) }
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

        reader.clock.advance(by: .seconds(1))
        #expect(reader.isReloading)
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())

        reader.clock.advance(by: .seconds(60))
        #expect(reader.isReloading, "a minute after the last tick")
        #expect(await reader.settle())
    }

    @Test func quitDuringAReloadWithAHangingFeedSaysStoppingAndEndsPromptly() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        let silent = try LoopbackServer(routes: ["/silent.xml": ["never_respond": true]], lifetime: 300)
        try home.subscribe([home.url("news"), silent.url("/silent.xml")])
        // The silent feed must still hang when Q comes, however slowly a loaded machine gets
        // there: not given up after the default 10 s without a byte.
        let config = Config(parsing: "connect-timeout 600\ndownload-timeout 600")
        let reader = try home.startReader { $0.take(config, environment: [:]) }
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

    @Test func anUnboundKeySaysSoButTypedTextAndLinkNumbersDoNot() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.character("%"))
        #expect(reader.lines.last?.hasPrefix(" %: not bound here — ? for help") == true, "\(reader.text)")
        reader.press(.character("F"), .character("%"))
        #expect(reader.lines.last?.contains("not bound") == false, "typed into the quick filter")
        reader.press(.escape, .escape, .enter)
        #expect(await reader.waitFor("New quay opens"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Title: New quay opens"), "\(reader.text)")
        reader.press(.character("1"))
        #expect(reader.lines.last?.contains("Open link 1") == true)
        reader.press(.escape, .control("y"))
        #expect(reader.lines.last?.hasPrefix(" Ctrl-Y: not bound here — ? for help") == true, "\(reader.text)")
    }

    @Test func aNewsboatActionNoScreenPerformsYetSaysSoWhenItsKeyIsPressed() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let config = Config(parsing: "bind-key ^D switch-focus\nmacro h save-all\n")
        let reader = try home.startReader { $0.take(config, environment: [:]) }
        #expect(await reader.settle())
        reader.press(.control("d"))
        #expect(reader.lines.last?.hasPrefix(" switch-focus: Tidings has no file browser to switch focus in") == true, "\(reader.text)")
        // save-all is performed in lists of articles: on the feed list the macro says it does nothing.
        reader.press(.character(","), .character("h"))
        #expect(reader.lines.last?.contains("Macro h: save-all: does nothing here") == true, "\(reader.text)")
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

    @Test func theFirstFeedCanBeAddedOnTheWelcomeScreen() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        let reader = try home.startReader()
        #expect(reader.text.contains("Welcome to Tidings."))
        reader.press(.character("a"))
        #expect(reader.lines.last?.contains("Add feed URL:") == true)
        reader.type(home.url("news"))
        reader.press(.enter)
        #expect(await reader.waitFor("Added Harbour News (1 article)"), "\(reader.text)")
        #expect(await reader.waitFor("(1/1) Harbour News"), "the feed list replaces the welcome screen")
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8) == home.url("news") + "\n")
        reader.press(.enter)
        #expect(await reader.waitFor("Ferry delayed"), "the feed opens like any other")
        #expect(await reader.settle())
    }

    @Test func theWelcomeScreenOffersNewsboatsFeedsAndConfig() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        let newsboatUrls = "# from newsboat\n\(home.url("news")) local\n\(home.url("tech"))\n\"query:Unread:unread = \\\"yes\\\"\"\n"
        try FileManager.default.createDirectory(atPath: home.path("newsboat"), withIntermediateDirectories: true)
        try home.write(newsboatUrls, to: "newsboat/urls")
        try home.write("show-read-feeds no\n", to: "newsboat/config")
        let files = try #require(NewsboatFiles.find(environment: ["HOME": home.path(""), "XDG_CONFIG_HOME": home.path("")]))
        #expect(files.urls.path == home.path("newsboat/urls"))
        let reader = try home.startReader(newsboat: files)
        #expect(reader.text.contains("Press i to use them here"), "\(reader.text)")
        reader.press(.character("i"))
        #expect(await reader.waitFor("(1/1) Harbour News"), "\(reader.text)")
        #expect(await reader.waitFor("(1/1) Tech Notes"))
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8) == newsboatUrls, "a copy, comments and query lines kept")
        #expect(try String(contentsOfFile: home.path("config"), encoding: .utf8) == "show-read-feeds no\n")
        #expect(try String(contentsOfFile: home.path("newsboat/urls"), encoding: .utf8) == newsboatUrls, "newsboat's file untouched")
        #expect(await reader.settle())
    }

    @Test func theCommandLineSetsOptionsGoesToFeedsAndRowsAndRemembersLines() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.character(":"))
        #expect(reader.lines.last?.hasPrefix(":") == true)
        // "se" alone is also selecttag-format's start: the whole command, then Tab.
        reader.type("set")
        reader.press(.tab)
        reader.type("max-i")
        reader.press(.tab)
        #expect(reader.lines.last == ":set max-items", "Tab completes commands and options (with a space after each)")
        reader.type("5")
        reader.press(.enter)
        #expect(reader.lines.last?.hasPrefix(" max-items = 5") == true, "\(reader.text)")
        reader.command("set max-items")
        #expect(reader.lines.last?.hasPrefix(" max-items = 5") == true)
        reader.command("set max-items lots")
        #expect(reader.lines.last?.contains("max-items needs a whole number") == true, "\(reader.text)")
        reader.command(#"set browser "mpv %u""#)
        #expect(reader.lines.last?.hasPrefix(#" browser = "mpv %u""#) == true, "\(reader.text)")
        // As in the config file: taken, with the warning.
        reader.command(#"set browser "lynx %u > /dev/null""#)
        #expect(reader.lines.last?.hasPrefix(#" browser: ">" is shell syntax"#) == true, "\(reader.text)")
        reader.command("set browser")
        #expect(reader.lines.last?.hasPrefix(#" browser = "lynx %u > /dev/null""#) == true, "\(reader.text)")
        reader.command("set refresh-on-startup yes")
        #expect(reader.lines.last?.contains("refresh-on-startup is read at start") == true, "\(reader.text)")
        reader.command("set show-excerpts yes")
        #expect(reader.lines.last?.hasPrefix(" show-excerpts = yes") == true, "\(reader.text)")
        reader.command("frobnicate")
        #expect(reader.lines.last?.contains("Unknown command: frobnicate") == true)

        // Up brings back the lines typed before, newest first; Down returns to the typed line.
        reader.press(.character(":"))
        reader.press(.up)
        #expect(reader.lines.last?.hasPrefix(":frobnicate") == true)
        reader.press(.up)
        #expect(reader.lines.last?.hasPrefix(":set show-excerpts yes") == true)
        reader.press(.down, .down)
        #expect(reader.lines.last == ":")
        reader.press(.escape)

        // A row number, :goto, :tag.
        reader.command("2")
        reader.press(.enter)
        #expect(await reader.waitFor("Kernel release"), "row 2 is Tech Notes: \(reader.text)")
        reader.command("goto harbour")
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"), "back on the feed list")
        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        reader.command("tag local")
        #expect(await reader.waitFor("(2/2) Harbour News"))
        #expect(!reader.text.contains("Tech Notes"))
        reader.command("tag nothing-here")
        #expect(reader.lines.last?.contains("No feed has the tag nothing-here") == true)
        reader.command("q")
        #expect(reader.exitStatus == 0)
    }

    @Test func setAndSourceChangeOptionsKeysAndColoursWhileTheReaderRuns() async throws {
        let (home, reader) = try await readerWithNews()
        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        let dated = try #require(reader.lines.first { $0.contains("New quay opens") })
        reader.command(#"set datetime-format "%d|%m""#)
        #expect(reader.lines.last?.hasPrefix(" datetime-format = %d|%m") == true, "\(reader.text)")
        let redated = try #require(reader.lines.first { $0.contains("New quay opens") })
        #expect(redated != dated && redated.contains("|"), "the open list shows the new date format: \(redated)")

        // `!` turns a yes/no option over; the list on screen follows.
        reader.press(.enter)
        #expect(await reader.waitFor("Title: New quay opens"))
        reader.press(.character("q"))
        reader.command("set show-read-articles!")
        #expect(reader.lines.last?.hasPrefix(" show-read-articles = no") == true, "\(reader.text)")
        #expect(await reader.settle())
        #expect(!reader.text.contains("New quay opens"), "the read article is hidden: \(reader.text)")
        reader.press(.character(">"), .character("t"))
        #expect(reader.lines.last?.hasPrefix(" Sorted by title") == true, "\(reader.text)")
        reader.command("set article-sort-order")
        #expect(reader.lines.last?.hasPrefix(" article-sort-order = title-asc") == true, "sort changed the option: \(reader.text)")
        // `&` puts an option back to its default.
        reader.command("set article-sort-order&")
        #expect(reader.lines.last?.hasPrefix(" article-sort-order = date-desc") == true, "\(reader.text)")
        // newsboat's `set OPTION=VALUE` too.
        reader.command("set article-sort-order=author-asc")
        #expect(reader.lines.last?.hasPrefix(" article-sort-order = author-asc") == true, "\(reader.text)")
        reader.command("set text-width 60")
        #expect(await reader.settle())
        #expect(!reader.text.contains("New quay opens"), "setting another option keeps what the toggle set: \(reader.text)")
        reader.command("set max-items!")
        #expect(reader.lines.last?.contains("max-items is not a yes/no option") == true)
        reader.command("set no-such-option 1")
        #expect(reader.lines.last?.contains("Unknown option no-such-option") == true)

        // A file of config lines, relative to the config file's directory: keys, options, and a
        // line it cannot use, reported with its number.
        try home.write("""
            bind-key ^E reload-all
            show-read-articles yes
            urls-source fever
            frobnicate 3
            """, to: "extra")
        reader.command("source extra")
        #expect(reader.lines.last?.contains("Read extra; urls-source applies at the next start — line 4: unknown option") == true, "\(reader.text)")
        #expect(await reader.settle())
        #expect(reader.text.contains("New quay opens"), "show-read-articles yes again: \(reader.text)")
        reader.press(.control("e"))
        #expect(await reader.waitFor("Reloaded 2 feeds"), "the key bound by the sourced file works at once: \(reader.text)")
        reader.command("source missing-file")
        #expect(reader.lines.last?.contains("Cannot read missing-file: there is no such file") == true, "\(reader.text)")
        reader.command("source .")
        #expect(reader.lines.last?.contains("Cannot read .: it is a directory") == true, "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func aMacroRunsItsActionsAfterThePrefix() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        // A "player" that writes what it was given.
        try ExecutableScript.write("#!/bin/sh\necho \"$@\" > \(home.path("played"))\n", to: home.path("player"))
        let config = Config(parsing: """
            macro v set browser "\(home.path("player")) %u" ; open-in-browser ; set browser "$BROWSER" -- "play it"
            macro x frobnicate
            """)
        #expect(config.warnings.map(\.description) == [#"config line 2: macro x: unknown action "frobnicate"; the macro is not defined"#])
        let reader = try home.startReader { $0.macros = config.macros }
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Harbour News"))
        reader.press(.enter)
        #expect(await reader.waitFor("Ferry delayed"))
        // The prompt after the prefix, and the help, say what each macro does (its description).
        reader.press(.character("?"))
        #expect(await reader.waitFor("Help — Articles"))
        reader.press(.end)
        #expect(await reader.waitFor("Macros", timeout: .seconds(20)), "\(reader.text)")
        #expect(reader.lines.contains { $0.hasPrefix(",v  play it") }, "\(reader.text)")
        reader.press(.character("q"))
        reader.press(.character(","))
        #expect(reader.lines.last?.contains("Macro: v play it") == true, "\(reader.text)")
        reader.press(.character("v"))
        let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
        while !FileManager.default.fileExists(atPath: home.path("played")) && clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let played = try String(contentsOfFile: home.path("played"), encoding: .utf8)
        #expect(played.hasPrefix("https://news.example/"), "the player got the article's link: \(played)")
        reader.command("set browser")
        #expect(reader.lines.last?.contains("browser = (not set") == true, "the last step put the browser back: \(reader.text)")
        reader.press(.character(","), .character("z"))
        #expect(reader.lines.last?.contains("No macro on z") == true)
        #expect(await reader.settle())
    }

    @Test func readFeedsAndArticlesAreShownOrHiddenWhileTheReaderRuns() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        reader.press(.enter)
        #expect(await reader.waitFor("Title: New quay opens"))
        reader.press(.character("q"), .character("L"))
        #expect(reader.lines.last?.contains("Read articles hidden") == true, "\(reader.text)")
        #expect(await reader.settle())
        #expect(reader.text.contains("Ferry delayed"))
        #expect(!reader.text.contains("New quay opens"), "the article just read is hidden: \(reader.text)")
        reader.press(.character("L"))
        #expect(await reader.waitFor("New quay opens"))

        // On the feed list: a feed with nothing unread goes, and comes back.
        reader.press(.character("q"), .down, .character("A"))
        #expect(await reader.waitFor("(0/1) Tech Notes"))
        reader.press(.character("L"))
        #expect(reader.lines.last?.contains("Feeds with nothing unread hidden") == true)
        #expect(await reader.settle())
        #expect(!reader.text.contains("Tech Notes"))
        reader.press(.character("L"))
        #expect(await reader.waitFor("(0/1) Tech Notes"))
        #expect(await reader.settle())
    }

    @Test func jAndKInAnItemListGoToTheNextAndPreviousFeed() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.enter)
        #expect(await reader.waitFor("New quay opens"))
        reader.press(.character("J"))
        #expect(await reader.waitFor("Kernel release"), "\(reader.text)")
        #expect(reader.lines[0].hasPrefix(" Tech Notes"))
        reader.press(.character("J"))
        #expect(reader.lines.last?.contains("No feed after this one") == true)
        reader.press(.character("K"))
        #expect(await reader.waitFor("New quay opens"))
        reader.press(.character("q"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"), "one item list on the stack, not three")
        #expect(await reader.settle())
    }

    @Test func quitConfirmsWhenAskedTo() async throws {
        let (_, reader) = try await readerWithNews()
        reader.press(.character("Q"))
        #expect(reader.exitStatus == 0)
        #expect(reader.terminal.isStopped)
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
