@testable import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's `set` action bound to a key with `bind` (several actions, or one with arguments):
/// run as a macro is, by the key alone.
@MainActor
@Suite struct BoundActionsTests {
    @Test func aBindLineWithSetAndAnActionRunsThemByItsKey() throws {
        let home = try ReaderHome()
        try home.writeFeed("tides", title: "Tide Tables", items: [(title: "High water", day: 20)])
        try home.subscribe([home.url("tides")])
        let line = "bind ^T article,articlelist set browser \"\(home.path("player")) --fullscreen %u\" ; open-in-browser -- \"play it\""
        let config = Config(parsing: line)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        #expect(config.boundMacros[.control("t")]?.macro.steps.map(\.name) == ["set", "open-in-browser"])
        let reader = try home.driver(config: line, columns: 100, variables: ["DISPLAY": ":0"])
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Tide Tables"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("High water"))
        reader.press(.control("t"))
        let player = try BrowserCommand(parsing: "\(home.path("player")) --fullscreen %u")
        #expect(reader.processEffects == [.openBrowser(player, url: "https://tides.example/high-water", textMode: false)], "\(reader.processEffects)")
        #expect(reader.state.settings.config[\.browser] == "\(home.path("player")) --fullscreen %u", "set changed the option for the session")
    }

    @Test func aLaterBindKeyOnTheKeyReplacesTheBindLine() {
        let config = Config(parsing: "bind ^T everywhere set browser lynx ; open-in-browser\nbind-key ^T reload")
        #expect(config.warnings.isEmpty)
        #expect(config.boundMacros.isEmpty)
    }
}
