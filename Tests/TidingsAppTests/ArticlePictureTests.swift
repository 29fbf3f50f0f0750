@testable import Configuration
import FeedStore
import Foundation
import ImageRendering
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// Pictures in the article view, headless: a feed whose article holds a picture served on
/// loopback between two paragraphs; the in-memory terminal records where each picture is placed
/// (cell, size, protocol, bytes), after scrolling, resizing and leaving too.
@MainActor
@Suite(.serialized) struct ArticlePictureTests {
    /// The image decoders' hostile test files.
    nonisolated static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImageRenderingTests/Fixtures")

    /// A red square `side` pixels wide, as a PNG.
    static func redSquare(side: Int) throws -> [UInt8] {
        let pixels = [UInt8]((0..<side * side).flatMap { _ in [255, 0, 0, 255] as [UInt8] })
        return try #require(DecodedImage(width: side, height: side, rgba: pixels).pngBytes())
    }

    /// A home whose one article holds the picture `file` (with `bytes`) between "First
    /// paragraph." and "Second paragraph.", then enough text to scroll; the reader opens it
    /// with `imageProtocol` on a terminal of `rows` × `columns` (cells of 10 × 20 pixels).
    private func openArticle(
        file: String, bytes: [UInt8], imageProtocol: ImageProtocolChoice, rows: Int = 24, columns: Int = 80, maxHeight: Int = 0
    ) async throws -> (HeadlessHome, HeadlessReader) {
        let home = try HeadlessHome()
        try Data(bytes).write(to: home.feeds.appendingPathComponent(file))
        let rest = (1...40).map { "<p>Line \($0) after the picture.</p>" }.joined()
        let html = "<p>First paragraph.</p><p><img src=\"\(home.server.url("/" + file))\" alt=\"A red square\"></p><p>Second paragraph.</p>\(rest)"
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Pictures</title><link>https://pictures.example/</link>
            <item><title>Red</title><link>https://pictures.example/red</link><guid>red</guid>
            <pubDate>20 Nov 2025 10:00:00 GMT</pubDate><description><![CDATA[\(html)]]></description></item></channel></rss>
            """, to: "feeds/pictures.xml")
        try home.subscribe([home.url("pictures")])
        var preferences = ReaderPreferences()
        preferences.imageProtocol = imageProtocol
        preferences.imageMaxHeight = maxHeight
        let reader = try home.startReader(rows: rows, columns: columns, preferences: preferences)
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("Red"))
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Red"))
        #expect(await reader.settle())
        return (home, reader)
    }

    private func row(of text: String, in reader: HeadlessReader) -> Int? {
        reader.lines.firstIndex { $0.contains(text) }
    }

    private func article(of reader: HeadlessReader) throws -> ArticleScreen {
        try #require(reader.app.navigation.top as? ArticleScreen)
    }

    @Test func aKittyPictureStandsBetweenTheParagraphsAndFollowsScrollingResizingAndLeaving() async throws {
        let (home, reader) = try await openArticle(file: "red.png", bytes: try Self.redSquare(side: 200), imageProtocol: .kitty)
        // 200 pixels in cells of 10 × 20: 20 columns, 10 rows (the view has 22 rows: at most 11).
        let placement = try #require(reader.terminal.imagePlacements.first)
        #expect(reader.terminal.imagePlacements.count == 1)
        #expect(placement.image.graphicsProtocol == .kitty)
        #expect(placement.image.fit == ImageFit(columns: 20, rows: 10))
        let first = try #require(row(of: "First paragraph.", in: reader))
        let second = try #require(row(of: "Second paragraph.", in: reader))
        #expect(placement.box.row > first && placement.box.bottom < second)
        #expect(placement.origin.column == 0 && placement.isWhole)
        // The rows reserved are blank; the label is the caption under the picture.
        for row in placement.box.row..<placement.box.bottom { #expect(reader.lines[row].isEmpty) }
        #expect(reader.lines[placement.box.bottom].contains("[image 1: A red square]"))
        // The bytes the terminal gets are the served picture: red, at the size of the box.
        let png = try #require(placement.image.png)
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.width == 200 && decoded.height == 200)
        #expect(decoded.pixel(x: 100, y: 100) == (255, 0, 0, 255))
        #expect(try home.server.requests().contains { ($0["path"] as? String) == "/red.png" })

        // Scrolling moves it up a row at a time; partly out, it is clipped to the text (never the
        // title bar); wholly out, it is gone.
        reader.press(.down)
        let moved = try #require(reader.terminal.imagePlacements.first)
        #expect(moved.box.row == placement.box.row - 1)
        // Until its first row is under the title bar (row 0).
        for _ in 0..<(placement.box.row - 1) { reader.press(.down) }
        let clipped = try #require(reader.terminal.imagePlacements.first)
        #expect(clipped.box.row == 0 && clipped.visible.row == 1 && !clipped.isWhole)
        #expect(clipped.visiblePixelRows == 20..<200)
        for _ in 0..<10 { reader.press(.down) }
        #expect(reader.terminal.imagePlacements.isEmpty)
        reader.press(.home)
        #expect(reader.terminal.imagePlacements.first?.box == placement.box)

        // Narrower: drawn again for the new width, still between the paragraphs.
        reader.terminal.resize(rows: 24, columns: 12)
        #expect(await reader.settle())
        let narrow = try #require(reader.terminal.imagePlacements.first)
        #expect(narrow.image.fit == ImageFit(columns: 12, rows: 6))
        #expect(narrow.box.row > (row(of: "First", in: reader) ?? .max))
        // The header wraps at 12 columns: the second paragraph is below the screen now.
        #expect(narrow.isWhole && narrow.clip.bottom == 23)
        #expect(narrow.image.id != placement.image.id)

        // Leaving the article takes it away.
        reader.press(.character("q"))
        #expect(reader.terminal.imagePlacements.isEmpty)
    }

    @Test func iHidesThePicturesAndShowsThemAgain() async throws {
        let (_, reader) = try await openArticle(file: "red.png", bytes: try Self.redSquare(side: 200), imageProtocol: .sixel)
        let placement = try #require(reader.terminal.imagePlacements.first)
        #expect(placement.image.graphicsProtocol == .sixel)
        guard case .sequence(let sixel) = placement.image.content else { Issue.record("no sixel data"); return }
        #expect(sixel.starts(with: [0x1B, 0x50]))  // DCS
        reader.press(.character("i"))
        #expect(reader.terminal.imagePlacements.isEmpty)
        #expect(reader.text.contains("Pictures hidden"))
        let first = try #require(row(of: "First paragraph.", in: reader))
        #expect(reader.lines[first + 2].contains("[image 1: A red square]"))
        #expect(reader.lines[first + 4].contains("Second paragraph."))
        reader.press(.character("i"))
        #expect(reader.terminal.imagePlacements.first?.box == placement.box)
        reader.press(.character("?"))
        #expect(reader.text.contains("Show or hide the article's pictures"))
    }

    @Test func aPictureReadyAboveTheTopDoesNotMoveTheTextShown() async throws {
        // Every answer takes half a second: the article is scrolled before its picture comes.
        let home = try HeadlessHome(delay: 0.5)
        try Data(try Self.redSquare(side: 200)).write(to: home.feeds.appendingPathComponent("red.png"))
        let rest = (1...40).map { "<p>Line \($0) after the picture.</p>" }.joined()
        let html = "<p>First paragraph.</p><p><img src=\"\(home.server.url("/red.png"))\" alt=\"A red square\"></p><p>Second paragraph.</p>\(rest)"
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Pictures</title><link>https://pictures.example/</link>
            <item><title>Red</title><link>https://pictures.example/red</link><guid>red</guid>
            <description><![CDATA[\(html)]]></description></item></channel></rss>
            """, to: "feeds/pictures.xml")
        try home.subscribe([home.url("pictures")])
        var preferences = ReaderPreferences()
        preferences.imageProtocol = .kitty
        let reader = try home.startReader(preferences: preferences)
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("Red"))
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Red"))
        for _ in 0..<40 where !reader.lines[1].contains("Line 8 after") { reader.press(.down) }
        #expect(reader.terminal.imagePlacements.isEmpty)
        let top = reader.lines[1]
        #expect(top.contains("Line 8 after the picture."))
        #expect(await reader.waitUntil { !reader.terminal.imagePlacements.isEmpty || (try? article(of: reader).drawnPictureCount) == 1 })
        #expect(await reader.settle())
        #expect(reader.lines[1] == top)
    }

    @Test func setImageProtocolTakesEffectInTheOpenArticle() async throws {
        let (_, reader) = try await openArticle(file: "red.png", bytes: try Self.redSquare(side: 200), imageProtocol: .kitty)
        #expect(reader.terminal.imagePlacements.first?.image.graphicsProtocol == .kitty)
        reader.type(":set image-protocol none")
        reader.press(.enter)
        #expect(reader.terminal.imagePlacements.isEmpty)
        #expect(reader.text.contains("[image 1: A red square]"))
        reader.type(":set image-protocol blocks")
        reader.press(.enter)
        #expect(await reader.settle())
        #expect(reader.terminal.imagePlacements.first?.image.graphicsProtocol == .blocks)
    }

    @Test func blocksAreCellsOfTheFrame() async throws {
        let (_, reader) = try await openArticle(file: "red.png", bytes: try Self.redSquare(side: 200), imageProtocol: .blocks, maxHeight: 4)
        let placement = try #require(reader.terminal.imagePlacements.first)
        // image-max-height 4: 4 rows, the width that keeps the aspect (80 pixels: 8 columns).
        #expect(placement.image.fit == ImageFit(columns: 8, rows: 4))
        let cell = reader.terminal.screen[placement.box.row, placement.box.column]
        // Red in the 240 colours above the themed 16: 196 is the cube's pure red.
        #expect(cell.style.foreground == .indexed(196) || cell.style.background == .indexed(196))
    }

    @Test func noneKeepsTheLabelAndDownloadsNothing() async throws {
        let (home, reader) = try await openArticle(file: "red.png", bytes: try Self.redSquare(side: 200), imageProtocol: .none)
        #expect(reader.terminal.imagePlacements.isEmpty)
        let first = try #require(row(of: "First paragraph.", in: reader))
        #expect(reader.lines[first + 2].contains("[image 1: A red square]"))
        #expect(reader.lines[first + 4].contains("Second paragraph."))
        #expect(try !home.server.requests().contains { ($0["path"] as? String) == "/red.png" })
        reader.press(.character("i"))
        #expect(reader.text.contains("Pictures are not drawn here"))
    }

    @Test(arguments: ["bomb.png", "svg-as-png.png", "html-as-png.png", "truncated.png", "huge.png"])
    func aHostilePictureLeavesItsLabel(_ name: String) async throws {
        let bytes: [UInt8]
        if name == "huge.png" {
            // A real PNG signature, then more than the 16 MiB cap: refused during the download.
            bytes = try Self.redSquare(side: 8) + [UInt8](repeating: 0, count: 17 << 20)
        } else {
            bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        }
        let (_, reader) = try await openArticle(file: name, bytes: bytes, imageProtocol: .kitty)
        #expect(reader.terminal.imagePlacements.isEmpty)
        let first = try #require(row(of: "First paragraph.", in: reader))
        #expect(reader.lines[first + 2].contains("[image 1: A red square]"))
        let states = try article(of: reader).pictures.values
        #expect(states.count == 1)
        guard case .refused(let reason)? = states.first else {
            Issue.record("\(name) was not refused")
            return
        }
        #expect(!reason.isEmpty && !reason.contains("\n"))
        // The keys still work.
        reader.press(.down)
        #expect(reader.app.navigation.top is ArticleScreen)
    }
}
