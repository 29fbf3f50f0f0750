import Foundation
import Testing

/// ``CursesTerminal`` in a real pseudo-terminal: `terminal-probe` (Tests/TerminalProbe), run by
/// Tests/Support/pty_graphics.py, which types into it and reports every byte it wrote and the
/// screen those bytes make (replayed through pyte). Mouse reports are asked for and come back
/// as keys; links are written as OSC 8 around their cells, and only when asked.
@Suite(.serialized, .enabled(if: TerminalProbe.isAvailable, "needs terminal-probe (swift build) and python3-pyte (make test-deps)"))
struct TerminalPtyTests {
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    /// terminfo's `kmous` is `\E[<` for xterm and `\E[M` for tmux and screen: either way the
    /// report reaches KeyDecoder whole.
    @Test(arguments: ["xterm-256color", "tmux-256color", "screen-256color"])
    func mouseReportingIsAskedForAndAClickComesBackAsAKey(term: String) throws {
        let report = try TerminalProbe.run(["mouse"], term: term, steps: [
            ["wait": "probe ready"],
            ["send": "\u{1B}[<0;5;3M"], ["wait": "keys: Left-press at 2,4"],
            ["send": "\u{1B}[<0;5;3m"], ["wait": "keys: Release at 2,4"],
            ["send": "\u{1B}[<65;10;4M"], ["wait": "keys: Wheel-down at 3,9"],
            ["send": "\u{1B}[<18;1;1M"], ["wait": "keys: Ctrl-Right-press at 0,0"],
            ["send": "s"], ["wait": "keys: s"],
            ["send": "q"], ["wait_exit": true],
        ])
        #expect(report.failed == nil, "stopped waiting for \(report.failed ?? "")\n\(report.screen.joined(separator: "\n"))")
        // On at start, off while another program has the screen and on again, off at the end.
        let switches = report.occurrences(of: [Self.mouseOn, Self.mouseOff])
        #expect(switches == [Self.mouseOn, Self.mouseOff, Self.mouseOn, Self.mouseOff])
    }

    @Test func withoutMouseReportingNothingIsAskedFor() throws {
        let report = try TerminalProbe.run([], steps: [["wait": "probe ready"], ["send": "q"], ["wait_exit": true]])
        #expect(report.failed == nil)
        #expect(report.occurrences(of: [Self.mouseOn]).isEmpty)
    }

    @Test func linkedCellsAreWrittenInsideOSC8WithTheirRowsIntact() throws {
        let report = try TerminalProbe.run(["hyperlinks"], steps: [["wait": "probe ready"], ["send": "q"], ["wait_exit": true]])
        #expect(report.failed == nil)
        let links = report.hyperlinks()
        let example = try #require(links.first { $0.address == "https://example.com/a" })
        #expect(example.text == "example")
        #expect(example.movedTo == "3;7", "written from its own cell")
        // One link wrapped over two rows: one id on both.
        let wrapped = links.filter { $0.address == "https://example.com/wrapped" }
        #expect(wrapped.map(\.text) == ["the wrapped", "link text"])
        #expect(Set(wrapped.map(\.id)).count == 1 && wrapped[0].id != example.id)
        // What ncurses drew is unchanged: the text, and nothing of the hostile address.
        #expect(Array(report.screen[2...6]) == ["Plain example", "see the wrapped", "link text", "", "hostile"])
        #expect(!report.screen.joined().contains("PWNED"))
    }

    @Test func anAddressWithEscapesCannotBreakOut() throws {
        let report = try TerminalProbe.run(["hyperlinks"], steps: [["wait": "probe ready"], ["send": "q"], ["wait_exit": true]])
        #expect(report.failed == nil)
        let hostile = try #require(report.hyperlinks().first { $0.text == "hostile" })
        // ESC, BEL, C1 (CSI, NEL) and DEL are gone; the rest stays inside the address.
        #expect(hostile.address == "https://evil.example/]8;;\\[2JPWNED31mend")
        #expect(report.screen[6] == "hostile")
    }

