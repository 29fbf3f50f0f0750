/// How much a picture from the network may cost before it is refused.
///
/// `maxBytes` bounds the download (and is the cap handed to the HTTP transfer); `maxPixels` and
/// `maxSide` bound the decoded picture and are checked against the header's declared size
/// before a single pixel is allocated, so a 100 000 × 100 000 "decompression bomb" of a few
/// hundred bytes costs only its header.
public struct ImageLimits: Sendable, Equatable {
    public var maxBytes: Int
    public var maxPixels: Int
    public var maxSide: Int

    public init(maxBytes: Int, maxPixels: Int, maxSide: Int) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.maxSide = maxSide
    }

    /// 16 MiB of file and 16 megapixels (64 MiB of RGBA): larger than nearly every picture in an
    /// article, far below what hurts a terminal program.
    public static let standard = ImageLimits(maxBytes: 16 << 20, maxPixels: 16 << 20, maxSide: 16_384)
}
