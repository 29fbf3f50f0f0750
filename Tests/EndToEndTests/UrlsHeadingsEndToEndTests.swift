import Foundation
import TestSupport
import Testing

/// A newsboat user's urls file with headings between the feeds (`"--- NEWS ---"`, `" "`,
/// `~~~~BLOGS~~~~`), in the real binary: the headings are rows in their place, never fetched and
/// never an error, and Enter on one says what it is.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct UrlsHeadingsEndToEndTests {
    @Test func headingsAreRowsThatAreNeverFetched() throws {
        let home = try ReaderEndToEndTests.Home()
        let date = "Fri, 21 Nov 2025 10:00:00 GMT"
        try home.write(ReaderEndToEndTests.rss(title: "Alpha News", items: [
            (title: "A one", link: "https://a.example/1", date: date, body: "<p>One.</p>"),
            (title: "A two", link: "https://a.example/2", date: date, body: "<p>Two.</p>"),
        ]), to: "feeds/a.xml")
        try home.write(ReaderEndToEndTests.rss(title: "Bravo Blog", items: [
            (title: "B one", link: "https://b.example/1", date: date, body: "<p>One.</p>"),
        ]), to: "feeds/b.xml")
        try home.write("""
            "--- NEWS ---"
            \(home.server.url("/a.xml")) news
            " "
            ~~~~BLOGS~~~~
            \(home.server.url("/b.xml"))
            """ + "\n", to: "config/tidings/urls")

        let session = try home.startReader()
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        let screen = try session.waitFor("Reloaded 2 feeds — 3 new articles") { lines in
            lines.contains { $0.hasSuffix("(2/2) Alpha News") } && lines.contains { $0.hasSuffix("(1/1) Bravo Blog") }
        }
        // Row by row, under the title bar: the headings in the urls file's places.
        let rows = Array(screen.dropFirst().prefix(5)).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows == ["(0/0) --- NEWS ---", "N (2/2) Alpha News", "(0/0)", "(0/0) ~~~~BLOGS~~~~", "N (1/1) Bravo Blog"], "\(screen)")
        #expect(!screen.joined().contains("unsupported") && !screen.contains { $0.hasPrefix("!") }, "\(screen)")

        // Enter on a heading says what it is; on a feed it opens the feed.
        try session.sendKeys("Enter")
        try session.waitFor("--- NEWS --- is a heading in the urls file, not a feed")
        try session.sendKeys("r")
        try session.waitFor("--- NEWS --- is a heading in the urls file, not a feed")
        try session.sendKeys("j", "Enter")
        try session.waitFor("A two")

        // The server was asked for the two feeds and nothing else.
        let paths = Set(try home.server.requests().compactMap { $0["path"] as? String }).subtracting(["/_requests"])
        #expect(paths == ["/a.xml", "/b.xml"])
        try session.sendKeys("Q")
    }
}
