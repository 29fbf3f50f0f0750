/// The HTTP cache validators of a feed's last successful response, sent back as
/// `If-None-Match` / `If-Modified-Since` so that an unchanged feed costs a 304.
public struct HTTPValidators: Sendable, Hashable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// No validators: the next request is unconditional.
    public static let none = HTTPValidators()
}
