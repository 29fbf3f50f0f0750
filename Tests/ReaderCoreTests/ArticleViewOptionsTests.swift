@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// newsboat's options of the article view: `display-article-progress`,
/// `always-display-description`, `html-renderer` and `pager`.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct ArticleViewOptionsTests {
    private func makeArticle(summary: String? = nil, content: String?, config: String = "") throws -> (TestStore, ArticleScreen) {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed", customTitle: "Example News")])
        let item = Item(id: "one", title: "Long read", link: "https://a.example/posts/1", published: TestStore.baseDate,
                        summary: summary, content: content)
        try test.store.upsert(Feed(format: .rss20, title: "Own title", items: [item]), forFeedURL: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        let row = try #require(try test.store.items(inFeed: feed.id).first)
        let stored = try #require(try test.store.item(row.id))
        let parsed = Config(parsing: config)
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
        var preferences = parsed.readerPreferences
        preferences.timeZone = TimeZone(identifier: "UTC")!
        return (test, ArticleScreen(item: stored, preferences: preferences))
    }

    private func titleBar(of screen: ArticleScreen) -> String {
        let navigation = NavigationController<ReaderIntent>(root: screen)
        var grid = CellGrid(rows: 12, columns: 60)
        _ = navigation.render(into: &grid)
        return grid.lines[0]
    }

    @Test func theTitleBarSaysHowFarTheArticleHasBeenRead() throws {
        let paragraphs = (1...40).map { "<p>Paragraph \($0).</p>" }.joined()
        let (_, screen) = try makeArticle(content: paragraphs)
        #expect(titleBar(of: screen).hasSuffix("Example News  Top"), "\(titleBar(of: screen))")
        _ = screen.handle(.pageDown)
        let middle = titleBar(of: screen)
        #expect(middle.range(of: #"Example News  \d+%$"#, options: .regularExpression) != nil, "\(middle)")
        _ = screen.handle(.end)
        #expect(titleBar(of: screen).hasSuffix("Example News  Bottom"))

        let (_, quiet) = try makeArticle(content: paragraphs, config: "display-article-progress no")
        _ = quiet.handle(.pageDown)
        #expect(titleBar(of: quiet).hasSuffix("Example News"), "\(titleBar(of: quiet))")
    }

    @Test func alwaysDisplayDescriptionShowsTheDescriptionAfterTheContent() throws {
        func text(_ screen: ArticleScreen) -> String {
            var grid = CellGrid(rows: 20, columns: 60)
            screen.render(into: &grid, in: grid.bounds)
            return grid.lines.joined(separator: "\n")
        }
        let (_, plain) = try makeArticle(summary: "<p>The teaser.</p>", content: "<p>The whole story.</p>")
        #expect(text(plain).contains("The whole story."))
        #expect(!text(plain).contains("The teaser."))
        let (_, both) = try makeArticle(summary: "<p>The teaser.</p>", content: "<p>The whole story.</p>",
                                        config: "always-display-description yes")
        let shown = text(both)
        let story = try #require(shown.range(of: "The whole story."))
        let teaser = try #require(shown.range(of: "The teaser."))
        #expect(story.upperBound < teaser.lowerBound)
    }

    // MARK: - html-renderer and pager, in the whole reader

    private func home(body: String = "&lt;p&gt;Body of &lt;b&gt;one&lt;/b&gt;, with &lt;a href=\"https://x.example/l\"&gt;a link&lt;/a&gt;.&lt;/p&gt;") throws -> HeadlessHome {
        let home = try HeadlessHome()
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Rendered</title><link>https://x.example/</link>
            <item><title>Article one</title><link>https://x.example/one</link><pubDate>20 Nov 2025 10:00:00 GMT</pubDate>
            <description>\(body)</description></item></channel></rss>
            """, to: "feeds/rendered.xml")
        try home.subscribe([home.url("rendered")])
        return home
    }

    private func open(_ home: HeadlessHome, config text: String, environment: [String: String] = [:]) async throws -> HeadlessReader {
        let config = Config(parsing: text)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        let reader = try home.startReader(columns: 160) { $0.take(config, environment: environment) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Rendered"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Article one"))
        reader.press(.enter)
        return reader
    }

    @Test func anHTMLRendererGetsTheHTMLOnItsInputAndItsCleanedOutputIsTheText() async throws {
        let home = try home()
        // Its output tries to set the window title, colour the text and overstrike.
        try ExecutableScript.write("""
            #!/bin/sh
            cat > '\(home.path("renderer-input"))'
            printf 'RENDERED BY %s\\n\\033]0;pwned\\007\\033[31mred\\033[0m text\\tafter a tab\\n_\\bB_\\bo_\\bl_\\bd\\n' "$1"
            """, to: home.path("renderer"))
        let reader = try await open(home, config: "html-renderer \"\(home.path("renderer")) -T text/html\"")
        #expect(await reader.waitFor("RENDERED BY -T"), "\(reader.text)")
        #expect(reader.text.contains("red text        after a tab"), "\(reader.text)")
        #expect(reader.text.contains("Bold"))
        #expect(!reader.text.contains("pwned") && !reader.text.contains("␛") && !reader.text.contains("[31m"), "\(reader.text)")
        #expect(!reader.text.contains("Body of"), "the renderer's text replaces Tidings' own")
        let input = try String(contentsOfFile: home.path("renderer-input"), encoding: .utf8)
        #expect(input.contains("<p>Body of <b>one</b>"), "\(input)")
        // The article's links are still listed and numbered by Tidings.
        reader.press(.character("u"))
        #expect(await reader.waitFor("https://x.example/l"))
        #expect(await reader.settle())
    }

    @Test func aFailingHTMLRendererLeavesTidingsOwnTextAndSaysWhyInOneLine() async throws {
        let home = try home()
        try ExecutableScript.write("#!/bin/sh\necho 'w3m: cannot open display' >&2\nexit 3\n", to: home.path("renderer"))
        let reader = try await open(home, config: "html-renderer \"\(home.path("renderer"))\"")
        #expect(await reader.waitFor("Body of one"), "\(reader.text)")
        #expect(await reader.waitFor("html-renderer: renderer exited with status 3: w3m: cannot open display; Tidings' own renderer is used"),
                "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func aPagerIsHandedTheTerminalAndAFileWithTheArticlesText() async throws {
        let home = try home()
        let copy = home.path("paged")
        try ExecutableScript.write("#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(copy).path'\ncp \"${1#--file=}\" '\(copy).tmp'\nmv '\(copy).tmp' '\(copy)'\n",
                                   to: home.path("pager"))
        let reader = try await open(home, config: "pager \"\(home.path("pager")) --file=%f\"")
        #expect(await reader.waitUntil { FileManager.default.fileExists(atPath: copy) })
        let paged = try String(contentsOfFile: copy, encoding: .utf8)
        #expect(paged.contains("Title: Article one") && paged.contains("Body of one"), "\(paged)")
        #expect(reader.terminal.suspensions == 1)
        // `%f` became the file's path inside the word; the file is gone once the pager exits.
        let argument = try String(contentsOfFile: copy + ".path", encoding: .utf8)
        #expect(argument.hasPrefix("--file=/"))
        #expect(await reader.waitUntil { !FileManager.default.fileExists(atPath: String(argument.dropFirst(7).dropLast())) })
        #expect(!reader.text.contains("Title: Article one"), "the article view is not opened over the list")
        #expect(await reader.settle())
    }

    @Test func theWordsOfASearchAreMarkedInTheArticleOpenedFromItsResults() async throws {
        let home = try home(body: "&lt;p&gt;Tides rise; the TIDES fall.&lt;/p&gt;")
        let config = Config(parsing: "search-highlight-colors white red underline")
        #expect(config.warnings.isEmpty)
        let reader = try home.startReader(columns: 100) { $0.take(config, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Rendered"), "\(reader.text)")
        #expect(await reader.settle())
        reader.press(.character("/"))
        reader.type("tides")
        reader.press(.enter)
        #expect(await reader.waitFor("Search: tides"), "\(reader.text)")
        #expect(await reader.waitFor("Article one"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Tides rise; the TIDES fall."), "\(reader.text)")
        let screen = reader.terminal.screen
        let row = try #require(screen.lines.firstIndex { $0.contains("Tides rise") })
        let line = screen.lines[row]
        func style(atColumnOf text: String, from start: String.Index? = nil) throws -> Style {
            let found = try #require(line.range(of: text, range: (start ?? line.startIndex)..<line.endIndex))
            return screen[row, line.distance(from: line.startIndex, to: found.lowerBound)].style
        }
        let marked = Style(foreground: .white, background: .red, attributes: .underline)
        #expect(try style(atColumnOf: "Tides") == marked)
        #expect(try style(atColumnOf: "TIDES") == marked)
        #expect(try style(atColumnOf: "rise") != marked)
        #expect(await reader.settle())
    }

    @Test func aBadSearchHighlightIsAWarningAndTheDefaultStays() {
        let config = Config(parsing: "search-highlight-colors blurple yellow")
        #expect(config.warnings.count == 1)
        #expect(config.readerPreferences.searchHighlightStyle == SearchHighlight.defaultStyle)
    }

    @Test func anEmptyPagerIsThePAGEREnvironmentVariable() async throws {
        let home = try home()
        let copy = home.path("paged")
        try ExecutableScript.write("#!/bin/sh\ncp \"$1\" '\(copy)'\n", to: home.path("pager"))
        let reader = try await open(home, config: "pager \"\"", environment: ["PAGER": home.path("pager")])
        #expect(await reader.waitUntil { FileManager.default.fileExists(atPath: copy) })
        #expect(try String(contentsOfFile: copy, encoding: .utf8).contains("Body of one"))
        #expect(await reader.settle())
    }
}
