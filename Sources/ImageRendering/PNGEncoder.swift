import CImageCodecs

/// RGBA pixels to a PNG file in memory, by libpng.
enum PNGEncoder {
    static func encode(_ image: DecodedImage) -> [UInt8]? {
        var png: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.rgba.withUnsafeBufferPointer {
            tidings_png_encode($0.baseAddress, UInt32(image.width), UInt32(image.height), &png, &size)
        }
        defer { tidings_image_free(png) }
        guard status == TIDINGS_IMAGE_OK, let png else { return nil }
        return Array(UnsafeBufferPointer(start: png, count: size))
    }
}
