@testable import Configuration
import FeedStore
import Foundation
import Testing
import TestSupport
@testable import TidingsApp

/// Links written by a stranger, handed to the browser.
///
/// The rule (see `BrowserCommand.checkLink`): only absolute http, https, ftp, gopher, gemini and
/// mailto URLs without control characters are opened. Such a link starts with a letter, so it can
/// never become an option of the browser (`-remote`, `--new-instance`, `-oProxyCommand=…`),
/// whatever the browser is; `--` is not inserted because many browsers and wrappers do not
/// understand it. Shell syntax in an accepted link is harmless: it is one literal argument of a
/// program started without a shell. What is checked here: the argv the browser receives is exactly
/// the designed one, refused links start nothing, and no shell ever runs (no file appears).
@Suite struct HostileBrowserTests {
    /// A scratch directory with a "browser" that records each argument on its own line (accepted
    /// links never contain a line break, so the lines are the arguments).
    final class Scratch {
        let root: URL
        let recorder: URL
        let argv: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-browser-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            recorder = root.appendingPathComponent("record")
            argv = root.appendingPathComponent("argv")
            let script = "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(argv.path)'\n"
            try ExecutableScript.write(script, to: recorder.path)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func marker(_ name: String) -> String { root.appendingPathComponent(name).path }

