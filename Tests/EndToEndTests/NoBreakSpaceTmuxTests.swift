import Foundation
import TestSupport
import Testing

/// Issue 45 §4: a French article read in the real binary, in tmux, at several widths. Its no-break
/// spaces (U+00A0 as `&nbsp;` and as a character, the narrow U+202F as `&#8239;`) reach the screen
/// and never become a line break: `«` stays with `Bonjour`, `12` with `000` and `€`.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux"))
struct NoBreakSpaceTmuxTests {
    static let body = """
        <p>Le ministre a dit «&nbsp;Bonjour&nbsp;» aux élus, puis «\u{A0}À\u{202F}demain\u{A0}» ; \
        le projet coûte 12&#8239;000&nbsp;€ par an, soit 3\u{202F}500\u{A0}km de route et 40&nbsp;% \
        du budget&#8239;: «&#8239;Enfin&#8239;!&#8239;» a répondu la maire.</p>
        """
    static let groups = ["«\u{A0}Bonjour\u{A0}»", "«\u{A0}À\u{202F}demain\u{A0}»", "12\u{202F}000\u{A0}€", "3\u{202F}500\u{A0}km",
                         "40\u{A0}%", "budget\u{202F}:", "«\u{202F}Enfin\u{202F}!\u{202F}»"]

    @Test func noBreakSpacesHoldAtEveryWidth() throws {
        let home = try ReaderEndToEndTests.Home()
        try home.write(ReaderEndToEndTests.rss(title: "Le Quotidien", items: [
            (title: "Le budget", link: "https://fr.example/1", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: Self.body),
        ]), to: "feeds/fr.xml")
        try home.write("\(home.server.url("/fr.xml"))\n", to: "config/tidings/urls")
        let session = try home.startReader(width: 80, height: 24)
        try session.waitFor("Tidings — Feeds")
        try session.sendKeys("R")
        try session.waitFor("Reloaded 1 feed")
        try session.sendKeys("Enter")
        try session.waitFor("Le budget")
        try session.sendKeys("Enter")
        try session.waitFor("la maire.")
        for width in [80, 70, 61, 52, 45, 38, 31, 24] {
            try session.resize(width: width, height: 24)
            // Laid out for the new width: the hint bar ends one column before the edge.
            let screen = try session.waitForScreen("the article at \(width) columns") { lines in
                lines.contains { $0.hasSuffix("?:Help") && $0.count == width - 1 } && lines.contains { $0.contains("maire.") }
            }
            for group in Self.groups {
                #expect(screen.contains { $0.contains(group) }, "at \(width) columns \(group.debugDescription) is cut:\n\(screen.joined(separator: "\n"))")
            }
        }
        try session.sendKeys("Q")
    }
}
