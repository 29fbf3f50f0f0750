import Configuration
import Foundation
import ImageRendering
import ReaderTesting
import TerminalUI
import TestSupport
import Testing

/// Pictures of the article view downloaded for real: a picture served on loopback between two
/// paragraphs is downloaded, decoded and placed, its bytes the served picture's; a hostile one is
/// refused and leaves its label. Where pictures stand as the text scrolls, resizes and leaves is
/// ReaderCoreTests' ArticlePictureTests.
@MainActor
@Suite(.serialized) struct ArticlePictureDownloadTests {
    /// The image decoders' hostile test files.
    nonisolated static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImageRenderingTests/Fixtures")

    /// A red square `side` pixels wide, as a PNG.
    static func redSquare(side: Int) throws -> [UInt8] {
        let pixels = [UInt8]((0..<side * side).flatMap { _ in [255, 0, 0, 255] as [UInt8] })
        return try #require(DecodedImage(width: side, height: side, rgba: pixels).pngBytes())
    }

    /// A home whose one article holds the picture `file` (with `bytes`, served by the home's
    /// server) between "First paragraph." and "Second paragraph."; the reader opens it with
    /// kitty's pictures (cells of 10 × 20 pixels).
    private func openArticle(file: String, bytes: [UInt8]) async throws -> (HeadlessHome, HeadlessReader) {
        let home = try HeadlessHome()
        try Data(bytes).write(to: home.feeds.appendingPathComponent(file))
        let html = "<p>First paragraph.</p><p><img src=\"\(home.server.url("/" + file))\" alt=\"A red square\"></p><p>Second paragraph.</p>"
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Pictures</title><link>https://pictures.example/</link>
            <item><title>Red</title><link>https://pictures.example/red</link><guid>red</guid>
            <pubDate>20 Nov 2025 10:00:00 GMT</pubDate><description><![CDATA[\(html)]]></description></item></channel></rss>
            """, to: "feeds/pictures.xml")
        try home.subscribe([home.url("pictures")])
        let reader = try home.startReader(config: "image-protocol kitty")
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

    @Test func aServedPictureIsDownloadedDecodedAndPlacedBetweenTheParagraphs() async throws {
        let (home, reader) = try await openArticle(file: "red.png", bytes: try Self.redSquare(side: 200))
        // 200 pixels in cells of 10 × 20: 20 columns, 10 rows.
        let placement = try #require(reader.terminal.imagePlacements.first)
        #expect(reader.terminal.imagePlacements.count == 1)
        #expect(placement.image.graphicsProtocol == .kitty)
        #expect(placement.image.fit == ImageFit(columns: 20, rows: 10))
        let first = try #require(row(of: "First paragraph.", in: reader))
        let second = try #require(row(of: "Second paragraph.", in: reader))
        #expect(placement.box.row > first && placement.box.bottom < second)
        #expect(reader.runtime.picturesDrawnOnTop == 1)
        // The bytes the terminal gets are the served picture: red, at the size of the box.
        let png = try #require(placement.image.png)
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.width == 200 && decoded.height == 200)
        #expect(decoded.pixel(x: 100, y: 100) == (255, 0, 0, 255))
        #expect(try home.server.requests().contains { ($0["path"] as? String) == "/red.png" })
        // Leaving the article takes it away.
        reader.press(.character("q"))
        #expect(reader.terminal.imagePlacements.isEmpty)
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
        let (home, reader) = try await openArticle(file: name, bytes: bytes)
        #expect(try home.server.requests().contains { ($0["path"] as? String) == "/\(name)" }, "the picture was asked for")
        #expect(reader.terminal.imagePlacements.isEmpty)
        #expect(reader.runtime.picturesDrawnOnTop == 0)
        let first = try #require(row(of: "First paragraph.", in: reader))
        #expect(reader.lines[first + 2].contains("[image 1: A red square]"))
        #expect(reader.lines[first + 4].contains("Second paragraph."))
        // The keys still work.
        reader.press(.character("q"))
        #expect(reader.lines[1].contains("Red"), "\(reader.text)")
    }
}
