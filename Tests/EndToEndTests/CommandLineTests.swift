@testable import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing

/// The built `tidings` binary, run as a user would, against feeds on a loopback server.
/// `make test` passes its path in TIDINGS_BINARY; a plain `swift test` uses .build/debug/tidings.
@Suite struct CommandLineTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = ProcessInfo.processInfo.environment["TIDINGS_BINARY"]
        ?? repository.appendingPathComponent(".build/debug/tidings").path

    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Ferry \u{1B}[31mNews</title>
        <item><title>Timetable</title><guid>ferry-1</guid></item>
        <item><title>Strike</title><guid>ferry-2</guid></item>
        </channel></rss>
        """

    /// A home directory of its own, with XDG paths inside it.
    final class Sandbox {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: root) }

        var urls: String { root.appendingPathComponent("urls").path }
        var cache: String { root.appendingPathComponent("cache.db").path }
        var config: String { root.appendingPathComponent("config").path }

        /// This process's environment with HOME and the XDG directories inside the sandbox and no
        /// proxy, so that a run never reads or writes the user's files or leaves the loopback.
        func environment(merging extra: [String: String]) -> [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = root.path
            environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("config-home").path
            environment["XDG_DATA_HOME"] = root.appendingPathComponent("data-home").path
            for variable in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] { environment[variable] = nil }
            environment.merge(extra) { $1 }
            return environment
        }

        func write(_ text: String, to path: String) throws {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// A started binary whose output is being collected.
    struct Started {
        var process: Process
        var collected: CollectedOutput
        var done: DispatchGroup
        var arguments: [String]

        /// Waits (at most 60 s) for the end.
        func finish() throws -> Run {
            if done.wait(timeout: .now() + 60) == .timedOut {
                process.terminate()
                throw RunError.hung(arguments)
            }
            process.waitUntilExit()
            return Run(status: process.terminationStatus, output: collected.output, errors: collected.errors)
        }
    }

    /// Runs the binary with a private HOME/XDG so that nothing of the user's is touched; gives up
    /// after 60 s.
    /// `prefix` runs the binary through another program (`setpriv` to run it as another user).
    static func run(_ arguments: [String], in sandbox: Sandbox, environment extra: [String: String] = [:], prefix: [String] = []) throws -> Run {
        try start(arguments, in: sandbox, environment: extra, prefix: prefix).finish()
    }

    static func start(_ arguments: [String], in sandbox: Sandbox, environment extra: [String: String] = [:], prefix: [String] = []) throws -> Started {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: prefix.first ?? binary)
        process.arguments = prefix.isEmpty ? arguments : prefix.dropFirst() + [binary] + arguments
        process.environment = sandbox.environment(merging: extra)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        // Test threads block signals and a child inherits the mask; the binary must see SIGINT as
        // it does when started from a shell.
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        let collected = CollectedOutput()
        let group = DispatchGroup()
        // Threads of their own, not blocks on a shared Dispatch queue: with the whole suite
        // running on 2 cores, such a block could wait past the 60 s limit before it ran, and a
        // run that had ended was reported as hung.
        for (pipe, isError) in [(output, false), (errors, true)] {
            group.enter()
            Thread {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(String(decoding: data, as: UTF8.self), isError: isError)
                group.leave()
            }.start()
        }
        return Started(process: process, collected: collected, done: group, arguments: arguments)
    }

    enum RunError: Error { case hung([String]) }

    final class CollectedOutput: @unchecked Sendable {
        private let lock = NSLock()
        private var outputText = ""
        private var errorText = ""
        func set(_ text: String, isError: Bool) { lock.withLock { if isError { errorText = text } else { outputText = text } } }
        var output: String { lock.withLock { outputText } }
        var errors: String { lock.withLock { errorText } }
    }

    /// From cron, standard error is mailed: it carries only what needs a person. Bytes the parser
    /// recovered are logged to the file beside the cache instead (issue 34 §9); newsboat's
    /// `-x reload` runs the same reload.
    @Test(arguments: [["reload"], ["-x", "reload"]])
    func recoveriesGoToTheLogNotToStandardError(command: [String]) throws {
        let sandbox = try Sandbox()
        let feed = sandbox.root.appendingPathComponent("bell.xml").path
        try sandbox.write(#"<?xml version="1.0"?><rss version="2.0"><channel><title>Bells</title><item><title>A&#7;B</title><guid>1</guid></item></channel></rss>"#, to: feed)
        try sandbox.write("file://\(feed)\n", to: sandbox.urls)
        let run = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache] + command, in: sandbox)
        #expect(run.status == 0)
        #expect(run.errors == "", "\(run.errors)")
        #expect(run.output.hasSuffix("1 feed: 1 updated, 0 unchanged, 0 failed; 1 new item\n"))
        let log = try String(contentsOfFile: sandbox.root.appendingPathComponent("tidings.log").path, encoding: .utf8)
        #expect(log.contains("recovered: dropped reference to control character U+0007"))
    }

    @Test func reloadPrintsOneLinePerFeedASummaryAndExitsOneOnFailure() throws {
        let sandbox = try Sandbox()
        let server = try FeedServerProcess(routes: [
            "/ferry.xml": ["body": CommandLineTests.feed, "etag": "\"f1\""],
            "/gone.xml": ["status": 404],
        ])
        try sandbox.write("""
            \(server.url("/ferry.xml")) boats
            \(server.url("/gone.xml")) boats "~Gone Feed"
            http://reader:hunter2@127.0.0.1:\(server.port)/private.xml

            """, to: sandbox.urls)

        let first = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "reload"], in: sandbox)
        #expect(first.status == 1)
        #expect(!(first.output + first.errors).contains("hunter2"), "credentials are never printed")
        // A feed fetched for the first time is named by the title it came with (issue 45 §16).
        #expect(first.output == "updated    Ferry [31mNews (2 new)\n3 feeds: 1 updated, 0 unchanged, 2 failed; 2 new items\n")
        // Failures go to standard error, which cron mails even when the output goes to /dev/null
        // (issue 45 §10).
        let errors = first.errors.split(separator: "\n").map(String.init)
        #expect(errors.contains("failed     Gone Feed: HTTP 404 Not Found"), "the custom title names the feed")
        #expect(errors.contains("failed     http://***@127.0.0.1:\(server.port)/private.xml: HTTP 404 Not Found"))
        #expect(errors.count == 2, "\(errors)")

        // Options after the command name, and titles known from the first run (escape removed).
        let second = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "Ferry [31mNews"], in: sandbox)
        #expect(second.status == 0)
        #expect(second.output == "unchanged  Ferry [31mNews\n1 feed: 0 updated, 1 unchanged, 0 failed; 0 new items\n")
        #expect(!second.output.contains("\u{1B}"))
    }

    @Test func newsboatExecuteFormsWork() throws {
        let sandbox = try Sandbox()
        let server = try FeedServerProcess(routes: ["/ferry.xml": ["body": CommandLineTests.feed]])
        try sandbox.write("\(server.url("/ferry.xml"))\n", to: sandbox.urls)
        let reload = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "-x", "reload"], in: sandbox)
        #expect(reload.status == 0)
        #expect(reload.output.hasSuffix("1 feed: 1 updated, 0 unchanged, 0 failed; 2 new items\n"))
        let unread = try CommandLineTests.run(["-x", "print-unread", "--url-file", sandbox.urls, "--cache-file=\(sandbox.cache)"], in: sandbox)
        #expect(unread.status == 0 && unread.output == "2\n")
    }

    @Test func tagAndNameSelectFeedsAndUnknownOnesAreErrors() throws {
        let sandbox = try Sandbox()
        let server = try FeedServerProcess(routes: ["/a.xml": ["body": CommandLineTests.feed], "/b.xml": ["body": CommandLineTests.feed]])
        try sandbox.write("\(server.url("/a.xml")) alpha\n\(server.url("/b.xml")) beta \"~Bravo\"\n", to: sandbox.urls)
        let tagged = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "--tag", "beta"], in: sandbox)
        #expect(tagged.status == 0)
        #expect(tagged.output == "updated    Bravo (2 new)\n1 feed: 1 updated, 0 unchanged, 0 failed; 2 new items\n")
        let unknown = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "Nothing Like It"], in: sandbox)
        #expect(unknown.status == 2)
        #expect(unknown.errors == "tidings: no feed has the URL or title \"Nothing Like It\"\n")
        let noTag = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "--tag", "gamma"], in: sandbox)
        #expect(noTag.status == 2)
    }

    @Test func configTimeoutsApplyToTheReload() throws {
        let sandbox = try Sandbox()
        let server = try FeedServerProcess(routes: ["/silent.xml": ["never_respond": true]])
        try sandbox.write("\(server.url("/silent.xml"))\n", to: sandbox.urls)
        try sandbox.write("connect-timeout 1\ndownload-timeout 2\nno-such-option 3\n", to: sandbox.config)
        let run = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config], in: sandbox)
        #expect(run.status == 1)
        #expect(run.errors.contains("failed     \(server.url("/silent.xml")): no answer from the server within 1 s"))
        #expect(run.errors.contains("tidings: config line 3: unknown option \"no-such-option\"; ignored"))
    }

    @Test func httpProxyFromTheEnvironmentIsUsed() throws {
        let sandbox = try Sandbox()
        // The feed's host does not exist: only the proxy (our server) can answer for it.
        let proxy = try FeedServerProcess(routes: ["/feed.xml": ["body": CommandLineTests.feed]])
        try sandbox.write("http://feeds.tidings-test.invalid/feed.xml\n", to: sandbox.urls)
        let run = try CommandLineTests.run(
            ["reload", "-u", sandbox.urls, "-c", sandbox.cache], in: sandbox,
            environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": ""])
        #expect(run.status == 0)
        let request = try #require(try proxy.requests().first { $0["path"] as? String == "/feed.xml" })
        #expect(request["absolute"] as? Bool == true)
        #expect(request["host"] as? String == "feeds.tidings-test.invalid")
    }

    @Test func importExportAndAddEditTheUrlsFile() throws {
        let sandbox = try Sandbox()
        let opml = sandbox.root.appendingPathComponent("in.opml").path
        try sandbox.write("""
            <opml version="1.0"><body><outline text="Boats">
            <outline text="Ferry" type="rss" xmlUrl="https://ferry.example/rss"/>
            <outline text="Ferry" type="rss" xmlUrl="https://ferry.example/rss"/>
            </outline></body></opml>
            """, to: opml)
        try sandbox.write("# my feeds\nhttps://existing.example/feed old\n", to: sandbox.urls)

        let imported = try CommandLineTests.run(["import", opml, "-u", sandbox.urls], in: sandbox)
        #expect(imported.status == 0)
        #expect(imported.output == "imported 1 feed into \(sandbox.urls) (skipped: 1 listed twice in the OPML file)\n")
        #expect(try String(contentsOfFile: sandbox.urls, encoding: .utf8)
            == "# my feeds\nhttps://existing.example/feed old\nhttps://ferry.example/rss Boats \"~Ferry\"\n")

        let added = try CommandLineTests.run(["-u", sandbox.urls, "add", "--no-check", "exec:scrape --all", "local", "two words"], in: sandbox)
        #expect(added.status == 0)
        let again = try CommandLineTests.run(["-u", sandbox.urls, "add", "https://ferry.example/rss"], in: sandbox)
        #expect(again.status == 1 && again.errors == "tidings: https://ferry.example/rss is already in \(sandbox.urls)\n")
        let bad = try CommandLineTests.run(["-u", sandbox.urls, "add", "ferry.example/rss"], in: sandbox)
        #expect(bad.status == 1)

        let exported = try CommandLineTests.run(["export", "-u", sandbox.urls], in: sandbox)
        #expect(exported.status == 0)
        #expect(exported.output.contains(#"<outline type="rss" text="Ferry" title="Ferry" xmlUrl="https://ferry.example/rss" category="Boats" tidingsTitle="custom""#))
        #expect(exported.output.contains(#"xmlUrl="exec:scrape --all" category="local,two words""#))

        // Export, then import into an empty list: the same file, its comment included (issue 45 §15).
        let roundTrip = sandbox.root.appendingPathComponent("round.opml").path
        try sandbox.write(exported.output, to: roundTrip)
        let fresh = sandbox.root.appendingPathComponent("fresh-urls").path
        _ = try CommandLineTests.run(["import", roundTrip, "-u", fresh], in: sandbox)
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == String(contentsOfFile: sandbox.urls, encoding: .utf8))
    }

    @Test func addFetchesFirstRefusesWhatIsNoFeedAndExportsFetchedTitles() throws {
        let sandbox = try Sandbox()
        let site = "https://ferry.example/"
        let server = try FeedServerProcess(routes: [
            "/ferry.xml": ["body": CommandLineTests.feed.replacingOccurrences(of: "<channel>", with: "<channel><link>\(site)</link>")],
            "/gone.xml": ["status": 404],
        ])
        try sandbox.write("", to: sandbox.urls)

        let gone = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "add", server.url("/gone.xml")], in: sandbox)
        #expect(gone.status == 1 && gone.errors == "tidings: not added: HTTP 404 Not Found\n")
        #expect(try String(contentsOfFile: sandbox.urls, encoding: .utf8) == "", "a refused feed leaves the file alone")

        let added = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "add", server.url("/ferry.xml"), "boats"], in: sandbox)
        #expect(added.status == 0 && added.output == "added \(server.url("/ferry.xml")) to \(sandbox.urls) (2 articles)\n")
        #expect(try String(contentsOfFile: sandbox.urls, encoding: .utf8) == "\(server.url("/ferry.xml")) boats\n",
                "an empty file gets no blank line before the feed")
        let unread = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "unread"], in: sandbox)
        #expect(unread.output.hasPrefix("2"), "the articles are in the cache at once")

        let exported = try CommandLineTests.run(["export", "-u", sandbox.urls, "-c", sandbox.cache], in: sandbox)
        #expect(exported.output.contains(
            #"<outline type="rss" text="Ferry [31mNews" title="Ferry [31mNews" xmlUrl="\#(server.url("/ferry.xml"))" htmlUrl="\#(site)" category="boats" tidingsTitle="fetched""#))
    }

    /// `tidings add` reads an address as the reader's `a` does and as a user expects (issue 34
    /// §10): without its scheme, in any case, or as a web page that announces its feed.
    @Test func addTakesAnAddressWithoutSchemeInAnyCaseOrAsAPage() throws {
        let sandbox = try Sandbox()
        let html = #"<html><head><link rel="stylesheet" href="/s.css"><link rel="alternate" type="application/rss+xml" title="Posts" href="ferry.xml"></head><body>Hi</body></html>"#
        let twoFeeds = #"<html><head><link rel="alternate" type="application/rss+xml" title="Posts" href="/ferry.xml"><LINK REL="Alternate" TYPE="application/atom+xml" HREF="/comments.atom"></head></html>"#
        let server = try FeedServerProcess(routes: [
            "/ferry.xml": ["body": CommandLineTests.feed],
            "/blog/": ["body": html, "headers": ["Content-Type": "text/html; charset=utf-8"]],
            "/blog/ferry.xml": ["body": CommandLineTests.feed],
            "/two/": ["body": twoFeeds, "headers": ["Content-Type": "text/html"]],
            "/same/": ["body": #"<link rel="alternate" type="application/rss+xml" href="/ferry.xml">"#],
        ])
        try sandbox.write("", to: sandbox.urls)
        let address = "127.0.0.1:\(server.port)/ferry.xml"

        // HTTPS is tried first and fails on this plain-HTTP server; HTTP then works.
        let schemeless = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "add", address], in: sandbox)
        #expect(schemeless.status == 0, "\(schemeless.errors)")
        #expect(try String(contentsOfFile: sandbox.urls, encoding: .utf8) == "http://\(address)\n")

        let shouted = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "add", "HTTP://127.0.0.1:\(server.port)/ferry.xml"], in: sandbox)
        #expect(shouted.status == 1)
        #expect(shouted.errors == "tidings: HTTP://\(address) is already in \(sandbox.urls) (as http://\(address))\n")
        let unchecked = try CommandLineTests.run(["-u", sandbox.urls, "add", "--no-check", "Http://127.0.0.1:\(server.port)/ferry.xml"], in: sandbox)
        #expect(unchecked.status == 1)

        // A page announcing two feeds: both are listed, one per line, and nothing is added.
        let two = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "add", server.url("/two/")], in: sandbox)
        #expect(two.status == 1 && two.output.isEmpty)
        #expect(two.errors == """
            tidings: not added: \(server.url("/two/")) announces 2 feeds; add one of them:
            \(server.url("/ferry.xml"))  Posts
            \(server.url("/comments.atom"))

            """)

        // A page announcing one feed: that feed is added, by its own address, unless it is listed.
        let same = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "add", server.url("/same/")], in: sandbox)
        #expect(same.status == 1)
        #expect(same.errors == "tidings: \(server.url("/ferry.xml")) is already in \(sandbox.urls)\n")
        try sandbox.write("", to: sandbox.urls)
        let found = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "add", server.url("/blog/"), "boats"], in: sandbox)
        #expect(found.status == 0, "\(found.errors)")
        #expect(try String(contentsOfFile: sandbox.urls, encoding: .utf8) == "\(server.url("/blog/ferry.xml")) boats\n")
        #expect(found.output == "added \(server.url("/blog/ferry.xml")) to \(sandbox.urls) (2 articles)\n")
    }

    /// `tidings reload` leaves the new articles' text for the reader to index, so that it ends
    /// sooner (issue 46); `--index-text` indexes it before exiting.
    @Test func reloadLeavesTheTextToIndexUnlessAsked() throws {
        let sandbox = try Sandbox()
        let feed = sandbox.root.appendingPathComponent("ferry.xml").path
        try sandbox.write(CommandLineTests.feed, to: feed)
        try sandbox.write("file://\(feed)\n", to: sandbox.urls)
        let plain = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache], in: sandbox)
        #expect(plain.status == 0, "\(plain.errors)")
        #expect(try FeedStore(path: sandbox.cache).articlesAwaitingIndex() == 2)
        let indexed = sandbox.root.appendingPathComponent("indexed.db").path
        let asked = try CommandLineTests.run(["reload", "--index-text", "-u", sandbox.urls, "-c", indexed], in: sandbox)
        #expect(asked.status == 0, "\(asked.errors)")
        #expect(try FeedStore(path: indexed).articlesAwaitingIndex() == 0)
    }

    /// `tidings reload NAME` finds a title as the reader's quick filter does: without case or
    /// diacritics, and a part of it when no title is the whole name (issue 34 §10).
    @Test func reloadFindsTitlesAsTheReadersSearchDoes() throws {
        let sandbox = try Sandbox()
        let server = try FeedServerProcess(routes: ["/a.xml": ["body": CommandLineTests.feed], "/b.xml": ["body": CommandLineTests.feed]])
        try sandbox.write("\(server.url("/a.xml")) \"~Café Society\"\n\(server.url("/b.xml")) \"~Harbour Log\"\n", to: sandbox.urls)
        let folded = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "CAFE society"], in: sandbox)
        #expect(folded.status == 0, "\(folded.errors)")
        #expect(folded.output.hasPrefix("updated    Café Society (2 new)\n1 feed:"))
        let part = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "harbour"], in: sandbox)
        #expect(part.status == 0)
        #expect(part.output.hasPrefix("updated    Harbour Log (2 new)\n1 feed:"))
        let byURL = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, server.url("/b.xml").replacingOccurrences(of: "http://", with: "HTTP://")], in: sandbox)
        #expect(byURL.status == 0 && byURL.output.contains("1 feed:"))
    }

    /// Export then import gives the same urls file: fetched titles are not frozen as custom ones,
    /// query feeds, hidden feeds and tags survive; the import names what it skipped and why
    /// (issue 34 §18).
    @Test func exportThenImportRoundTripsAndSaysWhatItSkipped() throws {
        let sandbox = try Sandbox()
        let server = try FeedServerProcess(routes: ["/ferry.xml": ["body": CommandLineTests.feed]])
        let list = """
            \(server.url("/ferry.xml")) boats
            https://hidden.example/rss "~Quiet" "!"
            "query:Unread boats:unread = \\"yes\\" and tags # \\"boats\\"" daily

            """
        try sandbox.write(list, to: sandbox.urls)
        #expect(try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "--tag", "boats"], in: sandbox).status == 0)
        let exported = try CommandLineTests.run(["export", "-u", sandbox.urls, "-c", sandbox.cache], in: sandbox)
        let opml = sandbox.root.appendingPathComponent("out.opml").path
        try sandbox.write(exported.output.replacingOccurrences(of: "  </body>", with: #"    <outline text="Bad" xmlUrl="javascript:void(0)"/>\#n  </body>"#), to: opml)
        let fresh = sandbox.root.appendingPathComponent("fresh-urls").path
        let imported = try CommandLineTests.run(["import", opml, "-u", fresh], in: sandbox)
        #expect(imported.status == 0)
        #expect(imported.output == "imported 2 feeds and 1 query feed into \(fresh) (skipped: javascript:void(0): not a feed address (http(s)://, file://, exec: or filter:))\n")
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == list)
    }

    @Test func interruptCancelsTheReloadPromptly() throws {
        let sandbox = try Sandbox()
        let server = try FeedServerProcess(routes: [
            "/a.xml": ["never_respond": true], "/b.xml": ["never_respond": true], "/ok.xml": ["body": CommandLineTests.feed],
        ])
        try sandbox.write(["/ok.xml", "/a.xml", "/b.xml"].map { server.url($0) }.joined(separator: "\n") + "\n", to: sandbox.urls)
        // Only the interrupt may end the silent downloads, however slowly a loaded machine
        // delivers it: not the default timeouts (10 s without a byte, 60 s in all).
        try sandbox.write("download-timeout 600\nconnect-timeout 600\n", to: sandbox.config)
        let started = try CommandLineTests.start(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config], in: sandbox)
        // Interrupt once both silent downloads are waiting and the answered feed is stored: on a
        // loaded machine its items can reach the cache after the other requests are made.
        let deadline = Date().addingTimeInterval(60)
        while !(CommandLineTests.silentRequests(to: server) == 2 && CommandLineTests.storedItems(in: sandbox.cache) == 2), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        started.process.interrupt()
        let run = try started.finish()
        #expect(run.status == 130)
        #expect(run.output.hasSuffix("3 feeds: 1 updated, 0 unchanged, 0 failed, 2 cancelled; 2 new items\n"))
        // What was stored before the interruption is there.
        let unread = try CommandLineTests.run(["unread", "-u", sandbox.urls, "-c", sandbox.cache], in: sandbox)
        #expect(unread.output == "2\n")
    }

    private static func silentRequests(to server: FeedServerProcess) -> Int {
        let paths = (try? server.requests().compactMap { $0["path"] as? String }) ?? []
        return paths.filter { $0.hasSuffix("/a.xml") || $0.hasSuffix("/b.xml") }.count
    }

    /// The items in the cache, read as another process would while a reload writes it.
    private static func storedItems(in cachePath: String) -> Int {
        guard FileManager.default.fileExists(atPath: cachePath),
            let store = try? FeedStore(path: cachePath, access: .readOnly),
            let rows = try? store.feedList()
        else { return 0 }
        return rows.reduce(0) { $0 + $1.totalCount }
    }

    @Test func extractPrintsTheArticleAndRefusesAPageWithoutOne() throws {
        let sandbox = try Sandbox()
        let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ArticleExtractionTests/Fixtures")
        let news = pages.appendingPathComponent("news-article.html").path
        let text = try CommandLineTests.run(["extract", news], in: sandbox)
        #expect(text.status == 0 && text.errors.isEmpty)
        #expect(text.output.hasPrefix("Councillors in Portwenna voted unanimously"))
        #expect(text.output.contains(".\n\nThe new wall"), "paragraphs are separated by a blank line")
        let html = try CommandLineTests.run(["extract", "--html", "--url", "https://news.example/2025/wall", news], in: sandbox)
        #expect(html.status == 0 && html.output.contains("<p>Councillors in Portwenna"))
        #expect(!html.output.contains("<script") && !html.output.contains("<nav"))

        let none = try CommandLineTests.run(["extract", pages.appendingPathComponent("link-directory.html").path], in: sandbox)
        #expect(none.status == 1 && none.output.isEmpty)
        #expect(none.errors.hasSuffix("link-directory.html: no article found on the page\n"))
        #expect(none.errors.split(separator: "\n").count == 1)
    }

    /// A cache named with -c that is not there is a typo: the reading command says so and makes
    /// nothing (issue 34 §11).
    @Test func aMissingCacheNamedOnTheCommandLineIsSaidSo() throws {
        let sandbox = try Sandbox()
        let typo = sandbox.root.appendingPathComponent("typo/cache.db").path
        let run = try CommandLineTests.run(["unread", "-c", typo], in: sandbox)
        #expect(run.status == 1 && run.output.isEmpty)
        #expect(run.errors == "tidings: no cache at \(typo) (check -c)\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("typo").path))
    }

    @Test func defaultPathsAreCreatedUnderXDG() throws {
        let sandbox = try Sandbox()
        let run = try CommandLineTests.run(["unread"], in: sandbox)
        #expect(run.status == 0 && run.output == "0\n")
        #expect(FileManager.default.fileExists(atPath: sandbox.root.path + "/data-home/tidings/cache.db"))
        #expect(FileManager.default.fileExists(atPath: sandbox.root.path + "/config-home/tidings"))
        let reload = try CommandLineTests.run(["reload"], in: sandbox)
        #expect(reload.status == 2 && reload.errors == "tidings: the urls file lists no feeds\n")
    }
}
