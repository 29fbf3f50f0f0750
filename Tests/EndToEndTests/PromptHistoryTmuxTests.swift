import Foundation
import TestSupport
import Testing

/// `history-limit` in the real binary, in tmux: a search typed in one session comes back with Up
/// in the next, from `history.search` beside the cache; a history file that is not text is an
/// empty history and a line in the log.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct PromptHistoryTmuxTests {
    @Test func aSearchComesBackWithUpInTheNextSession() throws {
        let home = try ReaderEndToEndTests.Home()
        try home.write(ReaderEndToEndTests.rss(title: "Harbour News", items: []), to: "feeds/news.xml")
        try home.write("\(home.server.url("/news.xml"))\n", to: "config/tidings/urls")
        try FileManager.default.createDirectory(atPath: home.path("data/tidings"), withIntermediateDirectories: true)
        try Data([0xFF, 0x00, 0xFE]).write(to: URL(fileURLWithPath: home.path("data/tidings/history.cmdline")))

        let first = try home.startReader()
        try first.waitFor("Tidings — Feeds")
        try first.sendKeys(":", "Up")
        try first.waitFor(":", where: { $0.last { !$0.isEmpty } == ":" })
        // Esc alone: followed at once by another key it would read as Alt and that key.
        try first.sendKeys("Escape")
        try first.waitFor("?:Help")
        try first.sendKeys("/")
        try first.type("ferry")
        try first.sendKeys("Enter")
        try first.waitFor("nothing found")
        try first.sendKeys("Q")
        try ReaderEndToEndTests.waitForFile(home.path("exit-status"), lines: 1)
        #expect(try String(contentsOfFile: home.path("data/tidings/history.search"), encoding: .utf8) == "ferry\n")
        let log = try String(contentsOfFile: home.path("data/tidings/tidings.log"), encoding: .utf8)
        #expect(log.contains("history.cmdline: not text (UTF-8 lines): ignored"), "\(log)")

        let second = try home.startReader()
        try second.waitFor("Tidings — Feeds")
        try second.sendKeys("/", "Up")
        try second.waitFor("Search: ferry")
        try second.sendKeys("Escape")
        try second.waitFor("?:Help")
        try second.sendKeys("Q")
    }
}
