import Dispatch
import Glibc
import TerminalUI

// A screen of the real terminal and nothing of the reader, for TerminalUITests' pty tests
// (`TerminalPtyTests`, through Tests/Support/pty_graphics.py): what CursesTerminal writes and
// what it reads back, in a pseudo-terminal.
//
//     terminal-probe [mouse] [hyperlinks]
//
// `mouse` turns mouse reporting on, `hyperlinks` the OSC 8 hyperlinks. It shows "probe ready";
// on row 2 a link (`example`, to https://example.com/a); on rows 3 and 4 one link wrapped over
// both; on row 6 a link whose address carries escape sequences; on row 8 the keys of the last
// batch read, a resize left out. `s` hands the screen over and takes it back (`suspend`), `q`
// quits.

let hostileAddress = "https://evil.example/\u{1B}]8;;\u{1B}\\\u{1B}[2J\u{07}PWNED\u{9B}31m\u{85}\u{7F}end"

let arguments = Set(CommandLine.arguments.dropFirst())
let terminal: CursesTerminal
do {
    terminal = try CursesTerminal()
} catch {
    print("terminal-probe: \(error)")
    exit(1)
}
terminal.reportsMouse = arguments.contains("mouse")
terminal.writesHyperlinks = arguments.contains("hyperlinks")
var lastKeys = "none"

@MainActor func drawScreen() {
    var grid = CellGrid(rows: terminal.rows, columns: terminal.columns)
    grid.put("probe ready", row: 0, column: 0)
    let next = grid.put("Plain ", row: 2, column: 0)
    grid.put("example", row: 2, column: next, style: .underline, link: "https://example.com/a")
    var wrapped = StyledText("see ")
    wrapped.append("the wrapped link text", style: .bold, link: "https://example.com/wrapped")
    for (offset, line) in wrapped.wrapped(width: 16).enumerated() {
        grid.put(line, row: 3 + offset, column: 0)
    }
    grid.put("hostile", row: 6, column: 0, link: hostileAddress)
    grid.put("keys: \(lastKeys)", row: 8, column: 0)
    terminal.draw(grid, cursor: nil, park: Position(row: 0, column: 0))
}

terminal.startEventHandling(keys: { keys in
    for key in keys {
        if key == .character("q") {
            terminal.stop()
            exit(0)
        }
        if key == .character("s") { terminal.suspend {} }
    }
    // The pty's size arrives as a resize, in the same batch as the first keys or not.
    lastKeys = keys.filter { $0 != .resize }.map(\.description).joined(separator: " ")
    drawScreen()
}, termination: nil)
drawScreen()
dispatchMain()
