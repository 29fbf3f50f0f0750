/// Why a picture is not shown; its alt text stands in its place.
public enum ImageRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// More bytes than `ImageLimits.maxBytes`.
    case tooManyBytes(Int)
    /// Not PNG, JPEG, GIF or WebP by its first bytes (HTML, SVG, anything else).
    case unknownFormat
    /// The header declares more pixels than the budget allows.
    case tooManyPixels(width: Int, height: Int)
    /// The decoding library refused it (truncated, corrupt), in its own words.
    case unreadable(ImageFormat, String)
    /// A valid file of a kind the decoder does not handle.
    case unsupported(ImageFormat, String)

    public var description: String {
        switch self {
        case .tooManyBytes(let count): "image of \(count) bytes is over the size limit"
        case .unknownFormat: "not a PNG, JPEG, GIF or WebP image"
        case .tooManyPixels(let width, let height): "image of \(width) × \(height) pixels is over the limit"
        case .unreadable(let format, let reason): "unreadable \(format.rawValue.uppercased()) image: \(reason)"
        case .unsupported(let format, let reason): "unsupported \(format.rawValue.uppercased()) image: \(reason)"
        }
    }
}
