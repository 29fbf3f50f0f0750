import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// The mouse (issue 43, `mouse yes`): a click selects a row and a click on the selected row opens
/// it, the wheel scrolls what is under the pointer, a click in another pane of a split layout
/// moves the focus there; `mouse no` and an open question leave clicks unanswered.
@MainActor
@Suite struct MouseTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeHarbourAndTech()
    }

    func reader(_ config: String = "", rows: Int = 24, columns: Int = 80) throws -> ReaderDriver {
        try home.reloadedDriver(config: config, rows: rows, columns: columns)
    }

    static func click(row: Int, column: Int = 10) -> Key {
        .mouse(MouseEvent(action: .press(.left), row: row, column: column))
    }

    static func wheel(down: Bool, row: Int, column: Int = 10) -> Key {
        .mouse(MouseEvent(action: down ? .wheelDown : .wheelUp, row: row, column: column))
    }

    @Test func aClickSelectsARowAndASecondClickOpensIt() throws {
        let reader = try reader()
        #expect(reader.lines[2].contains("(1/1) Tech Notes"), "\(reader.text)")
        reader.press(Self.click(row: 2))
        reader.settle()
        #expect(reader.state.top is FeedListScreen, "one click only selects")
        reader.press(Self.click(row: 2))
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Tech Notes"), "\(reader.text)")
        #expect(reader.lines[1].hasPrefix("N 2025-11-19  Kernel release"))

        // A click below the last row, on the title bar or on the status bar does nothing.
        reader.press(Self.click(row: 10), Self.click(row: 0), Self.click(row: 23))
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Tech Notes"))
        #expect(reader.state.top is ItemListScreen)
    }

    @Test func theWheelMovesTheListAndScrollsTheArticle() throws {
        let reader = try reader()
        reader.press(.enter)
        reader.settle()
        // Three rows a turn, stopping at the last one.
        reader.press(Self.wheel(down: true, row: 1))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Ferry delayed"), "\(reader.text)")
        reader.press(.character("q"))
        reader.settle()
        reader.press(Self.wheel(down: false, row: 3))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Storm warning"), "\(reader.text)")
    }

    @Test func aClickInTheListPaneOfASplitLayoutGoesBackToItWithThatRow() throws {
        let reader = try reader("layout split\n", rows: 35, columns: 120)
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.state.top is ArticleScreen)
        #expect(reader.text.contains("Title: Storm warning"))
        // The list is above the divider: its third row is New quay opens's neighbour, Ferry delayed.
        #expect(reader.lines[3].contains("Ferry delayed"), "\(reader.text)")
        reader.press(Self.click(row: 3))
        reader.settle()
        #expect(reader.state.top is ItemListScreen, "the focus went back to the list")
        #expect(reader.text.contains("Title: Ferry delayed"), "the preview follows the row clicked: \(reader.text)")
        // A click in the article pane opens the article shown there.
        let divider = try #require(reader.lines.firstIndex { $0.contains("▲") })
        reader.press(Self.click(row: divider + 3))
        reader.settle()
        #expect(reader.state.top is ArticleScreen)
        #expect(reader.text.contains("Title: Ferry delayed"))
    }

    @Test func withMouseNoOrAQuestionOpenAClickDoesNothing() throws {
        let off = try reader("mouse no\n")
        off.press(Self.click(row: 2), Self.click(row: 2))
        off.settle()
        #expect(off.state.top is FeedListScreen)

        let asking = try reader()
        asking.press(.character("/"))
        asking.press(Self.click(row: 2), Self.click(row: 2))
        asking.settle()
        #expect(asking.state.top is FeedListScreen)
        #expect(asking.lines.last?.hasPrefix("Search:") == true, "the prompt stays: \(asking.lines.last ?? "")")
    }

    @Test func theFrameAsksForTheMouseAndHyperlinksAsTheOptionsSay() throws {
        let reader = try reader()
        #expect(reader.state.frame().reportsMouse)
        #expect(!reader.state.frame().writesHyperlinks, "auto: this terminal is not known to support them")
        let chosen = try self.reader("mouse no\nhyperlinks yes\n")
        #expect(!chosen.state.frame().reportsMouse)
        #expect(chosen.state.frame().writesHyperlinks)
    }
}
