@testable import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's dialogs as Tidings' screens: `view-dialogs`, `close-dialog`, `prev-dialog`,
/// `next-dialog`, and `redraw`.
@MainActor
@Suite struct DialogsTests {
    private func openArticle(config: String = "") throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("tides", title: "Tide Tables", items: [(title: "High water", day: 20)])
        try home.subscribe([home.url("tides")])
        let reader = try home.driver(config: config, columns: 100)
        #expect(reader.state.settings.warnings.isEmpty, "\(reader.state.settings.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Tide Tables"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("High water"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: High water"))
        return (home, reader)
    }

    @Test func viewDialogsListsTheScreensOpenAndEnterGoesBackToOne() throws {
        let (_, reader) = try openArticle()
        reader.press(.character("v"))
        reader.settle()
        #expect(reader.text.contains("Screens open"), "\(reader.text)")
        #expect(reader.text.contains("3  High water"), "\(reader.text)")
        #expect(reader.text.contains("2  Tide Tables"), "\(reader.text)")
        // The first row is the feed list: Enter there closes the item list and the article.
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.state.screens.count == 1, "\(reader.text)")
        #expect(reader.text.contains("(0/1) Tide Tables"), "\(reader.text)")
    }

    @Test func closePrevAndNextDialogMoveAlongTheScreens() throws {
        let (_, reader) = try openArticle(config: "bind-key ^O prev-dialog")
        reader.press(.control("o"))
        reader.settle()
        #expect(reader.state.screens.count == 2 && !reader.text.contains("Title: High water"))
        reader.press(.control("v"))
        reader.settle()
        #expect(reader.text.contains("Title: High water"))
        #expect(reader.state.screens.count == 3)
        // Nothing was left this time: ^V says so.
        reader.press(.control("v"))
        #expect(reader.text.contains("No screen to go on to"))
        reader.press(.control("x"))
        #expect(reader.state.screens.count == 2)
        reader.press(.control("x"))
        #expect(reader.state.screens.count == 1)
        reader.press(.control("x"))
        #expect(reader.text.contains("The feed list is not closed: q quits"))
        #expect(reader.quitStatus == nil)
    }

    @Test func redrawIsAnActionAKeyCanBeBoundTo() throws {
        let (_, reader) = try openArticle(config: "bind-key R redraw article")
        let before = reader.terminalEffects.count { $0 == .repaint }
        reader.press(.character("R"))
        #expect(reader.terminalEffects.count { $0 == .repaint } == before + 1)
        #expect(!reader.text.contains("not available"))
    }

    @Test func theDialogsContextTakesBindings() {
        let config = Config(parsing: "bind-key x open dialogs\nunbind-key q dialogs")
        #expect(config.warnings.isEmpty)
        #expect(config.keyMap.command(for: .character("x"), in: .dialogs) == .open)
        #expect(config.keyMap.command(for: .character("q"), in: .dialogs) == nil)
    }
}
