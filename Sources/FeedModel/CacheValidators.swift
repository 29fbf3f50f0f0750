/// What a server said about the version of a feed it sent: sent back on the next request so that
/// an unchanged feed costs a `304 Not Modified` and no parsing. The fetcher reads them from a
/// response and the store keeps them with the feed.
public struct CacheValidators: Sendable, Hashable {
    /// The `ETag` header, verbatim (quotes and `W/` included).
    public var etag: String?
    /// The `Last-Modified` header, verbatim.
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// True when there is nothing to send back.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