        /// The files in the scratch directory other than the recorder and its output.
        func strayFiles() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0 != "record" && $0 != "argv" }.sorted()
        }
    }

    /// Launches `link` the way the reader does (check, then build argv, then spawn) and returns
    /// the recorded arguments, or the refusal.
    private func launch(_ link: String, command: String, in scratch: Scratch) async throws -> Result<[String], BrowserCommand.LinkRefusal> {
        try? FileManager.default.removeItem(at: scratch.argv)
        let url: String
        do {
            url = try BrowserCommand.checkLink(link)
        } catch {
            return .failure(error)
        }
        let arguments = try BrowserCommand(parsing: command).arguments(for: url)
        let failure: ChildProcess.Failure? = await withCheckedContinuation { continuation in
            ChildProcess.runDetached(arguments, queue: .global()) { continuation.resume(returning: $0) }
        }
        #expect(failure == nil)
        let recorded = try String(contentsOf: scratch.argv, encoding: .utf8)
        return .success(recorded.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    @Test func shellSyntaxInALinkIsOneLiteralArgumentAndRunsNothing() async throws {
        let scratch = try Scratch()
        let links = [
            "https://example.org/$(touch \(scratch.marker("dollar")))",
            "https://example.org/`touch \(scratch.marker("backtick"))`",
            "https://example.org/a;touch \(scratch.marker("semicolon"))",
            "https://example.org/a|touch \(scratch.marker("pipe"))",
            "https://example.org/a&&touch \(scratch.marker("and"))&",
            "https://example.org/'quote\"double\"'$(touch \(scratch.marker("quoted")))",
            "https://example.org/a b\\ c > \(scratch.marker("redirect"))",
            "HTTPS://example.org/upper-case-scheme",
            "ftp://example.org/-not-an-option",
            "mailto:-someone@example.org",
        ]
        for link in links {
            // Both placements: `%u` inside the command, and the URL appended at the end.
            #expect(try await launch(link, command: "'\(scratch.recorder.path)' --new-tab %u", in: scratch) == .success(["--new-tab", link]))
            #expect(try await launch(link, command: "'\(scratch.recorder.path)'", in: scratch) == .success([link]))
        }
        #expect(try scratch.strayFiles() == [])
    }

    @Test(arguments: [
        // Option injection: a leading `-` (or anything that is not an absolute URL) is refused.
        ("-oProxyCommand=touch /tmp/x", BrowserCommand.LinkRefusal.unsupportedScheme),
        ("--remote=openURL(file:///etc/passwd)", .unsupportedScheme),
        ("-", .unsupportedScheme),
        (" -x https://example.org/", .unsupportedScheme),
        ("/relative/path", .unsupportedScheme),
        ("example.org/no-scheme", .unsupportedScheme),
        ("", .unsupportedScheme),
        // Schemes that run or read local things.
        ("javascript:alert(1)", .unsupportedScheme),
        ("file:///etc/passwd", .unsupportedScheme),
        ("data:text/html,<script>alert(1)</script>", .unsupportedScheme),
        // Control characters: a line break splits the argument in browser wrapper scripts.
        ("https://example.org/a\nhttps://evil.example/", .controlCharacter),
        ("https://example.org/a\r\n-x", .controlCharacter),
        ("https://example.org/\u{1B}]52;c;cHduZWQ=\u{07}", .controlCharacter),
        ("https://example.org/\u{9B}2J", .controlCharacter),
        ("https://example.org/\0nul", .controlCharacter),
    ])
    func refusedLinksStartNothing(link: String, refusal: BrowserCommand.LinkRefusal) async throws {
        let scratch = try Scratch()
        #expect(try await launch(link, command: "'\(scratch.recorder.path)' %u", in: scratch) == .failure(refusal))
        #expect(!FileManager.default.fileExists(atPath: scratch.argv.path), "the browser did not run")
        #expect(try scratch.strayFiles() == [])
    }

    @Test func refusalsReadAsOneLineMessages() {
        #expect("\(BrowserCommand.LinkRefusal.controlCharacter)" == "the link contains control characters")
        #expect("\(BrowserCommand.LinkRefusal.unsupportedScheme)" == "only http, https, ftp, gopher, gemini and mailto links are opened")
    }

    @Test func aPercentUInTheLinkIsNotExpandedAgain() throws {
        // The placeholder is replaced once, in the command's words: a `%u` in the URL stays.
        let link = "https://example.org/?q=%u%%u"
        let command = try BrowserCommand(parsing: "browser --url=%u --again=%u")
        #expect(command.arguments(for: try BrowserCommand.checkLink(link)) == ["browser", "--url=\(link)", "--again=\(link)"])
    }
}

/// The same rule in the real reader: `o` on an article whose link is refused shows why in the
/// status bar and starts nothing; an accepted hostile link reaches the browser as one argument.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct HostileBrowserEndToEndTests {
    @Test func refusedLinksAreExplainedAndAcceptedOnesArriveVerbatim() throws {
        let home = try ReaderEndToEndTests.Home()
        let accepted = "https://ok.example/a|b;c$(touch \(home.path("PWNED")))`id`'\"q\""
        let (session, stored) = try Self.readerOnFeed(in: home, links: [
            (title: "Script link", link: "javascript:alert(1)"), (title: "File link", link: "file:///etc/passwd"),
            (title: "Shell link", link: accepted),
        ])
        for (index, title) in ["Script link", "File link"].enumerated() {
            // Only when the parser kept the scheme is there something to refuse.
            guard let link = stored.first(where: { $0.hasPrefix(index == 0 ? "javascript:" : "file:") }) else { continue }
            #expect(throws: BrowserCommand.LinkRefusal.unsupportedScheme) { try BrowserCommand.checkLink(link) }
            try session.waitForScreen("\(title) selected") { $0.contains { $0.contains(title) } }
            try session.sendKeys("o")
            try session.waitFor("Not opened: only http, https, ftp, gopher, gemini and mailto links are opened")
            try session.sendKeys("j")
        }
        try session.sendKeys("End", "o")
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: home.path("browser-argv")) && Date() < deadline { usleep(50_000) }
        let argv = try String(contentsOfFile: home.path("browser-argv"), encoding: .utf8)
        #expect(argv == (stored.first { $0.hasPrefix("https://ok.example/") } ?? "missing") + "\n")
        #expect(argv.contains("$(touch"))
        #expect(!FileManager.default.fileExists(atPath: home.path("PWNED")))
        try session.sendKeys("Q")
    }

    /// A text-mode browser gets the terminal and gives it back at once; the key typed next
    /// (here Down, which a terminal sends differently until the reader switches its keypad back)
    /// still counts: `o`, Down, `o`, … opens each article once, in order.
    @Test func theKeyAfterATextModeBrowserCounts() throws {
        let home = try ReaderEndToEndTests.Home()
        let (session, stored) = try Self.readerOnFeed(in: home, links: [
            (title: "Article 1", link: "https://a.example/1?q=$(touch \(home.path("PWNED")))"),
            (title: "Article 2", link: "https://b.example/2;`id`"),
            (title: "Article 3", link: "https://c.example/3'\"|x"),
            (title: "Article 4", link: "https://d.example/4#\u{1B}]2;title\u{07}"),
        ])
        #expect(stored.count == 4)
        for index in stored.indices {
            if index > 0 { try session.sendKeys("Down") }
            try session.sendKeys("o")
            try ReaderEndToEndTests.waitForFile(home.path("browser-argv"), lines: index + 1)
        }
        try session.sendKeys("Q")
        try session.waitForScreen("the reader to quit") { _ in FileManager.default.fileExists(atPath: home.path("exit-status")) }
        let argv = try String(contentsOfFile: home.path("browser-argv"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(argv == stored)
        #expect(!FileManager.default.fileExists(atPath: home.path("PWNED")))
    }

    /// The real reader in tmux on one served feed of `links` (newest first, as listed), its item
    /// list open; the links as the cache stored them, in the list's order.
    static func readerOnFeed(in home: ReaderEndToEndTests.Home, links: [(title: String, link: String)]) throws -> (TmuxSession, [String]) {
        try home.write(ReaderEndToEndTests.rss(title: "Links", items: links.enumerated().map { index, item in
            (title: item.title, link: item.link, date: "Fri, 21 Nov 2025 \(19 - index):00:00 GMT", body: "x")
        }), to: "feeds/links.xml")
        try home.write("\(home.server.url("/links.xml"))\n", to: "config/tidings/urls")
        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("Reloaded 1 feed")
        try session.sendKeys("Enter")
        try session.waitFor(links.last?.title ?? "")
        let store = try FeedStore(path: home.path("data/tidings/cache.db"))
        let feed = try #require(try store.feedList().first)
        return (session, try store.items(inFeed: feed.id).map { $0.link ?? "" })
    }
}
