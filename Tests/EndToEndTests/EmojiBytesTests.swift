import Foundation
import Testing

/// Issue 45 §2: emoji joined by U+200D reach the terminal whole. The real binary runs in a raw
/// pseudo-terminal and opens an article full of emoji sequences; the bytes it writes are read back.
/// A sequence one ncurses cell can hold (five characters at most) is written as it came; a longer
/// one as its emoji side by side (the documented stand-in); no joiner is ever written without the
/// emoji it joins after it.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && PictureTools.available, "needs TIDINGS_BINARY and python3-pyte (make test)"))
struct EmojiBytesTests {
    struct Report: Decodable {
        var screen: [String]
        var output: String
        var failed: String?
        var bytes: [UInt8] { [UInt8](Data(base64Encoded: output) ?? Data()) }
    }

    static let body = "<p>dev 👩🏽‍💻 flag 🏳️‍🌈 family 👨‍👩‍👧‍👦 pair 🧑🏻‍🤝‍🧑🏿 heart ❤️ key 1️⃣ thumb 👍🏽 end.</p>"

    /// Opens the article in a 24 × 80 pty and returns what the reader wrote. pyte, which replays
    /// the screen, stops drawing a row at a joined emoji: the end of the article is waited for
    /// in the bytes.
    static func openArticle() throws -> Report {
        let home = try ReaderEndToEndTests.Home()
        try home.write(ReaderEndToEndTests.rss(title: "Emoji", items: [
            (title: "Joined", link: "https://emoji.example/1", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: body),
        ]), to: "feeds/emoji.xml")
        try home.write("\(home.server.url("/emoji.xml"))\n", to: "config/tidings/urls")
        let steps: [[String: Any]] = [
            ["wait": "Tidings — Feeds"], ["send": "R"], ["wait": "Reloaded 1 feed"], ["send": "\r"], ["wait": "Joined"],
            ["send": "\r"], ["wait": "Title: Joined"], ["wait_output": "end."], ["send": "Q"],
        ]
        let stepsFile = home.root.appendingPathComponent("steps.json")
        try JSONSerialization.data(withJSONObject: steps).write(to: stepsFile)
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        environment["PATH"] = "/usr/bin:/bin"
        let arguments = [PictureProtocolTests.script, "--rows", "24", "--columns", "80", "--steps", stepsFile.path, "--",
                         "/usr/bin/env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [TidingsBinary.path!]
        let (_, output) = try PictureProtocolTests.run(PictureTools.python, arguments)
        let report = try JSONDecoder().decode(Report.self, from: output)
        #expect(report.failed == nil, "stopped waiting for \(report.failed ?? ""); screen:\n\(report.screen.joined(separator: "\n"))")
        return report
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let wanted = Array(text.utf8)
        guard bytes.count >= wanted.count else { return false }
        return (0...(bytes.count - wanted.count)).contains { bytes[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }

    @Test func joinedEmojiAreWrittenWholeOrSideBySide() throws {
        let report = try Self.openArticle()
        let bytes = report.bytes
        // Five characters or fewer: as written.
        for whole in ["👩🏽‍💻", "🏳️‍🌈", "❤️", "1️⃣", "👍🏽"] {
            let isWhole = Self.contains(bytes, whole)
            #expect(isWhole, "\(whole) is not written whole")
        }
        // Longer: the stand-in, its emoji side by side.
        for standIn in ["👨👩👧👦", "🧑🏻🤝"] {
            let isWritten = Self.contains(bytes, standIn)
            #expect(isWritten, "no stand-in \(standIn)")
        }
        // Every joiner written has an emoji on either side of it.
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "\u{200D}" {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            #expect(next.map { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0xFF } == true,
                    "a joiner followed by \(next.map { String(format: "U+%04X", $0.value) } ?? "nothing")")
            #expect(index > 0 && scalars[index - 1].value > 0xFF, "a joiner after \(String(format: "U+%04X", scalars[max(index - 1, 0)].value))")
        }
    }
}