    @Test func noHyperlinkIsWrittenUnlessAskedFor() throws {
        let report = try TerminalProbe.run([], steps: [["wait": "probe ready"], ["send": "q"], ["wait_exit": true]])
        #expect(report.failed == nil)
        #expect(report.screen[2] == "Plain example")
        #expect(!report.output.contains(Array("\u{1B}]8;".utf8)))
    }
}

/// The probe and the script that runs it in a pty.
enum TerminalProbe {
    static let python = "/usr/bin/python3"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/pty_graphics.py").path
    /// Built beside the test bundle.
    static let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("terminal-probe").path

    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import pyte"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    struct Report: Decodable {
        var screen: [String]
        var failed: String?
        private var output64: String

        enum CodingKeys: String, CodingKey {
            case screen, failed
            case output64 = "output"
        }

        /// Every byte the probe wrote.
        var output: [UInt8] { [UInt8](Data(base64Encoded: output64) ?? Data()) }

        /// Which of `sequences` the output holds, in the order written.
        func occurrences(of sequences: [String]) -> [String] {
            let bytes = output
            var found: [String] = []
            var index = 0
            while index < bytes.count {
                if let match = sequences.first(where: { bytes[index...].starts(with: Array($0.utf8)) }) {
                    found.append(match)
                    index += match.utf8.count
                } else {
                    index += 1
                }
            }
            return found
        }

        /// One OSC 8 hyperlink as written: its id, its address, the text written inside it
        /// (escape sequences left out) and where the cursor was sent just before (`row;column`).
        struct Hyperlink {
            var id: String
            var address: String
            var text: String
            var movedTo: String?
        }

        func hyperlinks() -> [Hyperlink] {
            let text = String(decoding: output, as: UTF8.self)
            var links: [Hyperlink] = []
            var rest = text[...]
            while let open = rest.range(of: "\u{1B}]8;") {
                let before = rest[..<open.lowerBound]
                let movedTo = before.range(of: "\u{1B}[", options: .backwards).map { before[$0.upperBound...] }
                    .flatMap { $0.hasSuffix("H") ? String($0.dropLast()) : nil }
                rest = rest[open.upperBound...]
                guard let end = rest.range(of: "\u{1B}\\") else { break }
                let fields = rest[..<end.lowerBound].split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                rest = rest[end.upperBound...]
                guard fields.count == 2, fields[0].hasPrefix("id=") else { continue }
                let close = rest.range(of: "\u{1B}]8;;\u{1B}\\") ?? rest.endIndex..<rest.endIndex
                links.append(Hyperlink(id: String(fields[0].dropFirst(3)), address: String(fields[1]),
                                       text: Self.visibleText(rest[..<close.lowerBound]), movedTo: movedTo))
                rest = rest[close.upperBound...]
            }
            return links
        }

        /// `text` without its control sequences (CSI … final byte).
        private static func visibleText(_ text: Substring) -> String {
            var visible = ""
            var iterator = text.unicodeScalars.makeIterator()
            while let scalar = iterator.next() {
                if scalar == "\u{1B}" {
                    guard let kind = iterator.next() else { break }
                    if kind == "[" {
                        while let next = iterator.next(), !(0x40...0x7E).contains(next.value) {}
                    } else if kind == "(" {
                        _ = iterator.next()
                    }
                } else {
                    visible.unicodeScalars.append(scalar)
                }
            }
            return visible
        }
    }

    static func run(_ arguments: [String], term: String = "xterm-256color", steps: [[String: Any]]) throws -> Report {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("terminal-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stepsFile = directory.appendingPathComponent("steps.json")
        try JSONSerialization.data(withJSONObject: steps).write(to: stepsFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--rows", "24", "--columns", "80", "--steps", stepsFile.path, "--",
                             "/usr/bin/env", "-i", "TERM=\(term)", "LANG=C.UTF-8", path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Report.self, from: data)
    }
}
