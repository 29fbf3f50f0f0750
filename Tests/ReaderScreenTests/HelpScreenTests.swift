@testable import Configuration
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The help screen and the welcome screen as drawn; what their keys do is in ReaderCoreTests
/// (HelpKeysTests, FirstRunKeysTests).
@MainActor
@Suite struct HelpScreenTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    @Test func listsTheBindingsOfTheScreenItWasOpenedFrom() throws {
        try home.subscribe([])
        let reader = try home.driver(rows: 22, columns: 60)
        reader.settle()
        reader.press(.character("?"))
        // "Up k  Previous line", "Enter Right l  Open the feed", "R  Reload all feeds", "q  Quit".
        try GoldenFrame(reader.frame).check("help-feed-list")
    }

    @Test func articleHelpMentionsLinkNumbers() throws {
        try home.writeFeed("news", title: "News", items: [("Story", 20)])
        try home.subscribe([home.url("news")])
        // Tall enough for every article key: the list grows with newsboat's actions.
        let reader = try home.driver(rows: 122, columns: 60)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)
        reader.settle()
        reader.press(.character("?"))
        #expect(reader.lines[0].hasPrefix(" Help — Article"))
        #expect(reader.lines.contains { $0.hasPrefix("0-9 Enter") && $0.hasSuffix("Open link number N") })
    }

    /// Every binding the help shows is one the screen really acts on.
    @Test func helpMatchesTheKeyMap() {
        for context in KeyMap.Context.allCases {
            for binding in KeyMap.standard.bindings(for: context) {
                for key in binding.keys {
                    #expect(KeyMap.standard.command(for: key, in: context) == binding.command, "\(key) in \(context)")
                }
            }
        }
    }

    @Test func firstRunExplainsHowToAddFeeds() throws {
        // No urls file: the welcome screen, naming where the file goes.
        let reader = try home.driver(rows: 18, columns: 60) { $0.urlsPath = "/home/u/.config/tidings/urls" }
        reader.settle()
        // "Welcome to Tidings.", the urls file's path, `tidings add URL [TAG…]`, `tidings import FILE.opml`.
        try GoldenFrame(reader.frame).check("first-run")
    }
}
