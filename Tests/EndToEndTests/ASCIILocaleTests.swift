import Foundation
import TestSupport
import Testing

/// Under a locale that is not UTF-8 (`LANG=C`) the lines and marks the reader draws are ASCII
/// stand-ins of the same width, while a feed's text is sent as written (issue 34 §17).
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux (make test)"))
struct ASCIILocaleTests {
    @Test func linesAndMarksAreASCIIUnderLangC() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let feed = sandbox.root.appendingPathComponent("feed.xml")
        try sandbox.write("""
            <rss version="2.0"><channel><title>Ferry — News</title>
            <item><title>Café timetable</title><guid>1</guid>
            <description>&lt;p&gt;Before&lt;/p&gt;&lt;hr&gt;&lt;p&gt;After&lt;/p&gt;</description></item>
            </channel></rss>
            """, to: feed.path)
        try sandbox.write("file://\(feed.path)\n", to: sandbox.urls)
        try sandbox.write("refresh-on-startup yes\n", to: sandbox.config)
        let command = [TidingsBinary.path!, "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
            .map(TmuxSession.quoted).joined(separator: " ") + "; sleep 30"
        var environment = sandbox.environment(merging: ["LANG": "C"])
        for variable in ["LC_ALL", "LC_CTYPE"] { environment[variable] = "C" }
        let session = try TmuxSession(command: command, environment: environment, width: 80, height: 12)
        try session.waitFor("Ferry - News", seconds: 20)
        try session.sendKeys("Enter")
        try session.waitFor("Café timetable")
        try session.sendKeys("Enter")
        let screen = try session.waitFor("After")
        #expect(screen.contains { $0.contains("--------------------") }, "the rule is drawn in ASCII")
        #expect(!screen.contains { $0.contains("─") || $0.contains("—") })
        #expect(screen.contains { $0.contains("Café timetable") }, "a feed's text is left as written")
    }
}
