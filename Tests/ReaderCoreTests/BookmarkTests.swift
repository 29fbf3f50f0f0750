@testable import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's bookmarking: `bookmark` hands the link, title, description and feed title to
/// `bookmark-cmd` as four literal arguments, asking for them first unless `bookmark-autopilot`.
/// How the command's run goes (what it prints is an error) is ProcessRunnerTests'.
@MainActor
@Suite struct BookmarkTests {
    static let command = "/opt/bookmark"

    /// A home with one article whose title and link are written to run commands in a shell.
    static func hostileHome() throws -> (ReaderHome, title: String, link: String) {
        let home = try ReaderHome()
        let title = "Gift $(touch \(home.path("pwned"))); echo `id` > \(home.path("pwned2")) | cat"
        let link = "https://x.example/post?q=$(touch${IFS}\(home.path("pwned")))&r='1'"
        let escapedLink = link.replacingOccurrences(of: "&", with: "&amp;")
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Hostile &amp; Co</title><link>https://x.example/</link>
            <item><title>\(title)</title><link>\(escapedLink)</link><pubDate>20 Nov 2025 10:00:00 GMT</pubDate>
            <description>&lt;p&gt;Text.&lt;/p&gt;</description></item></channel></rss>
            """, to: "feeds/hostile.xml")
        try home.subscribe([home.url("hostile")])
        return (home, title, link)
    }

    /// The reader on the feed's article list, `b` bound to `bookmark`.
    private func readerOnList(_ home: ReaderHome, _ lines: String, bookmarking: Bool = true) throws -> ReaderDriver {
        let command = bookmarking ? "bookmark-cmd \"\(Self.command) --from tidings\"\n" : ""
        let reader = try home.driver(config: command + "bind-key b bookmark\n" + lines, columns: 300)
        #expect(reader.state.settings.config.warnings.isEmpty, "\(reader.state.settings.config.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Hostile & Co"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Gift"))
        return reader
    }

    @Test func onAutopilotTheCommandGetsTheFourValuesAsLiteralArgumentsWithoutAShell() throws {
        let (home, title, link) = try Self.hostileHome()
        let reader = try readerOnList(home, "bookmark-autopilot yes")
        // From the item list: the selected article, without opening it.
        reader.press(.character("b"))
        guard case .bookmark(let arguments, let interactive, _)? = reader.processEffects.last else {
            Issue.record("no bookmark: \(reader.processEffects)")
            return
        }
        #expect(arguments == [Self.command, "--from", "tidings", link, title, "", "Hostile & Co"])
        #expect(!interactive, "a bookmark command that is not interactive never gets the terminal")
        #expect(reader.text.contains("Saving bookmark…"))
    }

    @Test func withoutAutopilotItAsksForTheURLTitleDescriptionAndFeedTitle() throws {
        let (home, title, link) = try Self.hostileHome()
        let reader = try readerOnList(home, "bookmark-interactive yes")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Gift"))
        reader.press(.character("b"))
        #expect(reader.text.contains("URL: https://x.example/post"), "\(reader.text)")
        reader.press(.enter)
        #expect(reader.text.contains("Title: Gift $(touch"))
        reader.press(.enter)
        #expect(reader.text.contains("Description:"))
        reader.type("worth a read")
        reader.press(.enter)
        #expect(reader.text.contains("Feed title: Hostile & Co"))
        reader.press(.backspace, .backspace, .backspace, .backspace)
        reader.type("Friends")
        reader.press(.enter)
        guard case .bookmark(let arguments, let interactive, _)? = reader.processEffects.last else {
            Issue.record("no bookmark: \(reader.processEffects)")
            return
        }
        #expect(arguments == [Self.command, "--from", "tidings", link, title, "worth a read", "Hostile Friends"])
        #expect(interactive, "bookmark-interactive hands the command the terminal")
    }

    @Test func withoutABookmarkCommandItSaysHowToSetOneUp() throws {
        let (home, _, _) = try Self.hostileHome()
        let reader = try readerOnList(home, "", bookmarking: false)
        reader.press(.character("b"))
        #expect(reader.text.contains("Bookmarking is not set up: set bookmark-cmd"))
        #expect(reader.processEffects.isEmpty)
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
