import FeedStore
import Foundation
import TestSupport
import Testing

/// The real `tidings` binary in tmux against feeds served on 127.0.0.1: what a user does and sees.
/// `make test` sets TIDINGS_BINARY to the freshly built binary and installs tmux.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct ReaderEndToEndTests {
    /// A scratch home: config and data directories, served feeds, a browser that records its
    /// arguments.
    final class Home {
        let root: URL
        let feeds: URL
        let server: LoopbackServer

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-e2e-\(UUID().uuidString)")
            feeds = root.appendingPathComponent("feeds")
            for directory in ["feeds", "config/tidings", "data"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
            }
            server = try LoopbackServer(routes: [:], directory: feeds.path, lifetime: 300)
            let recorder = root.appendingPathComponent("record-browser")
            try ExecutableScript.write(
                "#!/bin/sh\nfor argument in \"$@\"; do printf '%s\\n' \"$argument\"; done >> '\(path("browser-argv"))'\n", to: recorder.path)
            try write("browser \"\(recorder.path) %u\"\n", to: "config/tidings/config")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

        func write(_ text: String, to relative: String) throws {
            try Data(text.utf8).write(to: root.appendingPathComponent(relative))
        }

        var environment: [String: String] {
            ["XDG_CONFIG_HOME": path("config"), "XDG_DATA_HOME": path("data"), "HOME": root.path, "LANG": "C.UTF-8"]
        }

        func startReader(width: Int = 100, height: Int = 30) throws -> TmuxSession {
            let session = try TmuxSession(
                command: "'\(TidingsBinary.path!)'; echo \"exit=$?\" > '\(path("exit-status"))'; sleep 30",
                environment: environment, width: width, height: height)
            session.logFile = path("data/tidings/tidings.log")
            return session
        }
    }

    static func rss(title: String, items: [(title: String, link: String, date: String, body: String)]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        let entries = items.map { item in
            "<item><title>\(escaped(item.title))</title><link>\(escaped(item.link))</link><guid>\(escaped(item.link))</guid><pubDate>\(item.date)</pubDate><description>\(escaped(item.body))</description></item>"
        }.joined(separator: "\n")
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>\(escaped(title))</title><link>https://news.example/</link>\n\(entries)\n</channel></rss>\n"
    }

    @Test func browseReadReloadOpenLinksAndResize() throws {
        let home = try Home()
        let hostileLink = "https://news.example/story?a=$(touch \(home.path("PWNED")))&b=`touch \(home.path("PWNED2"))`;c='q'"
        var items = [
            (title: "Older story", link: "https://news.example/older", date: "Thu, 20 Nov 2025 10:00:00 GMT", body: "<p>Old text.</p>"),
            (title: "Newest story", link: hostileLink, date: "Fri, 21 Nov 2025 10:00:00 GMT",
             body: "<p>Read <a href=\"https://docs.example/guide\">the guide</a> and <b>more</b>.</p>"),
        ]
        try home.write(Self.rss(title: "E2E News", items: items), to: "feeds/news.xml")
        try home.write(Self.rss(title: "日本語のフィード", items: [(title: "日本語の記事", link: "https://jp.example/1", date: "Fri, 21 Nov 2025 09:00:00 GMT", body: "<p>本文です。</p>")]), to: "feeds/jp.xml")
        try home.write("\(home.server.url("/news.xml"))\n\(home.server.url("/jp.xml"))\n", to: "config/tidings/urls")

        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        // Both feeds' counts: the list may be drawn between the two feeds' answers.
        var screen = try session.waitFor("Reloaded 2 feeds — 3 new articles") { lines in
            lines.contains { $0.hasSuffix("(2/2) E2E News") } && lines.contains { $0.hasSuffix("(1/1) 日本語のフィード") }
        }
        #expect(screen.contains { $0.hasSuffix("(1/1) 日本語のフィード") })

        // Browse in: the feed's items, newest first.
        try session.sendKeys("Enter")
        screen = try session.waitFor("Newest story") { $0.count > 2 && $0[2].hasPrefix("N 2025-11-20  Older story") }
        #expect(screen[0].hasPrefix(" E2E News"))
        #expect(screen[1].hasPrefix("N 2025-11-21  Newest story"))
        #expect(screen[2].hasPrefix("N 2025-11-20  Older story"))

        // Open the article: header, body with a numbered link, the links listed at the end. Waited
        // for whole: under load tmux was read once the header's first lines were drawn.
        try session.sendKeys("Enter")
        screen = try session.waitFor("Title: Newest story") { $0.contains("[1] https://docs.example/guide") }
        #expect(screen.contains("Feed: E2E News"))
        #expect(screen.contains("Read the guide[1] and more."))
        #expect(screen.contains("[1] https://docs.example/guide"))

        // `o` opens the article's link; `1` Enter opens link 1. Each is one literal argument.
        try session.sendKeys("o")
        try Self.waitForFile(home.path("browser-argv"), lines: 1)
        try session.type("1")
        try session.sendKeys("Enter")
        let argv = try Self.waitForFile(home.path("browser-argv"), lines: 2)
        let store = try FeedStore(path: home.path("data/tidings/cache.db"))
        let storedLink = try #require(try store.feedList().first.flatMap { try store.items(inFeed: $0.id).first?.link })
        #expect(argv == [storedLink, "https://docs.example/guide"])
        #expect(storedLink.contains("$(touch"))
        #expect(!FileManager.default.fileExists(atPath: home.path("PWNED")))
        #expect(!FileManager.default.fileExists(atPath: home.path("PWNED2")))
        try session.waitFor("Title: Newest story")

        // Back: the article is now read; back again: the counts say so.
        try session.sendKeys("q")
        screen = try session.waitFor("Older story")
        #expect(screen[1].hasPrefix("  2025-11-21  Newest story"))
        try session.sendKeys("Left")
        try session.waitFor("(1/2) E2E News")

        // Reload with a new item on the server: it appears.
        items.append((title: "Brand new story", link: "https://news.example/new", date: "Sat, 22 Nov 2025 08:00:00 GMT", body: "<p>New.</p>"))
        try home.write(Self.rss(title: "E2E News", items: items), to: "feeds/news.xml")
        try session.sendKeys("r")
        try session.waitFor("(2/3) E2E News")
        try session.sendKeys("Enter")
        screen = try session.waitFor("Brand new story")
        #expect(screen[1].hasPrefix("N 2025-11-22  Brand new story"))

        // Resize: laid out again at the new size, selection kept.
        try session.sendKeys("j")
        try session.resize(width: 50, height: 12)
        screen = try session.waitForScreen("a 50×12 layout") { $0.count >= 12 && $0[11].hasSuffix("?:Help") && $0[0].count <= 50 }
        #expect(screen[0].hasPrefix(" E2E News"))
        #expect(screen[2].hasPrefix("  2025-11-21  Newest story"))

        // Q quits from anywhere, and the terminal is handed back.
        try session.sendKeys("Q")
        let status = try Self.waitForFile(home.path("exit-status"), lines: 1)
        #expect(status == ["exit=0"])
    }

    @Test func unreadNavigationReadStateAndHelp() throws {
        let home = try Home()
        try home.write(Self.rss(title: "First feed", items: [
            (title: "A1 older", link: "https://a.example/1", date: "Thu, 20 Nov 2025 10:00:00 GMT", body: "<p>a1</p>"),
            (title: "A2 newer", link: "https://a.example/2", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: "<p>a2</p>"),
        ]), to: "feeds/a.xml")
        try home.write(Self.rss(title: "Second feed", items: [
            (title: "B1 only", link: "https://b.example/1", date: "Fri, 21 Nov 2025 09:00:00 GMT", body: "<p>b1</p>"),
        ]), to: "feeds/b.xml")
        try home.write("\(home.server.url("/a.xml"))\n\(home.server.url("/b.xml"))\n", to: "config/tidings/urls")
        try home.write("refresh-on-startup yes\n", to: "config/tidings/config")

        let session = try home.startReader()
        try session.waitFor("(2/2) First feed")
        try session.waitFor("(1/1) Second feed")

        // n walks the unread articles across feeds, newest first within a feed.
        try session.sendKeys("n")
        try session.waitFor("Title: A2 newer")
        try session.sendKeys("n")
        try session.waitFor("Title: A1 older")
        try session.sendKeys("n")
        try session.waitFor("Title: B1 only")
        try session.sendKeys("n")
        try session.waitFor("No more unread articles")
        // N marks the article shown unread again; back on the list it is marked N.
        try session.sendKeys("N")
        try session.waitFor("Marked unread")
        try session.sendKeys("q")
        try session.waitFor("N 2025-11-21  B1 only")
        // ? shows this screen's keys; q closes the help.
        try session.sendKeys("?")
        try session.waitFor("Help — Articles")
        try session.waitFor("Toggle read/unread")
        try session.sendKeys("q")
        try session.waitFor("N 2025-11-21  B1 only")
        // A marks the whole feed read; back on the feed list the counts agree.
        try session.sendKeys("A")
        try session.waitFor("Marked 1 article read")
        try session.sendKeys("q")
        try session.waitFor("(0/1) Second feed")
        try session.waitFor("(0/2) First feed")
        try session.sendKeys("q")
        #expect(try Self.waitForFile(home.path("exit-status"), lines: 1) == ["exit=0"])
    }

    @Test func firstRunScreenWithoutAUrlsFile() throws {
        let home = try Home()
        let session = try home.startReader(width: 80, height: 20)
        let screen = try session.waitFor("Welcome to Tidings.")
        #expect(screen.contains { $0.contains(home.path("config/tidings/urls")) })
        #expect(screen.contains { $0.contains("tidings add URL") })
        try session.sendKeys("q")
        #expect(try Self.waitForFile(home.path("exit-status"), lines: 1) == ["exit=0"])
    }

    /// Nothing written to standard error lands over the screen: an `exec:` feed that complains
    /// on stderr (the pipeline keeps a command's stderr for its failure reason, and the reader
    /// points its own standard error at the log file).
    @Test func standardErrorNeverReachesTheScreen() throws {
        let home = try Home()
        try home.write(Self.rss(title: "Noisy", items: [(title: "Quiet item", link: "https://n.example/1", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: "x")]), to: "feeds/noisy.xml")
        try ExecutableScript.write("#!/bin/sh\necho NOISE-ON-STDERR >&2\ncat '\(home.path("feeds/noisy.xml"))'\n", to: home.path("noisy-feed"))
        try home.write("exec:\(home.path("noisy-feed"))\n", to: "config/tidings/urls")
        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        let screen = try session.waitFor("Reloaded 1 feed") { $0.contains { $0.hasSuffix("(1/1) Noisy") } }
        #expect(!screen.contains { $0.contains("NOISE") })
        try session.sendKeys("q")
        #expect(try Self.waitForFile(home.path("exit-status"), lines: 1) == ["exit=0"])
    }

    /// `max-items` applies to reloads inside the reader too: a feed holds that many articles, the
    /// newest (those a fetch brings beyond them never arrive, issue 41), and read ones beyond it
    /// are dropped.
    @Test func maxItemsTrimsReadItemsAfterAReloadInTheReader() throws {
        let home = try Home()
        let items = (1...5).map { number in
            (title: "Story \(number)", link: "https://m.example/\(number)", date: "Fri, \(10 + number) Nov 2025 10:00:00 GMT", body: "x")
        }
        try home.write(Self.rss(title: "Many", items: items), to: "feeds/many.xml")
        try home.write("\(home.server.url("/many.xml"))\n", to: "config/tidings/urls")
        try home.write("max-items 2\n", to: "config/tidings/config")
        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("r")
        // The newest two arrive; the three older ones never do.
        try session.waitFor("(2/2) Many")
        try session.sendKeys("A")
        try session.waitFor("(0/2) Many")
        // Another reload brings nothing back.
        try session.sendKeys("r")
        try session.waitFor("Reloaded 1 feed — 0 new articles")
        try session.waitFor("(0/2) Many")
        let store = try FeedStore(path: home.path("data/tidings/cache.db"))
        let feed = try #require(try store.feedList().first)
        #expect(try store.items(inFeed: feed.id).compactMap(\.title) == ["Story 5", "Story 4"])
        try session.sendKeys("q")
    }

    @Test func sortThenTReordersAnItemListByTitle() throws {
        let home = try Home()
        try home.write(Self.rss(title: "Sort News", items: [
            (title: "Charlie", link: "https://news.example/c", date: "Sat, 22 Nov 2025 10:00:00 GMT", body: "<p>C.</p>"),
            (title: "alpha", link: "https://news.example/a", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: "<p>A.</p>"),
            (title: "Bravo", link: "https://news.example/b", date: "Thu, 20 Nov 2025 10:00:00 GMT", body: "<p>B.</p>"),
        ]), to: "feeds/news.xml")
        try home.write("\(home.server.url("/news.xml"))\n", to: "config/tidings/urls")

        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("Reloaded 1 feed") { $0.contains { $0.hasSuffix("(3/3) Sort News") } }
        try session.sendKeys("Enter")
        // (Waited for whole: a capture can come while the terminal is still drawing the rows.)
        var screen = try session.waitFor("Bravo") { $0.count > 3 && $0[1].hasSuffix("Charlie") && $0[3].hasSuffix("Bravo") }
        #expect(screen[1].hasSuffix("Charlie") && screen[3].hasSuffix("Bravo"))

        try session.type(">")
        try session.waitFor("Sort by (d)ate/(t)itle/(f)lags/(a)uthor/(l)ink/(g)uid/(r)andom?")
        try session.type("t")
        screen = try session.waitFor("Sorted by title") { $0[1].hasSuffix("alpha") && $0[2].hasSuffix("Bravo") && $0[3].hasSuffix("Charlie") }
        #expect(screen[2].hasSuffix("Bravo") && screen[3].hasSuffix("Charlie"))

        // Kept for the session: the list opened again is still by title.
        try session.sendKeys("Left")
        try session.waitFor("(3/3) Sort News")
        try session.sendKeys("Enter")
        screen = try session.waitFor("Bravo") { $0[1].hasSuffix("alpha") }
        try session.sendKeys("Q")
    }

    /// `|` hands the terminal to the command and keeps what it printed on screen until a key
    /// is pressed, as newsboat does (issue 34 §15); that key is not taken as a reader key.
    @Test func pipeToShowsTheCommandsOutputUntilAKey() throws {
        let home = try Home()
        try home.write(Self.rss(title: "Pipes", items: [
            (title: "Piped story", link: "https://news.example/piped", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: "<p>Words for the pager.</p>"),
        ]), to: "feeds/pipes.xml")
        try home.write("\(home.server.url("/pipes.xml"))\n", to: "config/tidings/urls")
        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("Reloaded 1 feed")
        try session.sendKeys("Enter")
        try session.waitFor("Piped story")
        try session.sendKeys("Enter")
        try session.waitFor("Title: Piped story")
        try session.sendKeys("|")
        try session.waitFor("Pipe to command:")
        try session.type("cat")
        try session.sendKeys("Enter")
        let output = try session.waitFor("Press any key to return to Tidings")
        #expect(output.contains("Words for the pager."), "\(output)")
        #expect(!output.contains { $0.contains("Help") }, "the reader has not drawn over the output: \(output)")
        // `q` would go back from the article: here it only returns to the reader.
        try session.sendKeys("q")
        try session.waitFor("Piped the article to cat") { $0.contains { $0.contains("Title: Piped story") } }
        try session.sendKeys("Q")
    }

    /// A terminal that cannot place the cursor gets one clear line and exit status 1, not a blank
    /// screen that ignores keys (issue 34 §12).
    @Test func aTerminalWithoutCursorAddressingIsRefusedInOneLine() throws {
        let home = try Home()
        try home.write("https://news.example/feed.xml\n", to: "config/tidings/urls")
        let session = try TmuxSession(
            command: "'\(TidingsBinary.path!)'; echo \"exit=$?\" > '\(home.path("exit-status"))'; sleep 30",
            environment: home.environment.merging(["TERM": "dumb"]) { $1 }, width: 200, height: 10)
        let screen = try session.waitFor("cannot place the cursor")
        #expect(screen.first == "tidings: cannot start the terminal: TERM=dumb cannot place the cursor; run Tidings in a terminal that can (xterm, tmux, screen, …)")
        let status = try Self.waitForFile(home.path("exit-status"), lines: 1)
        #expect(status == ["exit=1"])
    }

    /// Waits (bounded) until the file at `path` has at least `lines` lines; returns them.
    @discardableResult
    static func waitForFile(_ path: String, lines: Int, seconds: Double = 15) throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var found: [String] = []
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                found = text.split(separator: "\n").map(String.init)
                if found.count >= lines { return found }
            }
            usleep(50_000)
        }
        throw TmuxSession.Timeout(what: "\(lines) lines in \(path)", screen: found)
    }
}
