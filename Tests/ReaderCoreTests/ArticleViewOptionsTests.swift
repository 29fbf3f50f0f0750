@testable import Configuration
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// newsboat's options of the article view: `display-article-progress`,
/// `always-display-description`, `html-renderer`, `pager` and `search-highlight-colors`.
@MainActor
@Suite struct ArticleViewOptionsTests {
    /// A home with one feed, "Rendered", whose one article is "Article one" with `body` as its
    /// description (and `content` as its `content:encoded`), listed as `title` when given.
    private func home(body: String = "&lt;p&gt;Body of &lt;b&gt;one&lt;/b&gt;, with &lt;a href=\"https://x.example/l\"&gt;a link&lt;/a&gt;.&lt;/p&gt;",
                      content: String? = nil, title: String? = nil) throws -> ReaderHome {
        let home = try ReaderHome()
        let encoded = content.map { "<content:encoded><![CDATA[\($0)]]></content:encoded>" } ?? ""
        try home.write("""
            <?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Rendered</title>
            <link>https://x.example/</link>
            <item><title>Article one</title><link>https://x.example/one</link><pubDate>20 Nov 2025 10:00:00 GMT</pubDate>
            <description>\(body)</description>\(encoded)</item></channel></rss>
            """, to: "feeds/rendered.xml")
        try home.subscribe([home.url("rendered") + (title.map { " \"~\($0)\"" } ?? "")])
        return home
    }

    /// The reader with `config`, reloaded, on the feed's list, then (with `opening`) in its article.
    private func open(_ home: ReaderHome, config: String, rows: Int = 24, columns: Int = 160, variables: [String: String] = [:],
                      opening: Bool = true) throws -> ReaderDriver {
        let reader = try home.driver(config: config, rows: rows, columns: columns, variables: variables)
        #expect(reader.state.settings.config.warnings.isEmpty, "\(reader.state.settings.config.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Article one"), "\(reader.text)")
        guard opening else { return reader }
        reader.press(.enter)
        reader.settle()
        return reader
    }

    @Test func theTitleBarSaysHowFarTheArticleHasBeenRead() throws {
        let paragraphs = (1...40).map { "&lt;p&gt;Paragraph \($0).&lt;/p&gt;" }.joined()
        let home = try home(body: paragraphs, title: "Example News")
        let reader = try open(home, config: "", rows: 12, columns: 60)
        #expect(reader.lines[0].hasSuffix("Example News  Top"), "\(reader.lines[0])")
        reader.press(.pageDown)
        #expect(reader.lines[0].range(of: #"Example News  \d+%$"#, options: .regularExpression) != nil, "\(reader.lines[0])")
        reader.press(.end)
        #expect(reader.lines[0].hasSuffix("Example News  Bottom"))

        let quiet = try open(home, config: "display-article-progress no", rows: 12, columns: 60)
        quiet.press(.pageDown)
        #expect(quiet.lines[0].hasSuffix("Example News"), "\(quiet.lines[0])")
    }

    @Test func alwaysDisplayDescriptionShowsTheDescriptionAfterTheContent() throws {
        let home = try home(body: "&lt;p&gt;The teaser.&lt;/p&gt;", content: "<p>The whole story.</p>")
        let plain = try open(home, config: "", rows: 20, columns: 60)
        #expect(plain.text.contains("The whole story."))
        #expect(!plain.text.contains("The teaser."))
        let both = try open(home, config: "always-display-description yes", rows: 20, columns: 60)
        let shown = both.text
        let story = try #require(shown.range(of: "The whole story."))
        let teaser = try #require(shown.range(of: "The teaser."))
        #expect(story.upperBound < teaser.lowerBound)
    }

    // MARK: - html-renderer and pager

