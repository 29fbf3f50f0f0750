import Foundation
import ImageRendering

/// One fuzz input for the image path: the bytes of a downloaded picture, as served.
///
/// `run()` reads the header and decodes the picture under a small pixel budget, then draws it
/// for each terminal protocol, and traps when
///
/// - a picture is decoded although its header declares more pixels than the budget;
/// - the decoded size differs from the size the header declared;
/// - bytes without a PNG, JPEG, GIF or WebP signature are decoded at all;
/// - a protocol's output holds a byte outside its framing (a sequence that could end the
///   graphics command early and reach the terminal as text or commands).
struct ImageFuzzCase {
    static let limits = ImageLimits(maxBytes: 1 << 20, maxPixels: 1 << 20, maxSide: 4096)

    let bytes: [UInt8]

    init(_ input: UnsafeRawBufferPointer) {
        bytes = Array(input)
    }

    func run() {
        let header = try? ImageDecoder.header(of: bytes)
        let image: DecodedImage
        do {
            image = try ImageDecoder.decode(bytes, limits: Self.limits)
        } catch {
            if case .tooManyPixels(let width, let height) = error {
                require(header?.width == width && header?.height == height, "refused size \(width)×\(height) is not the header's \(String(describing: header))")
            }
            return
        }
        require(ImageFormat(sniffing: bytes) != nil, "decoded bytes without an image signature")
        require(image.width * image.height <= Self.limits.maxPixels, "decoded \(image.width)×\(image.height) over the budget")
        require(header?.width == image.width && header?.height == image.height,
                "decoded \(image.width)×\(image.height), header said \(String(describing: header))")
        guard let fit = ImageFit(imageWidth: image.width, imageHeight: image.height, cell: Self.cell, maxColumns: 12, maxRows: 6) else {
            return require(false, "no fit for a decoded \(image.width)×\(image.height)")
        }
        require(fit.columns <= 12 && fit.rows <= 6, "fit \(fit) outside its bounds")
        for graphicsProtocol in GraphicsProtocol.allCases {
            guard let rendered = RenderedImage.render(image, as: graphicsProtocol, fit: fit, cell: Self.cell, id: 1) else {
                return require(false, "\(graphicsProtocol) could not encode a decoded picture")
            }
            check(rendered)
        }
    }

    static let cell = CellSize(width: 6, height: 12)

    /// Draws a one-pixel picture with every protocol.
    static func warmUp() {
        let pixel = DecodedImage(width: 1, height: 1, rgba: [255, 0, 0, 255])
        for graphicsProtocol in GraphicsProtocol.allCases {
            _ = RenderedImage.render(pixel, as: graphicsProtocol, fit: ImageFit(columns: 1, rows: 1), cell: cell, id: 1)
        }
    }

    /// Escape bytes only where the protocol's framing puts them.
    private func check(_ rendered: RenderedImage) {
        switch rendered.content {
        case .cells(let rows):
            require(rows.count == rendered.fit.rows && rows.allSatisfy { $0.count == rendered.fit.columns }, "block cells do not fill \(rendered.fit)")
            require(rows.joined().allSatisfy { $0.symbol.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) } },
                    "a block cell holds a control character")
        case .sequence(let bytes):
            let escapes = bytes.indices.filter { bytes[$0] == 0x1B }
            switch rendered.graphicsProtocol {
            case .kitty:
                // Pairs of ESC _ … ESC \.
                for (number, index) in escapes.enumerated() {
                    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                    require(next == (number % 2 == 0 ? 0x5F : 0x5C), "kitty: ESC out of its framing at \(index)")
                }
                require(escapes.count % 2 == 0 && bytes.suffix(2) == [0x1B, 0x5C], "kitty: unterminated")
            case .iterm2:
                require(escapes == [0] && bytes.last == 0x07 && bytes.dropLast().allSatisfy { $0 != 0x07 }, "iTerm2: control bytes inside the sequence")
            case .sixel:
                require(bytes.starts(with: [0x1B, 0x50]) && bytes.suffix(2) == [0x1B, 0x5C] && escapes.count == 2,
                        "sixel: ESC out of its framing")
            case .blocks:
                require(false, "blocks as a sequence")
            }
        }
    }

    private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        FileHandle.standardError.write(Data("fuzz-images: invariant broken: \(message())\n".utf8))
        fatalError("fuzz-images invariant broken")
    }
}
