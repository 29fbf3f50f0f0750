@testable import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The key-hint bar (`show-keymap-hint`), `swap-title-and-hints` and `show-title-bar` on the
/// reader's frame: the hints are the keys bound now, in the colours the config file gives.
@MainActor
@Suite struct KeyHintBarTests {
    /// A home with one feed, reloaded once, the reader on the feed list with `config`.
    private func reader(_ config: String) throws -> (ReaderHome, ReaderDriver) {
        #expect(Config(parsing: config).warnings.isEmpty)
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: config)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(2/2) Harbour News"))
        return (home, reader)
    }

    @Test func theHintsAreTheKeysBoundOnEachScreen() throws {
        let (_, reader) = try reader("""
            show-keymap-hint yes
            bind-key x reload feedlist
            unbind-key r feedlist
            unbind-key / feedlist
            """)
        // Title on top, the body, the hints above the status bar.
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        #expect(reader.lines[1].contains("(2/2) Harbour News"))
        // Cut like the other bars when the line is wider than the screen.
        #expect(reader.lines[22] == "q:Quit Enter:Open n:Next Unread x:Reload R:Reload All A:Mark Read C:Mark All Re…")
        #expect(reader.lines[23].hasSuffix("?:Help"))

        // Another screen, its own hints; `r` still reloads a feed there.
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
        #expect(reader.lines[22] == "q:Quit Enter:Open r:Reload n:Next Unread A:Mark All Read /:Search ?:Help")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"))
        // Tidings' keys where newsboat's do something else: `S` saves, `E` enqueues.
        #expect(reader.lines[22] == "q:Quit S:Save n:Next Unread o:Open in Browser E:Enqueue ?:Help")
    }

    @Test func aKeyBoundToQuitInAListGoesBackAndIsHinted() {
        let config = Config(parsing: """
            unbind-key q articlelist
            unbind-key LEFT articlelist
            unbind-key ESC articlelist
            unbind-key h articlelist
            bind-key x quit articlelist
            """)
        #expect(config.warnings.isEmpty)
        let hints = config.keyMap.hints(for: .itemList)
        #expect(hints.first == KeyMap.Hint(key: "x", description: "Quit"))
        #expect(KeyMap.standard.hints(for: .itemList).first == KeyMap.Hint(key: "q", description: "Quit"))
    }

    @Test func withoutTheOptionThereIsNoHintBar() throws {
        let (_, reader) = try reader("")
        #expect(!reader.text.contains("q:Quit"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        #expect(reader.lines[22].trimmingCharacters(in: .whitespaces).isEmpty)

        // `:set` turns it on while the reader runs.
        reader.press(.character(":"))
        reader.type("set show-keymap-hint yes")
        reader.press(.enter)
        #expect(reader.text.contains("q:Quit Enter:Open"))
        #expect(reader.lines[22].hasPrefix("q:Quit Enter:Open n:Next Unread r:Reload"))
    }

    @Test func swappedAndWithoutATitleBar() throws {
        let (_, swapped) = try reader("show-keymap-hint yes\nswap-title-and-hints yes\n")
        #expect(swapped.lines[0].hasPrefix("q:Quit Enter:Open"))
        #expect(swapped.lines[1].contains("(2/2) Harbour News"))
        #expect(swapped.lines[22].hasPrefix(" Tidings — Feeds"))

        let (_, untitled) = try reader("show-title-bar no\n")
        #expect(untitled.lines[0].contains("(2/2) Harbour News"))
        #expect(!untitled.text.contains("Tidings — Feeds"))
    }

    @Test func theHintColoursReachTheirCells() throws {
        let (_, reader) = try reader("""
            show-keymap-hint yes
            color info white blue
            color hint-key yellow red bold
            color hint-description green default
            color hint-separator default magenta
            """)
        let row = reader.frame.grid
        // `q:Quit Enter:…`: the key, the delimiter left to `info`, the description over `info`'s
        // background, the separator.
        #expect(row[22, 0].style == Style(foreground: .yellow, background: .red, attributes: .bold))
        #expect(row[22, 1].style == Style(foreground: .white, background: .blue))
        #expect(row[22, 2].style == Style(foreground: .green, background: .blue))
        #expect(row[22, 6].style == Style(foreground: .white, background: .magenta))
    }
}
