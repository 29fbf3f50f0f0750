import FeedModel
import Foundation

/// How a reload downloads feeds: concurrency, timeouts, size cap and identity.
///
/// The defaults are the documented behaviour of `tidings reload`; the config file's
/// `reload-threads`, `download-timeout` and `user-agent` options override them. Tests shrink the
/// timeouts and the cap so that a stalled or huge download is exercised in a second.
public struct FetchOptions: Sendable, Hashable {
    /// How many feeds are downloaded at once (`reload-threads`).
    public var concurrency: Int
    /// How many connections to one host may be open at once, so that one site is never
    /// hammered: as many of its feeds run at once, unless the host speaks HTTP/2, where they
    /// share one connection (see `Reload`).
    public var connectionsPerHost: Int
    /// Seconds to wait for a server to answer (connect and send its response headers), and the
    /// longest silence tolerated in the middle of a body.
    public var connectTimeout: TimeInterval
    /// Seconds a whole feed may take, download and parsing included (`download-timeout`).
    public var timeout: TimeInterval
    /// Bytes after which a download is aborted (measured after decompression).
    public var maxBytes: Int
    /// Redirects followed before the feed is marked failed.
    public var maxRedirects: Int
    /// The `User-Agent` header.
    public var userAgent: String
    /// Extra request headers, `Name: value` each (`http-header`): sent to the feed's own host
    /// (not to another one a redirect leads to), after Tidings' own, one named like one of
    /// Tidings' (`Accept`) replacing it.
    public var headers: [String] = []
    /// A file of PEM certificates that HTTPS trusts instead of the system's: for feeds behind a
    /// private certificate authority. The OpenSSL convention's `SSL_CERT_FILE` when set.
    public var certificateAuthorities: String?
    /// The proxy downloads go through (`use-proxy` and the `proxy…` options); nil: libcurl's
    /// default, the `http_proxy` environment variables.
    public var proxy: ProxySettings?
    /// How the credentials written in a feed's URL are sent (`http-auth-method`).
    public var httpAuthMethod: HTTPAuthMethod = .any
    /// The cookie jar (`cookie-cache`): a file in the Netscape format that libcurl reads before
    /// a reload's first download and writes after each; nil for no cookies at all.
    public var cookieFile: String?
    /// Feeds (as subscribed) downloaded whole at every reload, never with a conditional request
    /// (`always-download`): for servers whose validators lie.
    public var alwaysDownload: Set<String> = []
    /// How many times a feed's download is tried before the feed is marked failed
    /// (`download-retries`, newsboat's name; 1: no second try).
    public var attempts = 1

    public init(
        concurrency: Int = FetchOptions.defaultConcurrency,
        connectionsPerHost: Int = 6,
        connectTimeout: TimeInterval = 10,
        timeout: TimeInterval = 60,
        maxBytes: Int = 64 << 20,
        maxRedirects: Int = 10,
        userAgent: String = FetchOptions.defaultUserAgent
    ) {
        self.concurrency = max(1, concurrency)
        self.connectionsPerHost = max(1, connectionsPerHost)
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.userAgent = userAgent
        certificateAuthorities = ProcessInfo.processInfo.environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// These options with one feed's own settings (`feed-option`) in place of the reload's.
    public func applying(_ settings: FeedRequestSettings) -> FetchOptions {
        var options = self
        options.userAgent = settings.userAgent
        options.headers = settings.headers
        options.timeout = settings.timeout
        options.proxy = settings.proxy
        options.cookieFile = settings.cookieFile
        return options
    }

    /// `reload-threads` unless the config says otherwise (the config's own default is the same
    /// number). A feed holds its slot until it is stored, and 16 slots left the server idle
    /// while they waited for the store's writer: 1,000 feeds × 50 ms / 16 is 3.1 s of waiting
    /// alone. 48 took a cold reload of 200 feeds from 1.9 s to 1.0 s; 96 was no faster and
    /// held 30 MB more (DECISIONS.md, issue 46). Hosts still get 6 connections at most.
    public static let defaultConcurrency = 48

    /// `Tidings/<version>`.
    public static let defaultUserAgent = "Tidings/\(TidingsVersion.current)"
}
