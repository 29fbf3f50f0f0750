import Foundation
import ImageRendering
import TestSupport
import Testing

/// Issue 33's acceptance test: the real binary in a raw pseudo-terminal (tmux would swallow the
/// pictures), an article holding a red square served on loopback between two paragraphs. The
/// picture sequences it writes are decoded back — kitty's base64 PNG here, the sixel data by
/// libsixel's `sixel2png` — and must give the served colour at the expected size, written with
/// the cursor between the two paragraphs' rows. With `image-protocol none`, the label only.
@Suite(.serialized, .enabled(if: TidingsBinary.path != nil && PictureTools.available, "needs TIDINGS_BINARY, python3-pyte and sixel2png (make test)"))
struct PictureProtocolTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/pty_graphics.py").path
    static let python = PictureTools.python
    static let sixel2png = PictureTools.sixel2png

    struct Report: Decodable {
        struct Graphic: Decodable {
            var kind: String
            var row: Int
            var column: Int
            var base64: String
            var bytes: [UInt8] { [UInt8](Data(base64Encoded: base64) ?? Data()) }
        }

        var screen: [String]
        var graphics: [Graphic]
        var failed: String?

        func row(of text: String) -> Int? { screen.firstIndex { $0.contains(text) } }
    }

    @discardableResult
    static func run(_ program: String, _ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(input)
            try inputPipe.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// Opens the article with `image-protocol` set to `imageProtocol` in a 24 × 80 pty whose
    /// cells are 10 × 20 pixels, and waits for `pictures` picture sequences.
    /// `served` replaces the red square's bytes; `waitingFor` are steps before quitting.
    private func openArticle(imageProtocol: String, pictures: Int, served: [UInt8]? = nil,
                             waitingFor: (ReaderEndToEndTests.Home) -> [[String: Any]] = { _ in [] }) throws -> (ReaderEndToEndTests.Home, Report) {
        let home = try ReaderEndToEndTests.Home()
        let side = 200
        let red = [UInt8]((0..<side * side).flatMap { _ in [255, 0, 0, 255] as [UInt8] })
        let png = try #require(DecodedImage(width: side, height: side, rgba: red).pngBytes())
        try Data(served ?? png).write(to: home.feeds.appendingPathComponent("red.png"))
        let html = "<p>First paragraph.</p><p><img src=\"\(home.server.url("/red.png"))\" alt=\"A red square\"></p><p>Second paragraph.</p>"
        try home.write(ReaderEndToEndTests.rss(title: "Pictures", items: [
            (title: "Red", link: "https://pictures.example/red", date: "Fri, 21 Nov 2025 10:00:00 GMT", body: html),
        ]), to: "feeds/pictures.xml")
        try home.write("\(home.server.url("/pictures.xml"))\n", to: "config/tidings/urls")
        try home.write("image-protocol \(imageProtocol)\n", to: "config/tidings/config")
        var steps: [[String: Any]] = [
            ["wait": "Tidings — Feeds"], ["send": "R"], ["wait": "Reloaded 1 feed"], ["send": "\r"], ["wait": "Red"],
            ["send": "\r"], ["wait": "Title: Red"],
        ]
        steps.append(pictures > 0 ? ["wait_graphics": pictures] : ["wait": "[image 1: A red square]"])
        steps += waitingFor(home)
        steps.append(["send": "Q"])
        let stepsFile = home.root.appendingPathComponent("steps.json")
        try JSONSerialization.data(withJSONObject: steps).write(to: stepsFile)
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        environment["PATH"] = "/usr/bin:/bin"
        let arguments = [Self.script, "--rows", "24", "--columns", "80", "--cell", "10x20", "--steps", stepsFile.path, "--",
                         "/usr/bin/env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [TidingsBinary.path!]
        let (_, output) = try Self.run(Self.python, arguments)
        let report = try JSONDecoder().decode(Report.self, from: output)
        #expect(report.failed == nil, "stopped waiting for \(report.failed ?? ""); screen:\n\(report.screen.joined(separator: "\n"))")
        return (home, report)
    }

    /// Where the picture must stand: below "First paragraph.", above "Second paragraph.".
    private func expectBetweenTheParagraphs(_ row: Int, in report: Report) {
        guard let first = report.row(of: "First paragraph."), let second = report.row(of: "Second paragraph.") else {
            Issue.record("paragraphs not on screen:\n\(report.screen.joined(separator: "\n"))")
            return
        }
        #expect(row > first && row + 10 <= second, "picture at row \(row), paragraphs at \(first) and \(second)")
    }

    @Test func kittyPayloadDecodesToTheServedRedSquare() throws {
        let (_, report) = try openArticle(imageProtocol: "kitty", pictures: 1)
        let kitty = report.graphics.filter { $0.kind == "kitty" }
        let first = try #require(kitty.first)
        // The chunks of the first transmission: keys then base64, up to the one with m=0.
        var payload = ""
        var keys = ""
        for chunk in kitty {
            let body = String(decoding: chunk.bytes.dropFirst(3).dropLast(2), as: UTF8.self)
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            if keys.isEmpty { keys = String(parts[0]) }
            payload += parts.count > 1 ? String(parts[1]) : ""
            if parts[0].contains("m=0") { break }
        }
        #expect(keys.contains("a=T") && keys.contains("f=100") && keys.contains("c=20") && keys.contains("r=10"))
        let png = try #require(Data(base64Encoded: payload))
        let image = try ImageDecoder.decode([UInt8](png))
        #expect(image.width == 200 && image.height == 200)
        #expect(image.pixel(x: 100, y: 100) == (255, 0, 0, 255))
        #expect(first.column == 0)
        expectBetweenTheParagraphs(first.row, in: report)
        // The reserved rows are blank under the picture; its label is the caption below it.
        #expect(report.screen[first.row + 10].contains("[image 1: A red square]"))
    }

    @Test func sixelDataDecodesToTheServedRedSquare() throws {
        let (home, report) = try openArticle(imageProtocol: "sixel", pictures: 1)
        let sixel = try #require(report.graphics.first { $0.kind == "sixel" })
        let (status, pngData) = try Self.run(Self.sixel2png, [], input: Data(sixel.bytes))
        #expect(status == 0)
        let decodedFile = home.root.appendingPathComponent("sixel.png")
        try pngData.write(to: decodedFile)
        let image = try ImageDecoder.decode([UInt8](pngData))
        // 20 × 10 cells of 10 × 20 pixels; sixel bands are 6 pixels high and chafa stops at the
        // last whole band (198), so that the row under the picture is never drawn over.
        #expect(image.width == 200 && (195...200).contains(image.height), "\(image.width) × \(image.height)")
        let centre = image.pixel(x: 100, y: 100)
        #expect(centre.red > 200 && centre.green < 40 && centre.blue < 40, "\(centre)")
        #expect(sixel.column == 0)
        expectBetweenTheParagraphs(sixel.row, in: report)
    }

    @Test func aDecompressionBombIsRefusedInOneLoggedLineAndLeavesTheLabel() throws {
        let bomb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageRenderingTests/Fixtures/bomb.png")
        let reason = "not shown: image of 100000 × 100000 pixels is over the limit"
        let (home, report) = try openArticle(imageProtocol: "kitty", pictures: 0, served: [UInt8](try Data(contentsOf: bomb))) { home in
            [["wait_file": home.path("data/tidings/tidings.log"), "text": reason]]
        }
        #expect(report.graphics.isEmpty)
        let first = try #require(report.row(of: "First paragraph."))
        #expect(report.screen[first + 2].contains("[image 1: A red square]"))
        let log = try String(contentsOfFile: home.path("data/tidings/tidings.log"), encoding: .utf8)
        let lines = log.split(separator: "\n").filter { $0.contains("red.png") }
        #expect(lines.count == 1 && lines[0].contains(reason), "\(lines)")
    }

    @Test func noneWritesNoPictureAndKeepsTheLabel() throws {
        let (_, report) = try openArticle(imageProtocol: "none", pictures: 0)
        #expect(report.graphics.isEmpty)
        let first = try #require(report.row(of: "First paragraph."))
        #expect(report.screen[first + 2].contains("[image 1: A red square]"))
    }
}

/// The programs the acceptance test needs besides the binary (`make test-deps` installs them).
enum PictureTools {
    /// Debian's Python, which has python3-pyte (another python3 may come first in PATH).
    static let python = "/usr/bin/python3"
    static let sixel2png = "/usr/bin/sixel2png"

    static let available: Bool = FileManager.default.isExecutableFile(atPath: sixel2png)
        && (try? PictureProtocolTests.run(python, ["-c", "import pyte"]).status) == 0
}
