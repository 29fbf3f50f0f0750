import CImageCodecs

/// The picture formats the reader decodes, told apart by their first bytes.
///
/// The server's `Content-Type` is not trusted: an HTML error page or an SVG served as
/// `image/png` has none of these signatures and is refused before any decoder sees it.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp

    /// The format whose signature `bytes` start with, or nil.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    var codec: tidings_image_format {
        switch self {
        case .png: TIDINGS_IMAGE_PNG
        case .jpeg: TIDINGS_IMAGE_JPEG
        case .gif: TIDINGS_IMAGE_GIF
        case .webp: TIDINGS_IMAGE_WEBP
        }
    }
}
