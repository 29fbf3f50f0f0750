import Foundation
import ImageRendering
import Testing

/// Each protocol's output decoded back: the picture that arrives is the one sent, at the size
/// of its box of cells.
struct RenderedImageTests {
    static let red = DecodedImage(width: 64, height: 48, rgba: ([255, 0, 0, 255] as [UInt8]).repeated(64 * 48))
    static let cell = CellSize(width: 10, height: 20)
    // 64 × 48 pixels in cells of 10 × 20: 7 columns (70 px wide), 3 rows (60 px); the picture
    // scaled to 70 × 52 keeps its aspect and leaves 8 transparent rows at the bottom.
    static let fit = ImageFit(columns: 7, rows: 3)

    @Test func fitsTheTextWidthKeepingTheAspect() {
        #expect(ImageFit(imageWidth: 64, imageHeight: 48, cell: Self.cell, maxColumns: 40, maxRows: 10) == Self.fit)
        // Wider than the text: scaled down to the width.
        #expect(ImageFit(imageWidth: 1000, imageHeight: 500, cell: Self.cell, maxColumns: 20, maxRows: 50) == ImageFit(columns: 20, rows: 5))
        // Taller than the row limit: scaled down to it, narrower.
        #expect(ImageFit(imageWidth: 200, imageHeight: 1000, cell: Self.cell, maxColumns: 40, maxRows: 10) == ImageFit(columns: 4, rows: 10))
        #expect(ImageFit(imageWidth: 64, imageHeight: 48, cell: Self.cell, maxColumns: 0, maxRows: 10) == nil)
        #expect(ImageFit(imageWidth: 10_000, imageHeight: 1, cell: Self.cell, maxColumns: 3, maxRows: 3) == ImageFit(columns: 3, rows: 1))
    }

