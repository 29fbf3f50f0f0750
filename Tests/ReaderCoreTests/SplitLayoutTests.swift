import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// `layout split`, `split-vertical` and `three-pane` (issue 43): the list and the selected
/// article together, the article following the selection, Enter and Tab into the article and
/// back, the stack again in a window too small, the selection and the place kept across resizes.
@MainActor
@Suite struct SplitLayoutTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeHarbourAndTech()
    }

    func reader(_ layout: String, rows: Int, columns: Int) throws -> ReaderDriver {
        try home.reloadedDriver(config: "layout \(layout)\n", rows: rows, columns: columns)
    }

    @Test func splitShowsTheSelectedArticleUnderTheListAndFollowsTheSelection() throws {
        let reader = try reader("split", rows: 35, columns: 120)
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[1].hasPrefix("N 2025-11-22  Storm warning"))
        let divider = try #require(reader.lines.firstIndex { $0.contains("▲") })
        #expect(reader.lines[divider].contains("▲ Storm warning"), "the divider names the article, its arrow the focused list")
        #expect(reader.lines[(divider + 1)...].contains { $0.contains("Title: Storm warning") }, "\(reader.text)")
        #expect(reader.lines[1].hasPrefix("N "), "shown beside the list, not marked read")
        reader.press(.down)
        reader.settle()
        #expect(reader.lines[(divider + 1)...].contains { $0.contains("Title: New quay opens") }, "\(reader.text)")

        reader.press(.enter)
        reader.settle()
        #expect(reader.state.top is ArticleScreen, "Enter puts the focus in the article")
        #expect(reader.lines[divider].contains("▼ Harbour News"), "the arrow points at the article: \(reader.lines[divider])")
        #expect(reader.lines[2].hasPrefix("  2025-11-21  New quay opens"), "read now, and still in the list above")
        reader.press(.tab)
        #expect(reader.state.top is ItemListScreen, "Tab goes back to the list")
        reader.press(.tab)
        reader.settle()
        #expect(reader.state.top is ArticleScreen, "and into the article again")
    }

    @Test func splitVerticalPutsTheArticleAtTheRight() throws {
        let reader = try reader("split-vertical", rows: 24, columns: 120)
        reader.press(.enter)
        reader.settle()
        let row = try #require(reader.lines.firstIndex { $0.contains("Title: Storm warning") })
        let line = reader.lines[row]
        #expect(line.contains("│Title: Storm warning") || line.contains("◀Title: Storm warning"), "\(line)")
        #expect(reader.lines[1].hasPrefix("N 2025-11-22  Storm warning"))
    }

    @Test func threePaneShowsFeedsArticlesAndArticle() throws {
        let reader = try reader("three-pane", rows: 50, columns: 200)
        // On the feed list already: the selected feed's articles and the first of them beside it.
        #expect(reader.lines[1].contains("Harbour News") && reader.lines[1].contains("Storm warning"), "\(reader.lines[1])")
        #expect(reader.text.contains("Title: Storm warning"), "\(reader.text)")
        reader.press(.down)
        reader.settle()
        #expect(reader.lines[1].contains("Kernel release"), "the articles follow the feed selected: \(reader.lines[1])")
        reader.press(.up, .enter)
        reader.settle()
        #expect(reader.state.top is ItemListScreen)
        #expect(reader.lines[1].contains("Harbour News"), "the feeds stay at the left")
        reader.press(.enter)
        reader.settle()
        #expect(reader.state.top is ArticleScreen)
        #expect(reader.text.contains("Title: Storm warning"))
    }

    @Test func aSmallWindowStacksTheScreensAndTheSplitComesBack() throws {
        let reader = try reader("split", rows: 35, columns: 120)
        reader.press(.enter)
        reader.settle()
        reader.press(.down)
        reader.settle()
        reader.resize(rows: 10, columns: 40)
        reader.settle()
        #expect(!reader.text.contains("Title:"), "one screen at a time: \(reader.text)")
        #expect(reader.lines[2].hasPrefix("N 2025-11-21  New quay"), "the selection kept: \(reader.text)")
        reader.resize(rows: 35, columns: 120)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"))
        reader.resize(rows: 24, columns: 80)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"), "80×24 holds the split")
    }

    @Test func tabInTheStackLayoutSaysWhy() throws {
        let reader = try reader("stack", rows: 24, columns: 80)
        reader.press(.enter)
        reader.settle()
        reader.press(.tab)
        #expect(reader.lines.last?.contains("one screen at a time here (layout split shows panes)") == true, "\(reader.text)")
    }
}
