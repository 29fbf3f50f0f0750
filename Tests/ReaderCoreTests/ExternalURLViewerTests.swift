@testable import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's `external-url-viewer`: `u` hands the terminal to the viewer, the article's links on
/// its standard input, instead of the URL view. Checked as the run the reader asks for; running
/// it is the process runner's.
@MainActor
@Suite struct ExternalURLViewerTests {
    @Test func showURLsHandsTheLinksToTheViewerOnItsStandardInput() throws {
        let home = try ReaderHome()
        let body = #"&lt;p&gt;See &lt;a href="https://x.example/a?q=1&amp;amp;r=2"&gt;a&lt;/a&gt; and &lt;a href="https://x.example/b"&gt;b&lt;/a&gt;.&lt;/p&gt;"#
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Links</title><link>https://x.example/</link>
            <item><title>Two links</title><link>https://x.example/post</link><pubDate>20 Nov 2025 10:00:00 GMT</pubDate>
            <description>\(body)</description></item></channel></rss>
            """, to: "feeds/links.xml")
        try home.subscribe([home.url("links")])
        let reader = try home.driver(config: "external-url-viewer \"/opt/viewer --from-tidings\"")
        #expect(reader.state.settings.config.warnings.isEmpty)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Links"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Two links"))
        let viewer = ProcessEffect.viewURLs(arguments: ["/opt/viewer", "--from-tidings"], text: "https://x.example/a?q=1&r=2\nhttps://x.example/b\n")
        // From the list, as from the article.
        reader.press(.character("u"))
        reader.settle()
        #expect(reader.processEffects == [viewer])
        #expect(!reader.text.contains("URLs —"), "the URL view is not opened")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Two links"))
        reader.press(.character("u"))
        #expect(reader.processEffects == [viewer, viewer])
        #expect(!reader.text.contains("URLs —"))
    }

    @Test func aViewerThatCannotBeSplitIsAWarningAndTheURLViewStays() {
        let config = Config(parsing: "external-url-viewer \"urlscan 'oops\"")
        #expect(config.warnings.map(\.message) == ["external-url-viewer: unterminated ' quote in the command; the URL view is used"])
        #expect(config.externalURLViewer == nil)
    }
}
