@testable import Configuration
import Foundation
import TestSupport
import Testing

/// The real binary in tmux with a newsboat config of the kind people publish — a killfile,
/// highlights, defined filters, a format with conditionals, a macro, a shell-style browser — and
/// a query feed: every line applied or warned about, the sponsored article gone from the lists,
/// the counts and search, the query feed counted, a defined filter selected, highlights coloured.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct FiltersEndToEndTests {
    typealias Home = ReaderEndToEndTests.Home

    static let config = #"""
        # ~/.newsboat/config, as published
        reload-threads 4
        auto-reload yes
        reload-time 120
        browser "firefox %u >/dev/null 2>&1 &"
        show-read-feeds yes
        articlelist-format "%4i %f %D %?T?|%-8T| &?%t"
        datetime-format "%b %d"
        bind-key j down
        bind-key k up
        color listfocus black yellow bold
        color info default black
        highlight all "rust" color208 default bold
        highlight-article "title =~ \"released\" and unread = \"yes\"" color45 default
        ignore-article "*" "title =~ \"^Sponsored\""
        ignore-mode "display"
        define-filter "Unread" "unread = \"yes\""
        define-filter "Rust" "title =~ \"rust\""
        macro v set browser "mpv %u" ; open-in-browser ; set browser "firefox %u"
        """#

    @Test func aPublishedConfigIsAppliedOrWarnedAboutLineByLine() throws {
        let home = try Home()
        try home.write(ReaderEndToEndTests.rss(title: "Alpha", items: [
            (title: "Rust 2.0 released", link: "https://alpha.example/1", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: "<p>Ann writes.</p>"),
            (title: "Sponsored: buy a yacht", link: "https://alpha.example/2", date: "Thu, 20 Nov 2025 10:00:00 GMT", body: "<p>yacht offer</p>"),
            (title: "Harbour news", link: "https://alpha.example/3", date: "Wed, 19 Nov 2025 10:00:00 GMT", body: "<p>Boats.</p>"),
        ]), to: "feeds/alpha.xml")
        try home.write(ReaderEndToEndTests.rss(title: "Beta", items: [
            (title: "Rust in 東京", link: "https://beta.example/1", date: "Fri, 21 Nov 2025 09:00:00 GMT", body: "<p>B.</p>"),
        ]), to: "feeds/beta.xml")
        try home.write("""
            \(home.server.url("/alpha.xml")) news "~Alpha"
            \(home.server.url("/beta.xml")) tech "~Beta"
            "query:Rust everywhere:title =~ \\"rust\\"" meta
            """, to: "config/tidings/urls")
        try home.write(Self.config, to: "config/tidings/config")
        let session = try TmuxSession(
            command: "'\(TidingsBinary.path!)'; sleep 30",
            environment: home.environment.merging(["TERM": "tmux-256color", "NO_COLOR": ""]) { $1 }, width: 80, height: 20)

        // auto-reload yes: a reload at start, as newsboat does. Nothing is warned about: the
        // browser line only detaches the browser, which Tidings does itself, and the macro is
        // defined.
        var screen = try session.waitFor("Reloaded 2 feeds")
        let log = try String(contentsOfFile: home.path("data/tidings/tidings.log"), encoding: .utf8)
        let warned = log.split(separator: "\n").filter { $0.contains("config line") }
        #expect(warned.isEmpty, "\(warned)")

        // The sponsored article is in no count; the query feed heads the list with its counts.
        screen = try session.waitFor("(2/2) Rust everywhere") { $0.contains { $0.contains("(2/2) Alpha") } }
        #expect(screen.contains { $0.contains("(1/1) Beta") })

        // Highlights reach the terminal: "Rust" in the feed list (highlight all) in colour 208.
        try session.sendKeys("j", "Enter")
        screen = try session.waitFor("Rust 2.0 released")
        #expect(!screen.contains { $0.contains("yacht") })
        // Off Ann's row, so that the selection's colours do not cover hers.
        try session.sendKeys("j")
        // highlight-article colours the whole unread row in 45, and "Rust" in it in 208 over that.
        try session.waitForScreen("Ann's row in colours 45 and 208", attributes: true) { screen in
            guard let rowOfAnn = screen.first(where: { $0.contains("2.0 released") }) else { return false }
            let colours = ConfigEndToEndTests.parameters(in: rowOfAnn)
            return (colours.contains([38, 5, 45]) || rowOfAnn.contains("38;5;45"))
                && (colours.contains([38, 5, 208]) || rowOfAnn.contains("38;5;208"))
        }
        // The format's conditional is empty in a feed's own list (newsboat's %T)...
        #expect(screen.contains { $0.hasPrefix("   1 N   Nov 21 Rust 2.0 released") })
        try session.sendKeys("q")

        // The query feed lists both feeds' Rust articles, nothing sponsored.
        try session.sendKeys("Home")
        try session.sendKeys("Enter")
        screen = try session.waitFor("Rust in 東京")
        // ...and shows each article's feed between bars in the query feed.
        #expect(screen.contains { $0.contains("|Alpha   | Rust 2.0 released") })
        #expect(screen.contains { $0.contains("|Beta    | Rust in 東京") })
        try session.sendKeys("q")

        // A defined filter, chosen by its number, on Alpha's list.
        try session.sendKeys("j", "Enter")
        try session.waitFor("Harbour news")
        try session.sendKeys("C-k")
        try session.waitFor("Filter (1 Unread, 2 Rust):")
        try session.type("2")
        try session.sendKeys("Enter")
        screen = try session.waitFor("filter: Rust (1 of 2)")
        #expect(!screen.contains { $0.contains("Harbour news") })
        try session.sendKeys("C-g")
        try session.waitFor("Harbour news")

        // Search does not find the ignored article.
        try session.sendKeys("/")
        try session.type("yacht")
        try session.sendKeys("Enter")
        try session.waitFor("No articles match “yacht”")
    }
}
