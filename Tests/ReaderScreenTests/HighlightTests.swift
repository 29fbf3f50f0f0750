@testable import Configuration
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// `highlight` and `highlight-article`: matched text and whole rows coloured, widths unchanged.
@Suite struct HighlightTests {
    private let yellow = Style(foreground: .yellow, background: .default, attributes: [.bold])

    private func row(_ title: String, author: String? = nil, isRead: Bool = false) -> ItemRow {
        ItemRow(id: ItemID(1), feedID: FeedID(1), feedTitle: "News", title: title, link: nil, author: author,
                date: Date(timeIntervalSince1970: 1_763_715_600), isRead: isRead, isStarred: false, hasEnclosures: false)
    }

    private func draw(_ row: ItemRow, _ config: Config, width: Int = 40) -> CellGrid {
        var grid = CellGrid(rows: 1, columns: width)
        let format = config[\.articlelistFormat]
        let renderer = ItemRowRenderer(
            timeZone: TimeZone(identifier: "UTC")!, theme: .standard, format: format.isEmpty ? nil : ListFormat(format, kind: .articleList),
            highlights: config.highlights)
        renderer.render(row, index: 0, into: &grid, in: Rect(row: 0, column: 0, height: 1, width: width))
        return grid
    }

    /// The columns of row 0 drawn in `style`.
    private func columns(in grid: CellGrid, styled style: Style) -> [Int] {
        (0..<grid.columns).filter { grid[0, $0].style == style && !grid[0, $0].isContinuation }
    }

    @Test func matchedTextIsColouredAndWideCharactersKeepTheirColumns() {
        let config = Config(parsing: #"highlight articlelist "東京|rust" yellow default bold"#)
        #expect(config.warnings.isEmpty)
        let grid = draw(row("Rust in 東京 today"), config)
        #expect(grid.lines[0].hasPrefix("N 2025-11-21  Rust in 東京 today"))
        // "Rust" at columns 14–17, 東 at 22 and 京 at 24 (two columns each).
        #expect(columns(in: grid, styled: yellow) == [14, 15, 16, 17, 22, 24])
        #expect(grid[0, 23].isContinuation && grid[0, 23].style == yellow)
        // The feed list is not coloured by an article highlight.
        var feeds = CellGrid(rows: 1, columns: 40)
        let feedRow = FeedListRow(id: FeedID(1), url: "u", displayTitle: "Rust news", feedTitle: nil, customTitle: nil, link: nil, tags: [],
                                  unreadCount: 0, totalCount: 0, lastError: nil, failureCount: 0, lastSuccessAt: nil, lastAttemptAt: nil)
        FeedRowRenderer(reloading: [], spinnerFrame: "*", countWidth: 5, theme: .standard, highlights: config.highlights)
            .render(feedRow, isSelected: false, into: &feeds, in: Rect(row: 0, column: 0, height: 1, width: 40))
        #expect(columns(in: feeds, styled: yellow).isEmpty)
        let all = Config(parsing: #"highlight all "rust" yellow default bold"#)
        FeedRowRenderer(reloading: [], spinnerFrame: "*", countWidth: 5, theme: .standard, highlights: all.highlights)
            .render(feedRow, isSelected: false, into: &feeds, in: Rect(row: 0, column: 0, height: 1, width: 40))
        #expect(columns(in: feeds, styled: yellow) == [9, 10, 11, 12])

        // highlight-feed colours whole feed rows by the feed's attributes.
        let magenta = Style(foreground: .magenta, background: .default)
        let byFeed = Config(parsing: #"highlight-feed "rssurl = \"u\" and unread_count = 0" magenta default"#)
        #expect(byFeed.warnings.isEmpty)
        var rows = CellGrid(rows: 1, columns: 40)
        FeedRowRenderer(reloading: [], spinnerFrame: "*", countWidth: 5, theme: .standard, highlights: byFeed.highlights)
            .render(feedRow, isSelected: false, into: &rows, in: Rect(row: 0, column: 0, height: 1, width: 40))
        #expect(columns(in: rows, styled: magenta) == Array(0..<18))
    }

    @Test func highlightArticleColoursWholeRowsAndFormatsToo() {
        let cyan = Style(foreground: .cyan, background: .default)
        let config = Config(parsing: #"""
            highlight-article "author = \"Ann\" and unread = \"yes\"" cyan default
            articlelist-format "%f %t%?a? (%a)&?"
            """#)
        #expect(config.warnings.isEmpty)
        let matched = draw(row("Hello", author: "Ann"), config, width: 20)
        #expect(matched.lines[0].hasPrefix("N   Hello (Ann)"))
        #expect(columns(in: matched, styled: cyan) == Array(0..<15))
        let other = draw(row("Hello", author: "Ann", isRead: true), config, width: 20)
        #expect(columns(in: other, styled: cyan).isEmpty)
    }

    /// newsboat users colour the articles of some feeds by their tags (`tags # "AWS"`).
    @Test func highlightArticleTestsTheFeedsTags() {
        let cyan = Style(foreground: .cyan, background: .default)
        let config = Config(parsing: #"highlight-article "title =~ \"S3\" and tags # \"AWS\"" cyan default"#)
        #expect(config.warnings.isEmpty, "\(config.warnings.map(\.description))")
        var tagged = row("S3 news")
        tagged.feedTags = ["cloud", "AWS"]
        #expect(!columns(in: draw(tagged, config, width: 40), styled: cyan).isEmpty)
        #expect(columns(in: draw(row("S3 news"), config, width: 40), styled: cyan).isEmpty)
    }

    @MainActor
    @Test func highlightArticleColoursTheArticleViewAsInNewsboat() throws {
        let config = #"""
            highlight article "^Title:|東京" yellow default bold
            highlight articlelist "Tokyo" red default
            """#
        #expect(Config(parsing: config).warnings.isEmpty)
        let home = try ReaderHome()
        let reader = try home.article(content: "<p>Rain in 東京 today.</p>", title: "Tokyo news", config: config, rows: 14, columns: 40)
        let grid = reader.frame.grid
        let titleRow = try #require(grid.lines.firstIndex { $0.hasPrefix("Title: Tokyo news") }, "\(grid.lines)")
        #expect((0..<6).allSatisfy { grid[titleRow, $0].style == yellow })
        // The item-list highlight does not reach the article view.
        #expect(grid[titleRow, 7].style.foreground != .red)
        let bodyRow = try #require(grid.lines.firstIndex { $0.contains("Rain in 東京") })
        let column = grid.lines[bodyRow].prefix { $0 != "東" }.count
        #expect(grid[bodyRow, column].style == yellow && grid[bodyRow, column + 2].style == yellow)
        #expect(grid[bodyRow, 0].style != yellow)
    }

    @Test func badHighlightLinesAreWarnedAbout() {
        let config = Config(parsing: #"""
            highlight articlelist "(" red default
            highlight sidebar "x" red default
            highlight all "x" red
            highlight-article "content =~ \"x\"" red default
            highlight-article "title = " red default
            highlight feedlist "x" red default blink
            highlight-feed "title =~ \"x\"" red default
            """#)
        // A foreground alone and blink are newsboat's own forms: lines 3 and 6 apply.
        #expect(config.warnings.map(\.line) == [1, 2, 4, 5, 7])
        #expect(config.warnings[4].message.contains("highlight-feed cannot test title"))
        #expect(config.warnings[2].message.contains("cannot test content"))
        #expect(config.highlights.textRules.map(\.style) == [Style(foreground: .red), Style(foreground: .red)])
    }
}
