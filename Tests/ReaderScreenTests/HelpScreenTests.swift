@testable import Configuration
import TerminalUI
import Testing
@testable import TidingsApp

@MainActor
@Suite struct HelpScreenTests {
    @Test func listsTheBindingsOfTheScreenItWasOpenedFrom() {
        let screen = HelpScreen(for: .feedList)
        var grid = CellGrid(rows: 20, columns: 60)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.contains("Up k           Previous line"))
        #expect(grid.lines.contains("Enter Right l  Open the feed"))
        #expect(grid.lines.contains("R              Reload all feeds"))
        #expect(grid.lines.contains("q              Quit"))
        #expect(screen.handle(.character("?")) == .back)
        #expect(screen.handle(.character("Q")) == .quit)
    }

    @Test func articleHelpMentionsLinkNumbers() {
        let screen = HelpScreen(for: .article)
        // Tall enough for every article key: the list grows with newsboat's actions.
        var grid = CellGrid(rows: 120, columns: 60)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines.contains { $0.hasPrefix("0-9 Enter") && $0.hasSuffix("Open link number N") })
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

    @Test func firstRunExplainsHowToAddFeeds() {
        let screen = FirstRunScreen(urlsPath: "/home/u/.config/tidings/urls")
        var grid = CellGrid(rows: 16, columns: 60)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "Welcome to Tidings.")
        #expect(grid.lines.contains("    /home/u/.config/tidings/urls"))
        #expect(grid.lines.contains { $0.contains("tidings add URL [TAG…]") })
        #expect(grid.lines.contains { $0.contains("tidings import FILE.opml") })
        #expect(screen.handle(.character("q")) == .quit)
        #expect(screen.handle(.character("a")) == .addFeed(tag: nil))
    }
}
