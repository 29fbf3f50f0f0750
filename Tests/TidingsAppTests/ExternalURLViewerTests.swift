@testable import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// newsboat's `external-url-viewer`: `u` hands the terminal to the viewer, the article's links on
/// its standard input, instead of the URL view.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ExternalURLViewerTests {
    @Test func showURLsHandsTheLinksToTheViewerOnItsStandardInput() async throws {
        let home = try HeadlessHome()
        let body = #"&lt;p&gt;See &lt;a href="https://x.example/a?q=1&amp;amp;r=2"&gt;a&lt;/a&gt; and &lt;a href="https://x.example/b"&gt;b&lt;/a&gt;.&lt;/p&gt;"#
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Links</title><link>https://x.example/</link>
            <item><title>Two links</title><link>https://x.example/post</link><pubDate>20 Nov 2025 10:00:00 GMT</pubDate>
            <description>\(body)</description></item></channel></rss>
            """, to: "feeds/links.xml")
        try home.subscribe([home.url("links")])
        let received = home.path("viewer-input")
        try ExecutableScript.write("#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(received).args'\ncat > '\(received).tmp'\nmv '\(received).tmp' '\(received)'\n",
                                   to: home.path("viewer"))
        let config = Config(parsing: "external-url-viewer \"\(home.path("viewer")) --from-tidings\"")
        #expect(config.warnings.isEmpty)
        let reader = try home.startReader { $0.take(config, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Links"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Two links"))
        // From the list, as from the article.
        reader.press(.character("u"))
        #expect(await reader.waitUntil { FileManager.default.fileExists(atPath: received) })
        #expect(try String(contentsOfFile: received, encoding: .utf8) == "https://x.example/a?q=1&r=2\nhttps://x.example/b\n")
        #expect(try String(contentsOfFile: received + ".args", encoding: .utf8) == "--from-tidings\n")
        #expect(reader.terminal.suspensions == 1)
        #expect(!reader.text.contains("URLs —"), "the URL view is not opened")
        try FileManager.default.removeItem(atPath: received)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Two links"))
        reader.press(.character("u"))
        #expect(await reader.waitUntil { FileManager.default.fileExists(atPath: received) })
        #expect(try String(contentsOfFile: received, encoding: .utf8) == "https://x.example/a?q=1&r=2\nhttps://x.example/b\n")
        #expect(await reader.settle())
    }

    @Test func aViewerThatCannotBeSplitIsAWarningAndTheURLViewStays() {
        let config = Config(parsing: "external-url-viewer \"urlscan 'oops\"")
        #expect(config.warnings.map(\.message) == ["external-url-viewer: unterminated ' quote in the command; the URL view is used"])
        #expect(config.externalURLViewer == nil)
    }
}
