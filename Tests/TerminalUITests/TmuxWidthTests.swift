import Foundation
import TestSupport
import Testing
@testable import TerminalUI

/// Checks the width rule against what a real terminal draws: each sample, in the form the grid
/// would send it, is printed in a private tmux server and the cursor column compared with
/// ``DisplayWidth``.
@Suite(.serialized, .enabled(if: TmuxTool.path != nil, "needs tmux (make test installs it)"))
struct TmuxWidthTests {
    @Test(arguments: [
        "日本語", "ｶﾀｶﾅ", "한국어", "e\u{301}", "👍", "❤️", "👍🏽", "👩🏽‍💻", "👨‍👩‍👧", "🇯🇵", "1️⃣", "☀️", "🏳️‍🌈", "👨‍👩‍👧‍👦", "🧑🏻‍🤝‍🧑🏿", "\u{1B}[2J", "a\u{202E}b",
        "\u{1100}\u{1161}\u{11A8}", "Ａ",
    ])
    func tmuxDrawsWhatWeMeasure(sample: String) throws {
        var grid = CellGrid(rows: 1, columns: 40)
        grid.put(sample, row: 0, column: 0)
        let drawn = String(grid.rowText(0).reversed().drop(while: { $0 == " " }).reversed())
        let column = try Self.cursorColumn(afterPrinting: drawn)
        #expect(column == DisplayWidth.of(sample), "sample \(sample.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Prints `text` in a fresh tmux server and returns the cursor column afterwards.
    static func cursorColumn(afterPrinting text: String) throws -> Int {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-width-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sample")
        try Data(text.utf8).write(to: file)
        let socket = "tidings-width-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { _ = try? TmuxTool.run(["-L", socket, "kill-server"]) }
        _ = try TmuxTool.run(["-L", socket, "-f", "/dev/null", "-u", "new-session", "-d", "-x", "60", "-y", "5",
                     "env LANG=C.UTF-8 LC_ALL=C.UTF-8 sh -c 'cat \(file.path); printf @; sleep 30'"])
        // Wait (bounded) until the marker has been drawn, then measure before it.
        for _ in 0..<100 {
            let screen = try TmuxTool.run(["-L", socket, "capture-pane", "-p"])
            if screen.contains("@") {
                let cursor = try TmuxTool.run(["-L", socket, "display", "-p", "#{cursor_x}"])
                return (Int(cursor.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1) - 1
            }
            usleep(50_000)
        }
        throw CocoaError(.fileReadUnknown)
    }
}
