/// How one feed is asked for, in the parts that `feed-option` may set for some feeds
/// (`user-agent`, `http-header`, `download-timeout`, `use-proxy`/`proxy`/`proxy-type`,
/// `cookie-cache`): the rest of a reload's download options (concurrency, connect timeout, size
/// cap) are the reload's, shared by every feed.
///
/// The fetch pipeline takes them with each feed (`FetchRequest.settings`), and the store's
/// `FeedFetchTarget` carries them from whoever resolved them from the configuration.
public struct FeedRequestSettings: Sendable, Hashable {
    /// The `User-Agent` header.
    public var userAgent: String
    /// Extra request headers, `Name: value` each (`http-header`), sent after Tidings' own; one
    /// named like one of Tidings' (`Accept`, `User-Agent`) replaces it.
    public var headers: [String]
    /// Seconds the whole feed may take (`download-timeout`).
    public var timeout: Double
    /// The proxy; nil: libcurl's default, the `http_proxy` environment variables.
    public var proxy: ProxySettings?
    /// The cookie jar (`cookie-cache`), a file in the Netscape format; nil for no cookies.
    public var cookieFile: String?

    public init(userAgent: String, headers: [String] = [], timeout: Double, proxy: ProxySettings? = nil, cookieFile: String? = nil) {
        self.userAgent = userAgent
        self.headers = headers
        self.timeout = timeout
        self.proxy = proxy
        self.cookieFile = cookieFile
    }
}
