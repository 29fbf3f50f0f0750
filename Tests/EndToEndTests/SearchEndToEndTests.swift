import Foundation
import TestSupport
import Testing

/// Search in the real `tidings` binary in tmux: finding an old article by a word only it holds.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct SearchEndToEndTests {
    private static func rfc822(daysAgo days: Int, hours: Int = 0) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let base = Date(timeIntervalSince1970: 1_763_715_600)  // 2025-11-21 09:00 UTC
        return formatter.string(from: base.addingTimeInterval(-Double(days) * 86_400 - Double(hours) * 3600))
    }

    @Test func findAnOldArticleByAWordOnlyItHoldsAndOpenIt() throws {
        let home = try ReaderEndToEndTests.Home()
        // 300 newer items above one old article that alone holds the word "zanzibarite".
        var items = (0..<300).map { number in
            (title: "Filler story \(number)", link: "https://archive.example/\(number)", date: Self.rfc822(daysAgo: 0, hours: number),
             body: "<p>Ordinary harbour news number \(number).</p>")
        }
        items.append((title: "The forgotten chronicle", link: "https://archive.example/old", date: Self.rfc822(daysAgo: 2_000),
                      body: "<p>Deep in the stacks lies the zanzibarite manuscript.</p>"))
        try home.write(ReaderEndToEndTests.rss(title: "Old Archive", items: items), to: "feeds/archive.xml")
        try home.write(ReaderEndToEndTests.rss(title: "Other News", items: [
            (title: "Unrelated", link: "https://other.example/1", date: Self.rfc822(daysAgo: 1), body: "<p>Harbour lights.</p>"),
        ]), to: "feeds/other.xml")
        try home.write("\(home.server.url("/archive.xml"))\n\(home.server.url("/other.xml"))\n", to: "config/tidings/urls")
        try home.write("refresh-on-startup yes\n", to: "config/tidings/config")

        let session = try home.startReader()
        try session.waitFor("(301/301) Old Archive")
        try session.waitFor("Reloaded 2 feeds — 302 new articles")

        // `/` opens the prompt in the status row; what is typed shows there.
        try session.sendKeys("/")
        try session.waitForScreen("the search prompt") { $0.last(where: { !$0.isEmpty }) == "Search:" }
        try session.type("zanzibarite")
        try session.waitForScreen("the typed query") { $0.last(where: { !$0.isEmpty }) == "Search: zanzibarite" }

        // Enter: one result, with its feed's name.
        try session.sendKeys("Enter")
        var screen = try session.waitFor("The forgotten chronicle")
        #expect(screen[0].hasPrefix(" Search: zanzibarite"))
        #expect(screen[0].hasSuffix("1 article"))
        #expect(screen[1].hasPrefix("N 2020-05-31  The forgotten chronicle"))
        #expect(screen[1].hasSuffix("Old Archive"))
        #expect(!screen.contains { $0.contains("Filler story") })

        // Enter opens the article; its text shows.
        try session.sendKeys("Enter")
        screen = try session.waitFor("Title: The forgotten chronicle")
        #expect(screen.contains("Feed: Old Archive"))
        #expect(screen.contains("Deep in the stacks lies the zanzibarite manuscript."))

        // Back: the results again, the article now read.
        try session.sendKeys("q")
        screen = try session.waitForScreen("the results, read") { $0.count > 1 && $0[1].hasPrefix("  2020-05-31  The forgotten chronicle") }
        #expect(screen[0].hasPrefix(" Search: zanzibarite"))

        // `/` on the results asks again with the query typed; a query matching nothing says so.
        try session.sendKeys("/")
        try session.waitForScreen("the prefilled prompt") { $0.last(where: { !$0.isEmpty }) == "Search: zanzibarite" }
        try session.sendKeys("C-u")
        try session.type("quokkaphant")
        try session.sendKeys("Enter")
        try session.waitFor("No articles match “quokkaphant”. Press / to change the search.")
        // A query that cannot mean anything is refused with the reason; the screen stays.
        try session.sendKeys("/", "C-u")
        try session.type(" -rust")  // a leading "-" would be read by tmux as an option
        try session.sendKeys("Enter")
        try session.waitFor("-word only excludes: add a word or a filter to search for")
        try session.waitFor("No articles match “quokkaphant”.")

        // A word in 301 articles: a page of 100 at first; one G reads the pages in the background
        // and lands on the last match.
        try session.sendKeys("/", "C-u")
        try session.type("harbour")
        try session.sendKeys("Enter")
        try session.waitFor("100+ articles")
        try session.sendKeys("G")
        try session.waitFor("301 articles")
        screen = try session.waitForScreen("the last match") { $0.count > 28 && $0[28].contains("Filler story 299") }
        #expect(screen[27].contains("Filler story 298"))
        #expect(!screen.contains { $0.contains("loading more…") })

        // Back from the results returns to the feed list (each search replaced the one before).
        try session.sendKeys("q")
        try session.waitFor("(300/301) Old Archive")
        try session.sendKeys("Q")
        try session.waitForScreen("the exit status") { _ in
            (try? String(contentsOfFile: home.path("exit-status"), encoding: .utf8)) == "exit=0\n"
        }
    }
}
