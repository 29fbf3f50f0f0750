/// A media file attached to an item (RSS `enclosure`, Atom `link rel="enclosure"`, Media RSS
/// `media:content`, JSON Feed `attachments`).
public struct Enclosure: Sendable, Hashable, Codable {
    /// Absolute URL of the file.
    public var url: String
    /// MIME type as written by the feed, if any.
    public var type: String?
    /// Size in bytes, if the feed gave a usable one.
    public var length: Int?

    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}