    @Test func shrinksByAveragingPixels() {
        let stripes = DecodedImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])
        let one = stripes.scaled(width: 1, height: 1)
        #expect(one.rgba == [127, 0, 127, 255])
    }

    @Test func kittyPayloadDecodesToTheRedPictureAtTheBoxSize() throws {
        let rendered = try #require(RenderedImage.render(Self.red, as: .kitty, fit: Self.fit, cell: Self.cell, id: 7))
        guard case .sequence(let bytes) = rendered.content else { Issue.record("not a sequence"); return }
        let commands = Self.apcCommands(bytes)
        #expect(commands.first?.control.hasPrefix("a=T,f=100,t=d,i=7,p=1,c=7,r=3,C=1,q=2") == true)
        let payload = commands.map(\.payload).joined()
        let png = try #require(Data(base64Encoded: payload))
        let image = try ImageDecoder.decode(Array(png))
        Self.expectRedBox(image)
    }

    @Test func kittyChunksLongPayloadsAndLetsNothingEndTheSequenceEarly() throws {
        // Noise compresses badly: a payload of many chunks.
        var generator = SystemRandomNumberGenerator()
        let noise = DecodedImage(width: 120, height: 120, rgba: (0..<120 * 120 * 4).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let fit = ImageFit(columns: 12, rows: 6)
        let rendered = try #require(RenderedImage.render(noise, as: .kitty, fit: fit, cell: Self.cell, id: 1))
        guard case .sequence(let bytes) = rendered.content else { return }
        let commands = Self.apcCommands(bytes)
        #expect(commands.count > 2)
        #expect(commands.dropLast().allSatisfy { $0.control.hasSuffix("m=1") && $0.payload.count == 4096 })
        #expect(commands.last?.control == "m=0")
        // Between the framing, only base64.
        let base64 = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
        #expect(commands.allSatisfy { $0.payload.allSatisfy(base64.contains) })
        #expect(bytes.filter { $0 == 0x1B }.count == commands.count * 2)
    }

    @Test func iTermSequenceDecodesToTheRedPicture() throws {
        let rendered = try #require(RenderedImage.render(Self.red, as: .iterm2, fit: Self.fit, cell: Self.cell, id: 1))
        guard case .sequence(let bytes) = rendered.content else { Issue.record("not a sequence"); return }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size="))
        #expect(text.hasSuffix("\u{07}"))
        let parts = text.dropFirst().dropLast().split(separator: ":", maxSplits: 1)
        #expect(parts[0].hasSuffix(";width=7;height=3;preserveAspectRatio=0"))
        let png = try #require(Data(base64Encoded: String(parts[1])))
        Self.expectRedBox(try ImageDecoder.decode(Array(png)))
    }

    @Test(.enabled(if: Self.sixel2png != nil, "sixel2png (libsixel-bin) is installed by make test-deps"))
    func sixelDataDecodesToTheRedPictureAtTheBoxSize() throws {
        let rendered = try #require(RenderedImage.render(Self.red, as: .sixel, fit: Self.fit, cell: Self.cell, id: 1))
        guard case .sequence(let bytes) = rendered.content else { Issue.record("not a sequence"); return }
        #expect(bytes.starts(with: [0x1B, 0x50]))  // DCS
        #expect(bytes.suffix(2) == [0x1B, 0x5C])   // ST
        let image = try ImageDecoder.decode(Self.sixelToPNG(bytes))
        #expect(image.width == 70 && image.height == 60)
        for y in stride(from: 0, to: 52, by: 5) {
            for x in stride(from: 0, to: 70, by: 5) {
                let pixel = image.pixel(x: x, y: y)
                #expect(pixel.red > 200 && pixel.green < 40 && pixel.blue < 40, "(\(x), \(y)) is \(pixel)")
            }
        }
    }

    @Test func blocksAreRedCellsOfThe256ColourPalette() throws {
        let rendered = try #require(RenderedImage.render(Self.red, as: .blocks, fit: Self.fit, cell: Self.cell, id: 1))
        guard case .cells(let rows) = rendered.content else { Issue.record("not cells"); return }
        #expect(rows.count == 3 && rows.allSatisfy { $0.count == 7 })
        // Palette entry 196 is pure red (5, 0, 0 in the colour cube). Every cell of the first two
        // rows is wholly picture; the last row is red above and transparent below.
        for row in rows.prefix(2) {
            for cell in row {
                let shows = cell.symbol == " " ? cell.background : (cell.symbol == "█" ? cell.foreground : nil)
                #expect(shows == 196 || (cell.foreground == 196 && cell.background == 196), "\(cell)")
            }
        }
    }

    // MARK: - Helpers

    static func expectRedBox(_ image: DecodedImage, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.width == 70 && image.height == 60, sourceLocation: sourceLocation)
        guard image.width == 70 && image.height == 60 else { return }
        #expect(image.pixel(x: 0, y: 0) == (255, 0, 0, 255), sourceLocation: sourceLocation)
        #expect(image.pixel(x: 69, y: 51) == (255, 0, 0, 255), sourceLocation: sourceLocation)
        #expect(image.pixel(x: 35, y: 52).alpha == 0, sourceLocation: sourceLocation)
    }

    /// The control keys and payload of each `ESC _ G … ESC \` command.
    static func apcCommands(_ bytes: [UInt8]) -> [(control: String, payload: String)] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }.map { command in
            let body = command.hasPrefix("\u{1B}_G") ? String(command.dropFirst(3)) : "<junk>" + command
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    static let sixel2png: String? = ["/usr/bin/sixel2png", "/usr/local/bin/sixel2png"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func sixelToPNG(_ sixel: [UInt8]) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-sixel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.six"), output = directory.appendingPathComponent("out.png")
        try Data(sixel).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sixel2png!)
        process.arguments = ["-i", input.path, "-o", output.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return Array(try Data(contentsOf: output))
    }
}

extension Array {
    func repeated(_ count: Int) -> [Element] {
        (0..<count).flatMap { _ in self }
    }
}

/// `image-protocol auto`: the terminal's answers first, then its environment.
struct GraphicsProtocolChoiceTests {
    @Test func multiplexersGetBlocksWhateverTheTerminalBehindThemSays() {
        #expect(GraphicsProtocol.choose(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"], kittyGraphics: true, sixel: true) == .blocks)
        #expect(GraphicsProtocol.choose(environment: ["STY": "1.pts-0", "TERM": "xterm-256color"], kittyGraphics: false, sixel: true) == .blocks)
        #expect(GraphicsProtocol.choose(environment: ["TERM": "screen-256color"], kittyGraphics: false, sixel: false) == .blocks)
    }

    @Test func answersComeBeforeHints() {
        #expect(GraphicsProtocol.choose(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], kittyGraphics: true, sixel: true) == .kitty)
        #expect(GraphicsProtocol.choose(environment: ["TERM": "xterm-256color"], kittyGraphics: false, sixel: true) == .sixel)
        #expect(GraphicsProtocol.choose(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], kittyGraphics: false, sixel: true) == .iterm2)
        #expect(GraphicsProtocol.choose(environment: ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], kittyGraphics: false, sixel: false) == .iterm2)
        #expect(GraphicsProtocol.choose(environment: ["TERM": "xterm-kitty"], kittyGraphics: false, sixel: false) == .kitty)
        #expect(GraphicsProtocol.choose(environment: ["TERM": "xterm-256color"], kittyGraphics: false, sixel: false) == .blocks)
    }
}
