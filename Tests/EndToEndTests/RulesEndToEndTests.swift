import Foundation
import TestSupport
import Testing

/// Rules, the same story once and undo in the real `tidings` binary in tmux (issue 42): two feeds
/// carry one story (links differing only by `utm_` parameters), a rule reads the sponsored
/// article and another tags Alpha's; a query feed over every feed shows the story once with +1,
/// reading it reads both copies, `A` then `U` gives Alpha's count back.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct RulesEndToEndTests {
    @Test func rulesFoldingAndUndoInTheReader() throws {
        let home = try ReaderEndToEndTests.Home()
        let date = "Fri, 21 Nov 2025 10:00:00 GMT"
        try home.write(ReaderEndToEndTests.rss(title: "Alpha", items: [
            (title: "Quay reopens after storm", link: "https://harbour.example/quay?utm_source=alpha", date: date, body: "<p>A.</p>"),
            (title: "Sponsored: buy a yacht", link: "https://alpha.example/ad", date: date, body: "<p>Ad.</p>"),
        ]), to: "feeds/alpha.xml")
        try home.write(ReaderEndToEndTests.rss(title: "Beta", items: [
            (title: "Harbour: the quay is open again", link: "https://www.harbour.example/quay/?utm_medium=rss", date: date, body: "<p>B.</p>"),
        ]), to: "feeds/beta.xml")
        try home.write(ReaderEndToEndTests.rss(title: "Gamma", items: [
            (title: "Kernel release", link: "https://gamma.example/kernel", date: date, body: "<p>G.</p>"),
        ]), to: "feeds/gamma.xml")
        try home.write("""
            \(home.server.url("/alpha.xml"))
            \(home.server.url("/beta.xml"))
            \(home.server.url("/gamma.xml"))
            "query:Everything:title =~ \\".\\""

            """, to: "config/tidings/urls")
        try home.write("""
            refresh-on-startup yes
            rule "title =~ \\"Sponsored\\"" mark-read
            rule "feedtitle = \\"Alpha\\"" tag alpha-news

            """, to: "config/tidings/config")
        let session = try home.startReader()
        try session.waitFor("Reloaded 3 feeds")
        try session.waitFor("(1/2) Alpha")
        // Four articles, one story in two feeds: three rows, the sponsored one read.
        try session.waitFor("(2/3) Everything")

        try session.sendKeys("Home", "Enter")
        var screen = try session.waitFor(" +1")
        #expect(screen.filter { $0.contains("quay") || $0.contains("Quay") }.count == 1, "\(screen)")
        // `:N` selects the story's row (the title bar is row 0), Enter opens it.
        let story = try #require(screen.firstIndex { $0.contains(" +1") })
        try session.sendKeys(":")
        try session.type("\(story)")
        try session.sendKeys("Enter", "Enter")
        screen = try session.waitFor("Also in: ")
        #expect(screen.contains("Feed: Alpha") ? screen.contains("Also in: Beta") : screen.contains("Also in: Alpha"), "\(screen)")
        try session.sendKeys("q", "q")
        try session.waitFor("(0/1) Beta")
        try session.waitFor("(0/2) Alpha")
        try session.waitFor("(1/3) Everything")

        // A on Gamma, then U: the count comes back.
        try session.sendKeys("End", "A")
        try session.waitFor("(0/1) Gamma")
        try session.sendKeys("U")
        try session.waitFor("(1/1) Gamma")
        try session.sendKeys("Q")
    }
}
