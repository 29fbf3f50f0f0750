@testable import Configuration
import FeedStore
import Foundation
import ImageRendering
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// Pictures in the article view: an article holding a picture between two paragraphs, the
/// picture drawn as the picture runner would draw it (decoded and encoded for the request's
/// protocol and box) when the test answers the request; the frame says where each picture is
/// placed (cell, size, protocol), after scrolling, resizing and leaving too. Downloading and
/// refusing hostile pictures is ArticlePictureDownloadTests'.
@MainActor
@Suite struct ArticlePictureTests {
    static let pictureURL = "https://pictures.example/red.png"

    /// A red square `side` pixels wide, as a PNG.
    static func redSquare(side: Int) throws -> [UInt8] {
        let pixels = [UInt8]((0..<side * side).flatMap { _ in [255, 0, 0, 255] as [UInt8] })
        return try #require(DecodedImage(width: side, height: side, rgba: pixels).pngBytes())
    }

    /// A home whose one article holds the picture between "First paragraph." and "Second
    /// paragraph.", then enough text to scroll; the reader opens it with `config` on a terminal
    /// of `rows` × `columns` (cells of 10 × 20 pixels). The pictures asked for are not drawn yet.
    private func openArticle(config: String, rows: Int = 24, columns: Int = 80) throws -> ReaderDriver {
        let home = try ReaderHome()
        let rest = (1...40).map { "<p>Line \($0) after the picture.</p>" }.joined()
        let html = "<p>First paragraph.</p><p><img src=\"\(Self.pictureURL)\" alt=\"A red square\"></p><p>Second paragraph.</p>\(rest)"
        try home.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Pictures</title><link>https://pictures.example/</link>
            <item><title>Red</title><link>https://pictures.example/red</link><guid>red</guid>
            <pubDate>20 Nov 2025 10:00:00 GMT</pubDate><description><![CDATA[\(html)]]></description></item></channel></rss>
            """, to: "feeds/pictures.xml")
        try home.subscribe([home.url("pictures")])
        let reader = try home.driver(config: config, rows: rows, columns: columns)
        #expect(reader.state.settings.config.warnings.isEmpty, "\(reader.state.settings.config.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Red"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Red"))
        return reader
    }

    /// Draws each picture asked for since the last call from `png`, as the picture runner does,
    /// and hands it to the reader.
    private func drawPictures(_ reader: ReaderDriver, from png: [UInt8]) throws {
        let requests = reader.pictureRequests
        _ = reader.takeEffects()
        let image = try ImageDecoder.decode(png)
        for request in requests {
            #expect(request.url == Self.pictureURL)
            let fit = try #require(ImageFit(imageWidth: image.width, imageHeight: image.height, cell: request.cell,
                                            maxColumns: request.maxColumns, maxRows: request.maxRows))
            let rendered = try #require(RenderedImage.render(image, as: request.graphicsProtocol, fit: fit, cell: request.cell, id: 1))
            reader.send(.imageLoaded(request, .success(rendered)))
        }
    }

    private func row(of text: String, in reader: ReaderDriver) -> Int? {
        reader.lines.firstIndex { $0.contains(text) }
    }

    @Test func aKittyPictureStandsBetweenTheParagraphsAndFollowsScrollingResizingAndLeaving() throws {
        let reader = try openArticle(config: "image-protocol kitty")
        #expect(reader.pictureRequests.count == 1)
        #expect(reader.frame.images.isEmpty, "nothing placed before the picture is drawn")
        try drawPictures(reader, from: Self.redSquare(side: 200))
        // 200 pixels in cells of 10 × 20: 20 columns, 10 rows (the view has 22 rows: at most 11).
        let placement = try #require(reader.frame.images.first)
        #expect(reader.frame.images.count == 1)
        #expect(placement.image.graphicsProtocol == .kitty)
        #expect(placement.image.fit == ImageFit(columns: 20, rows: 10))
        let first = try #require(row(of: "First paragraph.", in: reader))
        let second = try #require(row(of: "Second paragraph.", in: reader))
        #expect(placement.box.row > first && placement.box.bottom < second)
        #expect(placement.origin.column == 0 && placement.isWhole)
        // The rows reserved are blank; the label is the caption under the picture.
        for row in placement.box.row..<placement.box.bottom { #expect(reader.lines[row].isEmpty) }
        #expect(reader.lines[placement.box.bottom].contains("[image 1: A red square]"))

        // Scrolling moves it up a row at a time; partly out, it is clipped to the text (never the
        // title bar); wholly out, it is gone.
        reader.press(.down)
        let moved = try #require(reader.frame.images.first)
        #expect(moved.box.row == placement.box.row - 1)
        // Until its first row is under the title bar (row 0).
        for _ in 0..<(placement.box.row - 1) { reader.press(.down) }
        let clipped = try #require(reader.frame.images.first)
        #expect(clipped.box.row == 0 && clipped.visible.row == 1 && !clipped.isWhole)
        #expect(clipped.visiblePixelRows == 20..<200)
        for _ in 0..<10 { reader.press(.down) }
        #expect(reader.frame.images.isEmpty)
        reader.press(.home)
        #expect(reader.frame.images.first?.box == placement.box)

        // Narrower: asked for again at the new width, and drawn so, still after the first paragraph.
        reader.resize(rows: 24, columns: 12)
        #expect(reader.pictureRequests.map(\.maxColumns) == [12])
        try drawPictures(reader, from: Self.redSquare(side: 200))
        let narrow = try #require(reader.frame.images.first)
        #expect(narrow.image.fit == ImageFit(columns: 12, rows: 6))
        #expect(narrow.box.row > (row(of: "First", in: reader) ?? .max))
        // The header wraps at 12 columns: the second paragraph is below the screen now.
        #expect(narrow.isWhole && narrow.clip.bottom == 23)

        // Leaving the article takes it away.
        reader.press(.character("q"))
        #expect(reader.frame.images.isEmpty)
    }

    @Test func iHidesThePicturesAndShowsThemAgain() throws {
        let reader = try openArticle(config: "image-protocol sixel")
        try drawPictures(reader, from: Self.redSquare(side: 200))
        let placement = try #require(reader.frame.images.first)
        #expect(placement.image.graphicsProtocol == .sixel)
        guard case .sequence(let sixel) = placement.image.content else { Issue.record("no sixel data"); return }
        #expect(sixel.starts(with: [0x1B, 0x50]))  // DCS
        reader.press(.character("i"))
        #expect(reader.frame.images.isEmpty)
        #expect(reader.text.contains("Pictures hidden"))
        let first = try #require(row(of: "First paragraph.", in: reader))
        #expect(reader.lines[first + 2].contains("[image 1: A red square]"))
        #expect(reader.lines[first + 4].contains("Second paragraph."))
        reader.press(.character("i"))
        #expect(reader.frame.images.first?.box == placement.box)
        reader.press(.character("?"))
        #expect(reader.text.contains("Show or hide the article's pictures"))
    }

    @Test func aPictureReadyAboveTheTopDoesNotMoveTheTextShown() throws {
        // The article is scrolled before its picture comes.
        let reader = try openArticle(config: "image-protocol kitty")
        for _ in 0..<40 where !reader.lines[1].contains("Line 8 after") { reader.press(.down) }
        #expect(reader.frame.images.isEmpty)
        let top = reader.lines[1]
        #expect(top.contains("Line 8 after the picture."))
        try drawPictures(reader, from: Self.redSquare(side: 200))
        #expect((reader.state.top as? ArticleScreen)?.drawnPictureCount == 1)
        #expect(reader.lines[1] == top)
    }

    @Test func setImageProtocolTakesEffectInTheOpenArticle() throws {
        let reader = try openArticle(config: "image-protocol kitty")
        try drawPictures(reader, from: Self.redSquare(side: 200))
        #expect(reader.frame.images.first?.image.graphicsProtocol == .kitty)
        reader.type(":set image-protocol none")
        reader.press(.enter)
        #expect(reader.frame.images.isEmpty)
        #expect(reader.text.contains("[image 1: A red square]"))
        reader.type(":set image-protocol blocks")
        reader.press(.enter)
        #expect(reader.pictureRequests.map(\.graphicsProtocol) == [.blocks])
        try drawPictures(reader, from: Self.redSquare(side: 200))
        #expect(reader.frame.images.first?.image.graphicsProtocol == .blocks)
    }

    @Test func blocksAreCellsOfTheFrame() throws {
        let reader = try openArticle(config: "image-protocol blocks\nimage-max-height 4")
        try drawPictures(reader, from: Self.redSquare(side: 200))
        let placement = try #require(reader.frame.images.first)
        // image-max-height 4: 4 rows, the width that keeps the aspect (80 pixels: 8 columns).
        #expect(placement.image.fit == ImageFit(columns: 8, rows: 4))
        let cell = reader.frame.grid[placement.box.row, placement.box.column]
        // Red in the 240 colours above the themed 16: 196 is the cube's pure red.
        #expect(cell.style.foreground == .indexed(196) || cell.style.background == .indexed(196))
    }

    @Test func noneKeepsTheLabelAndAsksForNoPicture() throws {
        let reader = try openArticle(config: "image-protocol none")
        #expect(reader.pictureRequests.isEmpty)
        #expect(reader.frame.images.isEmpty)
        let first = try #require(row(of: "First paragraph.", in: reader))
        #expect(reader.lines[first + 2].contains("[image 1: A red square]"))
        #expect(reader.lines[first + 4].contains("Second paragraph."))
        reader.press(.character("i"))
        #expect(reader.text.contains("Pictures are not drawn here"))
    }

    @Test func aRefusedPictureLeavesItsLabelAndTheKeysWork() throws {
        let reader = try openArticle(config: "image-protocol kitty")
        let request = try #require(reader.pictureRequests.first)
        reader.send(.imageLoaded(request, .failure(ImageFailure(reason: "not a picture (HTML)"))))
        #expect(reader.frame.images.isEmpty)
        let first = try #require(row(of: "First paragraph.", in: reader))
        #expect(reader.lines[first + 2].contains("[image 1: A red square]"))
        #expect(reader.logLines.contains { $0.text.hasSuffix("not shown: not a picture (HTML)") }, "\(reader.logLines)")
        reader.press(.down)
        #expect(reader.state.top is ArticleScreen)
        #expect(reader.lines[first + 1].contains("[image 1: A red square]"))
    }
}
