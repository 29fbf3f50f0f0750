@testable import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// newsboat's dialogs as Tidings' screens: `view-dialogs`, `close-dialog`, `prev-dialog`,
/// `next-dialog`, and `redraw`.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct DialogsTests {
    private func openArticle(config: String = "") async throws -> (HeadlessHome, HeadlessReader) {
        let home = try HeadlessHome()
        try home.serve("tides", title: "Tide Tables", items: [(title: "High water", day: 20)])
        try home.subscribe([home.url("tides")])
        let parsed = Config(parsing: config)
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
        let reader = try home.startReader(columns: 100) { $0.take(parsed, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Tide Tables"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("High water"))
        reader.press(.enter)
        #expect(await reader.waitFor("Title: High water"))
        return (home, reader)
    }

    @Test func viewDialogsListsTheScreensOpenAndEnterGoesBackToOne() async throws {
        let (_, reader) = try await openArticle()
        reader.press(.character("v"))
        #expect(await reader.waitFor("Screens open"), "\(reader.text)")
        #expect(reader.text.contains("3  High water"), "\(reader.text)")
        #expect(reader.text.contains("2  Tide Tables"), "\(reader.text)")
        // The first row is the feed list: Enter there closes the item list and the article.
        reader.press(.home, .enter)
        #expect(await reader.waitUntil(timeout: .seconds(30)) { reader.app.screens.count == 1 }, "\(reader.text)")
        #expect(await reader.waitFor("(0/1) Tide Tables", timeout: .seconds(30)), "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func closePrevAndNextDialogMoveAlongTheScreens() async throws {
        let (_, reader) = try await openArticle(config: "bind-key ^O prev-dialog")
        reader.press(.control("o"))
        #expect(await reader.waitUntil { reader.app.screens.count == 2 && !reader.text.contains("Title: High water") })
        reader.press(.control("v"))
        #expect(await reader.waitFor("Title: High water"))
        #expect(reader.app.screens.count == 3)
        // Nothing was left this time: ^V says so.
        reader.press(.control("v"))
        #expect(await reader.waitFor("No screen to go on to"))
        reader.press(.control("x"))
        #expect(await reader.waitUntil { reader.app.screens.count == 2 })
        reader.press(.control("x"))
        #expect(await reader.waitUntil { reader.app.screens.count == 1 })
        reader.press(.control("x"))
        #expect(await reader.waitFor("The feed list is not closed: q quits"))
        #expect(reader.exitStatus == nil)
        #expect(await reader.settle())
    }

    @Test func redrawIsAnActionAKeyCanBeBoundTo() async throws {
        let (_, reader) = try await openArticle(config: "bind-key R redraw article")
        let before = reader.terminal.invalidations
        reader.press(.character("R"))
        #expect(await reader.waitUntil { reader.terminal.invalidations == before + 1 })
        #expect(!reader.text.contains("not available"))
        #expect(await reader.settle())
    }

    @Test func theDialogsContextTakesBindings() {
        let config = Config(parsing: "bind-key x open dialogs\nunbind-key q dialogs")
        #expect(config.warnings.isEmpty)
        #expect(config.keyMap.command(for: .character("x"), in: .dialogs) == .open)
        #expect(config.keyMap.command(for: .character("q"), in: .dialogs) == nil)
    }
}

/// newsboat's `set` action bound to a key with `bind` (several actions, or one with arguments):
/// run as a macro is, by the key alone.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct BoundActionsTests {
    @Test func aBindLineWithSetAndAnActionRunsThemByItsKey() async throws {
        let home = try HeadlessHome()
        try home.serve("tides", title: "Tide Tables", items: [(title: "High water", day: 20)])
        try home.subscribe([home.url("tides")])
        let opened = home.path("opened")
        try ExecutableScript.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(opened).tmp'\nmv '\(opened).tmp' '\(opened)'\n", to: home.path("player"))
        let config = Config(parsing: "bind ^T article,articlelist set browser \"\(home.path("player")) --fullscreen %u\" ; open-in-browser -- \"play it\"")
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        #expect(config.boundMacros[.control("t")]?.macro.steps.map(\.name) == ["set", "open-in-browser"])
        let reader = try home.startReader(columns: 100) { $0.take(config, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Tide Tables"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("High water"))
        reader.press(.control("t"))
        #expect(await reader.waitUntil { FileManager.default.fileExists(atPath: opened) })
        let arguments = try String(contentsOfFile: opened, encoding: .utf8).split(separator: "\n")
        #expect(arguments.first == "--fullscreen" && arguments.count == 2 && arguments[1].hasPrefix("https://tides.example/"), "\(arguments)")
        #expect(reader.app.settings.browser == "\(home.path("player")) --fullscreen %u", "set changed the option for the session")
        #expect(await reader.settle())
    }

    @Test func aLaterBindKeyOnTheKeyReplacesTheBindLine() {
        let config = Config(parsing: "bind ^T everywhere set browser lynx ; open-in-browser\nbind-key ^T reload")
        #expect(config.warnings.isEmpty)
        #expect(config.boundMacros.isEmpty)
    }
}
