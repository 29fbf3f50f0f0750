import Foundation
import TestSupport
import Testing

/// Inline previews and the quick filter in the real binary, in tmux, against a feed served on
/// 127.0.0.1.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct PreviewEndToEndTests {
    typealias Home = ReaderEndToEndTests.Home

    @Test func spaceExpandsAndCollapsesAPreviewAndFKeepsOnlyMatchingTitles() throws {
        let home = try Home()
        try home.write(ReaderEndToEndTests.rss(title: "Preview News", items: [
            (title: "Older story", link: "https://news.example/older", date: "Thu, 20 Nov 2025 10:00:00 GMT",
             body: "<p>Nothing to see.</p>"),
            (title: "Newest story", link: "https://news.example/newest", date: "Fri, 21 Nov 2025 10:00:00 GMT",
             body: "<p>The preview shows <b>this sentence</b> under its title.</p><p>第二段落です。</p>"),
        ]), to: "feeds/news.xml")
        try home.write("\(home.server.url("/news.xml"))\n", to: "config/tidings/urls")
        try home.write("refresh-on-startup yes\n", to: "config/tidings/config")

        let session = try home.startReader()
        try session.waitFor("(2/2) Preview News")
        try session.sendKeys("Enter")
        // The rows below the text waited for can still be on their way to the terminal: waits
        // name every row they check (see `waitFor(_:where:)`).
        var screen = try session.waitFor("Newest story") { $0.count > 2 && $0[2].hasPrefix("N 2025-11-20  Older story") }
        #expect(screen[1].hasPrefix("N 2025-11-21  Newest story"))
        #expect(screen[2].hasPrefix("N 2025-11-20  Older story"))

        // Space: the text opens under the title, the next item moves down. ncurses moves the
        // rows down first (the "loading…" row with them), then writes the text over them: a
        // screen taken in between has the first paragraph above the old "loading…".
        try session.sendKeys("Space")
        screen = try session.waitFor("The preview shows this sentence under its title.") { $0.count > 5 && $0[4] == "  第二段落です。" }
        #expect(screen[2] == "  The preview shows this sentence under its title.")
        #expect(screen[3] == "")
        #expect(screen[4] == "  第二段落です。")
        #expect(screen[5].hasPrefix("N 2025-11-20  Older story"))
        // Previewing is not reading: the item stays unread.
        #expect(screen[1].hasPrefix("N 2025-11-21  Newest story"))

        // Space again: collapsed.
        try session.sendKeys("Space")
        screen = try session.waitForScreen("the preview to close") { $0.count > 2 && $0[2].hasPrefix("N 2025-11-20  Older story") }
        #expect(!screen.contains { $0.contains("this sentence") })

        // F narrows the list as the filter is typed; Enter keeps it; Esc clears it.
        try session.sendKeys("F")
        try session.type("OLD")
        screen = try session.waitFor("Filter: OLD")
        screen = try session.waitForScreen("only the older story") { $0.count > 2 && $0[1].hasPrefix("N 2025-11-20  Older story") && $0[2].isEmpty }
        // The title shows the filter while it is typed too: wait for the prompt to close.
        try session.sendKeys("Enter")
        screen = try session.waitForScreen("the filter kept and its prompt closed") { lines in
            lines.contains { $0.contains("filter: OLD (1 of 2)") } && !lines.contains { $0.contains("Filter: OLD") }
        }
        try session.sendKeys("Escape")
        screen = try session.waitFor("2 unread, 2 total") { $0[1].hasPrefix("N 2025-11-21  Newest story") && $0[2].hasPrefix("N 2025-11-20  Older story") }

        try session.sendKeys("Q")
        let status = try waitForFile(home.path("exit-status"))
        #expect(status == ["exit=0"])
    }

    private func waitForFile(_ path: String, seconds: Double = 15) throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty {
                return text.split(separator: "\n").map(String.init)
            }
            usleep(50_000)
        }
        throw TmuxSession.Timeout(what: "a line in \(path)", screen: [])
    }
}
