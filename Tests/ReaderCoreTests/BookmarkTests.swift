@testable import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// newsboat's bookmarking: `bookmark` hands the link, title, description and feed title to
/// `bookmark-cmd` as four literal arguments, asking for them first unless `bookmark-autopilot`.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct BookmarkTests {
    /// A home with one article whose title and link are written to run commands in a shell.
    private func hostileHome() throws -> (HeadlessHome, title: String, link: String) {
        let home = try HeadlessHome()
        let title = "Gift $(touch \(home.path("pwned"))); echo `id` > \(home.path("pwned2")) | cat"
        let link = "https://x.example/post?q=$(touch${IFS}\(home.path("pwned")))&r='1'"
        let escapedLink = link.replacingOccurrences(of: "&", with: "&amp;")
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Hostile &amp; Co</title><link>https://x.example/</link>
            <item><title>\(title)</title><link>\(escapedLink)</link><pubDate>20 Nov 2025 10:00:00 GMT</pubDate>
            <description>&lt;p&gt;Text.&lt;/p&gt;</description></item></channel></rss>
            """, to: "feeds/hostile.xml")
        try home.subscribe([home.url("hostile")])
        // Each argument on a line of its own, in brackets: an empty one shows as `[]`.
        try ExecutableScript.write("#!/bin/sh\nprintf '[%s]\\n' \"$@\" > '\(home.path("args")).tmp'\nmv '\(home.path("args")).tmp' '\(home.path("args"))'\n",
                                   to: home.path("bookmark"))
        return (home, title, link)
    }

    private func startReader(_ home: HeadlessHome, _ lines: String) throws -> HeadlessReader {
        let config = Config(parsing: "bookmark-cmd \"\(home.path("bookmark")) --from tidings\"\nbind-key b bookmark\n" + lines)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        return try home.startReader(columns: 300) { $0.take(config, environment: ["HOME": home.root.path]) }
    }

    private func arguments(_ home: HeadlessHome) throws -> String {
        try String(contentsOfFile: home.path("args"), encoding: .utf8)
    }

    @Test func onAutopilotTheCommandGetsTheFourValuesAsLiteralArgumentsWithoutAShell() async throws {
        let (home, title, link) = try hostileHome()
        let reader = try startReader(home, "bookmark-autopilot yes")
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Hostile & Co"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Gift"))
        // From the item list: the selected article, without opening it.
        reader.press(.character("b"))
        #expect(await reader.waitUntil { FileManager.default.fileExists(atPath: home.path("args")) })
        #expect(try arguments(home) == "[--from]\n[tidings]\n[\(link)]\n[\(title)]\n[]\n[Hostile & Co]\n")
        #expect(await reader.waitFor("Saved bookmark."))
        #expect(!FileManager.default.fileExists(atPath: home.path("pwned")))
        #expect(!FileManager.default.fileExists(atPath: home.path("pwned2")))
        #expect(reader.terminal.suspensions == 0, "a bookmark command that is not interactive never gets the terminal")
        #expect(await reader.settle())
    }

    @Test func withoutAutopilotItAsksForTheURLTitleDescriptionAndFeedTitle() async throws {
        let (home, title, link) = try hostileHome()
        let reader = try startReader(home, "bookmark-interactive yes")
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Hostile & Co"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Gift"))
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Gift"))
        reader.press(.character("b"))
        #expect(await reader.waitFor("URL: https://x.example/post"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Gift $(touch"))
        reader.press(.enter)
        #expect(await reader.waitFor("Description:"))
        reader.type("worth a read")
        reader.press(.enter)
        #expect(await reader.waitFor("Feed title: Hostile & Co"))
        reader.press(.backspace, .backspace, .backspace, .backspace)
        reader.type("Friends")
        reader.press(.enter)
        #expect(await reader.waitUntil { FileManager.default.fileExists(atPath: home.path("args")) })
        #expect(try arguments(home) == "[--from]\n[tidings]\n[\(link)]\n[\(title)]\n[worth a read]\n[Hostile Friends]\n")
        #expect(await reader.waitFor("Saved bookmark."))
        #expect(reader.terminal.suspensions == 1, "bookmark-interactive hands the command the terminal")
        #expect(!FileManager.default.fileExists(atPath: home.path("pwned")))
        #expect(await reader.settle())
    }

    @Test func whatACommandPrintsIsShownAsItsErrorAndEscBookmarksNothing() async throws {
        let (home, _, _) = try hostileHome()
        try ExecutableScript.write("#!/bin/sh\necho 'pinboard said: wrong token'\n", to: home.path("bookmark"))
        let reader = try startReader(home, "bookmark-autopilot yes")
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Hostile & Co"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Gift"))
        reader.press(.character("b"))
        #expect(await reader.waitFor("Error while saving bookmark: pinboard said: wrong token"), "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func withoutABookmarkCommandItSaysHowToSetOneUp() async throws {
        let (home, _, _) = try hostileHome()
        let config = Config(parsing: "bind-key b bookmark")
        let reader = try home.startReader { $0.take(config, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Hostile & Co"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Gift"))
        reader.press(.character("b"))
        #expect(await reader.waitFor("Bookmarking is not set up: set bookmark-cmd"))
        #expect(await reader.settle())
    }

    @Test func aTitleIsMadeFromTheURLWhenThereIsNone() {
        #expect(Bookmark.title(fromURL: "https://x.example/2025/my-first_post.html") == "my first post")
        #expect(Bookmark(url: "u\n", title: "t\u{1B}[31m", feedTitle: "f").arguments(command: ["c"]) == ["c", "u", "t[31m", "", "f"])
    }

    @Test func aCommandThatCannotBeSplitIsAWarning() {
        let config = Config(parsing: "bookmark-cmd \"buku 'oops\"")
        #expect(config.warnings.map(\.message) == ["bookmark-cmd: unterminated ' quote in the command; bookmarking is off"])
        #expect(config.bookmarkOptions.command == nil)
    }
}