    @Test func anHTMLRendererGetsTheHTMLOnItsInputAndItsCleanedOutputIsTheText() throws {
        let home = try home()
        // Its output tries to set the window title, colour the text and overstrike.
        try ExecutableScript.write("""
            #!/bin/sh
            cat > '\(home.path("renderer-input"))'
            printf 'RENDERED BY %s\\n\\033]0;pwned\\007\\033[31mred\\033[0m text\\tafter a tab\\n_\\bB_\\bo_\\bl_\\bd\\n' "$1"
            """, to: home.path("renderer"))
        // The article is read from the cache with the renderer's text, as the store runner reads it.
        let reader = try open(home, config: "html-renderer \"\(home.path("renderer")) -T text/html\"")
        #expect(reader.text.contains("RENDERED BY -T"), "\(reader.text)")
        #expect(reader.text.contains("red text        after a tab"), "\(reader.text)")
        #expect(reader.text.contains("Bold"))
        #expect(!reader.text.contains("pwned") && !reader.text.contains("␛") && !reader.text.contains("[31m"), "\(reader.text)")
        #expect(!reader.text.contains("Body of"), "the renderer's text replaces Tidings' own")
        let input = try String(contentsOfFile: home.path("renderer-input"), encoding: .utf8)
        #expect(input.contains("<p>Body of <b>one</b>"), "\(input)")
        // The article's links are still listed and numbered by Tidings.
        reader.press(.character("u"))
        #expect(reader.text.contains("https://x.example/l"))
    }

    @Test func aFailingHTMLRendererLeavesTidingsOwnTextAndSaysWhyInOneLine() throws {
        let home = try home()
        try ExecutableScript.write("#!/bin/sh\necho 'w3m: cannot open display' >&2\nexit 3\n", to: home.path("renderer"))
        let reader = try open(home, config: "html-renderer \"\(home.path("renderer"))\"")
        #expect(reader.text.contains("Body of one"), "\(reader.text)")
        #expect(reader.text.contains("html-renderer: renderer exited with status 3: w3m: cannot open display; Tidings' own renderer is used"),
                "\(reader.text)")
    }

    @Test func aPagerIsHandedTheArticlesTextInPlaceOfTheArticleView() throws {
        let home = try home()
        let reader = try open(home, config: "pager \"/opt/pager --file=%f\"")
        guard case .page(let arguments, let text)? = reader.processEffects.last else {
            Issue.record("no pager: \(reader.processEffects)")
            return
        }
        // `%f` is left for the runner, which writes the text to a file of its own.
        #expect(arguments == ["/opt/pager", "--file=%f"])
        #expect(text.contains("Title: Article one") && text.contains("Body of one"), "\(text)")
        #expect(!reader.text.contains("Title: Article one"), "the article view is not opened over the list")
    }

    @Test func theWordsOfASearchAreMarkedInTheArticleOpenedFromItsResults() throws {
        let home = try home(body: "&lt;p&gt;Tides rise; the TIDES fall.&lt;/p&gt;")
        let reader = try open(home, config: "search-highlight-colors white red underline", columns: 100, opening: false)
        reader.press(.character("q"), .character("/"))
        reader.type("tides")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Search: tides"), "\(reader.text)")
        #expect(reader.text.contains("Article one"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Tides rise; the TIDES fall."), "\(reader.text)")
        let screen = reader.frame.grid
        let row = try #require(screen.lines.firstIndex { $0.contains("Tides rise") })
        let line = screen.lines[row]
        func style(atColumnOf text: String) throws -> Style {
            let found = try #require(line.range(of: text))
            return screen[row, line.distance(from: line.startIndex, to: found.lowerBound)].style
        }
        let marked = Style(foreground: .white, background: .red, attributes: .underline)
        #expect(try style(atColumnOf: "Tides") == marked)
        #expect(try style(atColumnOf: "TIDES") == marked)
        #expect(try style(atColumnOf: "rise") != marked)
    }

    @Test func aBadSearchHighlightIsAWarningAndTheDefaultStays() {
        let config = Config(parsing: "search-highlight-colors blurple yellow")
        #expect(config.warnings.count == 1)
        #expect(config.searchHighlightStyle == SearchHighlight.defaultStyle)
    }

    @Test func anEmptyPagerIsThePAGEREnvironmentVariable() throws {
        let home = try home()
        let reader = try open(home, config: "pager \"\"", variables: ["PAGER": "/opt/pager -R"])
        guard case .page(let arguments, let text)? = reader.processEffects.last else {
            Issue.record("no pager: \(reader.processEffects)")
            return
        }
        #expect(arguments == ["/opt/pager", "-R"])
        #expect(text.contains("Body of one"))
    }
}
