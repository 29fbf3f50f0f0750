@testable import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// The key-hint bar (`show-keymap-hint`), `swap-title-and-hints` and `show-title-bar` on the
/// whole reader: the hints are the keys bound now, in the colours the config file gives.
@MainActor
@Suite(.serialized) struct KeyHintBarTests {
    /// A home with one served feed, reloaded once, the reader on the feed list with `config`.
    private func reader(_ config: String) async throws -> (HeadlessHome, HeadlessReader) {
        let parsed = Config(parsing: config)
        #expect(parsed.warnings.isEmpty)
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21)])
        try home.subscribe([home.url("news")])
        let reader = try home.startReader(preferences: parsed.readerPreferences)
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("(2/2) Harbour News"))
        #expect(await reader.settle())
        return (home, reader)
    }

    @Test func theHintsAreTheKeysBoundOnEachScreen() async throws {
        let (_, reader) = try await reader("""
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
        #expect(await reader.waitFor("New quay opens"))
        #expect(reader.lines[22] == "q:Quit Enter:Open r:Reload n:Next Unread A:Mark All Read /:Search ?:Help")
        reader.press(.enter)
        #expect(await reader.waitFor("Title: New quay opens"))
        // Tidings' keys where newsboat's do something else: `S` saves, `E` enqueues.
        #expect(reader.lines[22] == "q:Quit S:Save n:Next Unread o:Open in Browser E:Enqueue ?:Help")
        #expect(await reader.settle())
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

    @Test func withoutTheOptionThereIsNoHintBar() async throws {
        let (_, reader) = try await reader("")
        #expect(!reader.text.contains("q:Quit"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        #expect(reader.lines[22].trimmingCharacters(in: .whitespaces).isEmpty)

        // `:set` turns it on while the reader runs.
        reader.press(.character(":"))
        reader.type("set show-keymap-hint yes")
        reader.press(.enter)
        #expect(await reader.waitFor("q:Quit Enter:Open"))
        #expect(reader.lines[22].hasPrefix("q:Quit Enter:Open n:Next Unread r:Reload"))
        #expect(await reader.settle())
    }

    @Test func swappedAndWithoutATitleBar() async throws {
        let (_, swapped) = try await reader("show-keymap-hint yes\nswap-title-and-hints yes\n")
        #expect(swapped.lines[0].hasPrefix("q:Quit Enter:Open"))
        #expect(swapped.lines[1].contains("(2/2) Harbour News"))
        #expect(swapped.lines[22].hasPrefix(" Tidings — Feeds"))

        let (_, untitled) = try await reader("show-title-bar no\n")
        #expect(untitled.lines[0].contains("(2/2) Harbour News"))
        #expect(!untitled.text.contains("Tidings — Feeds"))
    }

    @Test func theHintColoursReachTheirCells() async throws {
        let (_, reader) = try await reader("""
            show-keymap-hint yes
            color info white blue
            color hint-key yellow red bold
            color hint-description green default
            color hint-separator default magenta
            """)
        let row = reader.terminal.screen
        // `q:Quit Enter:…`: the key, the delimiter left to `info`, the description over `info`'s
        // background, the separator.
        #expect(row[22, 0].style == Style(foreground: .yellow, background: .red, attributes: .bold))
        #expect(row[22, 1].style == Style(foreground: .white, background: .blue))
        #expect(row[22, 2].style == Style(foreground: .green, background: .blue))
        #expect(row[22, 6].style == Style(foreground: .white, background: .magenta))
    }
}
