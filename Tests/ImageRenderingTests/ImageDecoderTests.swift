import Foundation
import ImageRendering
import Testing

/// Decoding of real files of each format, and the refusal of each kind of hostile picture
/// before it costs memory.
struct ImageDecoderTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return Array(try Data(contentsOf: url))
    }

    /// Every pixel within `tolerance` of the colour (lossy formats drift a little).
    static func expectEveryPixel(_ image: DecodedImage, is colour: (Int, Int, Int), tolerance: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                let close = abs(Int(pixel.red) - colour.0) <= tolerance && abs(Int(pixel.green) - colour.1) <= tolerance
                    && abs(Int(pixel.blue) - colour.2) <= tolerance && pixel.alpha == 255
                #expect(close, "pixel (\(x), \(y)) is \(pixel)", sourceLocation: sourceLocation)
                if !close { return }
            }
        }
    }

    @Test(arguments: [
        ("red.png", 8, 6, 0), ("red.jpg", 16, 12, 8), ("red-progressive.jpg", 16, 12, 8),
        ("red.webp", 16, 12, 0), ("red-lossy.webp", 16, 12, 8),
        // First frames: the second frame of each is blue.
        ("red-then-blue.gif", 6, 4, 0), ("red-then-blue-animated.webp", 16, 12, 0),
    ])
    func decodesEachFormatToItsPixels(name: String, width: Int, height: Int, tolerance: Int) throws {
        let image = try ImageDecoder.decode(Self.fixture(name))
        #expect(image.width == width && image.height == height)
        Self.expectEveryPixel(image, is: (255, 0, 0), tolerance: tolerance)
    }

    @Test func convertsAPalettePNGToRGBA() throws {
        let image = try ImageDecoder.decode(Self.fixture("palette.png"))
        #expect(image.width == 5 && image.height == 3)
        Self.expectEveryPixel(image, is: (0, 255, 0))
    }

    @Test(arguments: [("bomb.png", 100_000, 100_000), ("bomb.jpg", 65_500, 65_500), ("bomb.gif", 65_535, 65_535)])
    func refusesADecompressionBombFromItsHeader(name: String, width: Int, height: Int) throws {
        let bytes = try Self.fixture(name)
        #expect(try ImageDecoder.header(of: bytes) == ImageHeader(format: ImageFormat(sniffing: bytes)!, width: width, height: height))
        #expect(throws: ImageRefusal.tooManyPixels(width: width, height: height)) { try ImageDecoder.decode(bytes) }
    }

    @Test func refusesAPictureOverThePixelBudgetEvenWhenSmallEnoughForTheDecoder() throws {
        let limits = ImageLimits(maxBytes: 1 << 20, maxPixels: 47, maxSide: 100)
        #expect(throws: ImageRefusal.tooManyPixels(width: 8, height: 6)) { try ImageDecoder.decode(Self.fixture("red.png"), limits: limits) }
        let narrow = ImageLimits(maxBytes: 1 << 20, maxPixels: 1000, maxSide: 7)
        #expect(throws: ImageRefusal.tooManyPixels(width: 8, height: 6)) { try ImageDecoder.decode(Self.fixture("red.png"), limits: narrow) }
    }

    @Test(arguments: ["truncated.png", "truncated.jpg", "truncated.gif", "truncated.webp"])
    func refusesATruncatedFile(name: String) throws {
        let bytes = try Self.fixture(name)
        do {
            _ = try ImageDecoder.decode(bytes)
            Issue.record("\(name) was decoded")
        } catch {
            guard case .unreadable(let format, let reason) = error else { Issue.record("\(name): \(error)"); return }
            #expect(format == ImageFormat(sniffing: bytes))
            #expect(!reason.isEmpty)
        }
    }

    @Test(arguments: ["html-as-png.png", "svg-as-png.png"])
    func refusesMarkupServedAsAnImage(name: String) throws {
        #expect(throws: ImageRefusal.unknownFormat) { try ImageDecoder.decode(Self.fixture(name)) }
        #expect(throws: ImageRefusal.unknownFormat) { try ImageDecoder.header(of: Self.fixture(name)) }
    }

    @Test func refusesSixtyMegabytesBeforeLookingAtThem() throws {
        var bytes = try Self.fixture("red.png")
        bytes += [UInt8](repeating: 0, count: 60 << 20)
        #expect(throws: ImageRefusal.tooManyBytes(bytes.count)) { try ImageDecoder.decode(bytes) }
    }

    @Test func refusesCorruptBytesBehindAValidSignature() throws {
        var bytes = try Self.fixture("red.png")
        bytes[20] ^= 0xFF  // inside IHDR: its CRC no longer matches
        #expect(throws: ImageRefusal.self) { try ImageDecoder.decode(bytes) }
        #expect(throws: ImageRefusal.self) { try ImageDecoder.decode([0xFF, 0xD8, 0xFF]) }
        #expect(throws: ImageRefusal.self) { try ImageDecoder.decode(Array("GIF89a".utf8)) }
        #expect(throws: ImageRefusal.self) { try ImageDecoder.decode(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8)) }
    }
}
