import Foundation
import TerminalUI
import Testing
@testable import TidingsApp

/// A frame of the reader written out as text and compared in full with a recorded one: a golden
/// frame. Every cell's character and every cell's style is in the comparison, so a colour that
/// changes on one word fails the test as surely as a letter does.
///
/// Use it where a test would otherwise compare a whole screen, or many lines of one; a few
/// lines or one cell's style read better as `#expect`s beside the code.
///
/// ```swift
/// let reader = try home.driver(rows: 6, columns: 44)
/// reader.settle()
/// try GoldenFrame(reader.frame).check("feed-list")
/// ```
///
/// `check` compares with `Tests/ReaderScreenTests/Frames/NAME.txt`. A missing file fails the
/// test and says how to record it: `RECORD_FRAMES=1 swift test --filter ReaderScreenTests`
/// writes every frame checked instead of comparing it. Read each file recorded before
/// committing it: a golden frame is only as good as its review.
///
/// The text has four parts, so that a diff shows which one changed:
/// ```
/// 6×44, cursor hidden (parked at 1,0), window title "Tidings (3 unread)"
/// ┌ text
///  Tidings — Feeds        3 unread in 2 feeds
///  N (2/2) 日本語のニュース
/// …
/// ┌ styles
/// aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
/// bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
/// …
/// ┌ legend
/// . plain
/// a reverse
/// b bold reverse
/// ```
/// The text is each row's characters, trailing blanks left out (a styled blank shows in the
/// styles). The styles give one letter per column (a wide character takes two), `.` for the
/// plain style, trailing `.` left out; the legend names each letter's colours and attributes,
/// letters given in the order the styles first appear. Pictures placed over the text, if any,
/// are listed last.
struct GoldenFrame: CustomStringConvertible {
    let description: String

    /// The reader's whole frame: bars, screen, cursor, window title and pictures.
    init(_ frame: ReaderFrame) {
        let cursor = frame.cursor.map { "cursor at \($0.row),\($0.column)" } ?? "cursor hidden (parked at \(frame.park.row),\(frame.park.column))"
        let pictures = frame.images.map { image in
            "picture \(image.box.height)×\(image.box.width) at \(image.origin.row),\(image.origin.column), "
                + "shown \(image.visible.height)×\(image.visible.width) at \(image.visible.row),\(image.visible.column)"
        }
        self.init(frame.grid, header: "\(cursor), window title \"\(frame.windowTitle)\"", pictures: pictures)
    }

    /// A grid on its own (a screen drawn without the bars, a renderer's rows).
    init(_ grid: CellGrid, header: String = "", pictures: [String] = []) {
        var legend: [Style: Character] = [.plain: "."]
        var order: [Style] = [.plain]
        let styles = (0..<grid.rows).map { row in
            var line = String((0..<grid.columns).map { column in
                let style = grid[row, column].style
                if let letter = legend[style] { return letter }
                let letter = Self.letters[(order.count - 1) % Self.letters.count]
                legend[style] = letter
                order.append(style)
                return letter
            })
            while line.last == "." { line.removeLast() }
            return line
        }
        let size = "\(grid.rows)×\(grid.columns)" + (header.isEmpty ? "" : ", " + header)
        var parts = [size, "┌ text"] + grid.lines + ["┌ styles"] + styles + ["┌ legend"]
        parts += order.map { "\(legend[$0]!) \(Self.name(of: $0))" }
        if !pictures.isEmpty { parts += ["┌ pictures"] + pictures }
        description = parts.joined(separator: "\n") + "\n"
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// A style as the legend names it: `plain`, or its colours (`cyan on color235`) and attributes.
    static func name(of style: Style) -> String {
        var words: [String] = []
        switch (style.foreground, style.background) {
        case (.default, .default): break
        case (let foreground, .default): words.append(name(of: foreground))
        case (.default, let background): words.append("on " + name(of: background))
        case (let foreground, let background): words.append(name(of: foreground) + " on " + name(of: background))
        }
        let attributes: [(Style.Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse")]
        words += attributes.filter { style.attributes.contains($0.0) }.map(\.1)
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }

    private static func name(of color: Color) -> String {
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        switch color {
        case .default: return "default"
        case .indexed(let index): return index < 8 ? names[Int(index)] : "color\(index)"
        }
    }

    // MARK: - Recording and comparing

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Frames")
    static let isRecording = ProcessInfo.processInfo.environment["RECORD_FRAMES"] == "1"

    /// Compares the frame with `Frames/NAME.txt` (records it instead with `RECORD_FRAMES=1`); a
    /// difference is reported line by line.
    func check(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = Self.directory.appendingPathComponent(name + ".txt")
        if Self.isRecording {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(description.utf8).write(to: file)
            return
        }
        guard let recorded = FileManager.default.contents(atPath: file.path) else {
            Issue.record("no golden frame Frames/\(name).txt: record it with RECORD_FRAMES=1 swift test --filter ReaderScreenTests, then read it",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: recorded, as: UTF8.self)
        guard expected != description else { return }
        Issue.record("frame \(name) differs from Frames/\(name).txt:\n\(Self.difference(expected, description))",
                     sourceLocation: sourceLocation)
    }

    /// The lines that differ, numbered, the recorded one (`-`) above the new one (`+`).
    static func difference(_ recorded: String, _ new: String) -> String {
        let old = recorded.components(separatedBy: "\n"), now = new.components(separatedBy: "\n")
        return (0..<max(old.count, now.count)).compactMap { index in
            let before = old.indices.contains(index) ? old[index] : nil, after = now.indices.contains(index) ? now[index] : nil
            guard before != after else { return nil }
            return "line \(index + 1):\n- \(before ?? "(none)")\n+ \(after ?? "(none)")"
        }.joined(separator: "\n")
    }
}
