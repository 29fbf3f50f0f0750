import CImageCodecs

/// Turns a downloaded picture into pixels, or says why not, at bounded cost.
///
///     let image = try ImageDecoder.decode(bytes, limits: .standard)
///
/// The order of the checks is the safety: the byte count first, then the signature (so only
/// the decoder of the format the bytes claim ever runs), then the declared size against the
/// pixel budget, and only then the allocation and the decoding, by Debian's libpng,
/// libjpeg-turbo, giflib and libwebp (see `CImageCodecs`). A GIF or an animated WebP gives
/// its first frame. Safe to call from any thread.
public enum ImageDecoder {
    /// The format and declared size, from the header alone.
    public static func header(of bytes: [UInt8]) throws(ImageRefusal) -> ImageHeader {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unknownFormat }
        var result = tidings_image_result()
        let status = bytes.withUnsafeBufferPointer { tidings_image_probe($0.baseAddress, $0.count, format.codec, &result) }
        try check(status, format: format, result: &result)
        return ImageHeader(format: format, width: Int(result.width), height: Int(result.height))
    }

    /// The picture's pixels (a GIF's or an animated WebP's first frame).
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageRefusal) -> DecodedImage {
        guard bytes.count <= limits.maxBytes else { throw .tooManyBytes(bytes.count) }
        guard let format = ImageFormat(sniffing: bytes) else { throw .unknownFormat }
        var result = tidings_image_result()
        let status = bytes.withUnsafeBufferPointer {
            tidings_image_decode($0.baseAddress, $0.count, format.codec, UInt64(limits.maxPixels),
                                 UInt32(clamping: limits.maxSide), &result)
        }
        try check(status, format: format, result: &result)
        defer { tidings_image_free(result.rgba) }
        let width = Int(result.width), height = Int(result.height)
        let rgba = Array(UnsafeBufferPointer(start: result.rgba, count: width * height * 4))
        return DecodedImage(width: width, height: height, rgba: rgba)
    }

    private static func check(_ status: tidings_image_status, format: ImageFormat, result: inout tidings_image_result) throws(ImageRefusal) {
        let message = withUnsafeBytes(of: &result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status {
        case TIDINGS_IMAGE_OK: return
        case TIDINGS_IMAGE_TOO_LARGE: throw .tooManyPixels(width: Int(result.width), height: Int(result.height))
        case TIDINGS_IMAGE_UNSUPPORTED: throw .unsupported(format, message)
        case TIDINGS_IMAGE_OUT_OF_MEMORY: throw .unreadable(format, "out of memory")
        default: throw .unreadable(format, message.isEmpty ? "corrupt" : message)
        }
    }
}
