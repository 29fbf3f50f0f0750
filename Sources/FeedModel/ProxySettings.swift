/// The proxy that downloads go through: newsboat's `use-proxy`, `proxy`, `proxy-type`,
/// `proxy-auth` and `proxy-auth-method`, handed to libcurl as newsboat hands them.
///
///     ProxySettings(address: "127.0.0.1:8080", type: .http, credentials: "me:secret")
///
/// Without one (`use-proxy no`), libcurl's own default stays: the `http_proxy`, `https_proxy`
/// and `no_proxy` environment variables.
public struct ProxySettings: Sendable, Hashable {
    /// The proxy's protocol, as `proxy-type` names it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case http, socks4, socks4a, socks5
        /// SOCKS5, the proxy resolving host names.
        case socks5h
    }

    /// `HOST:PORT`, or a URL libcurl reads (`socks5h://host:1080`).
    public var address: String
    public var kind: Kind
    /// `USER:PASSWORD`, nil for none.
    public var credentials: String?
    public var authMethod: HTTPAuthMethod

    public init(address: String, kind: Kind = .http, credentials: String? = nil, authMethod: HTTPAuthMethod = .any) {
        self.address = address
        self.kind = kind
        self.credentials = credentials.flatMap { $0.isEmpty ? nil : $0 }
        self.authMethod = authMethod
    }
}
