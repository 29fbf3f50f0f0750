import CCurl
import FeedModel

extension ProxySettings {
    /// Points libcurl's easy handle at the proxy.
    func configure(_ easy: UnsafeMutableRawPointer) {
        tidings_curl_easy_setopt_string(easy, CURLOPT_PROXY, address)
        tidings_curl_easy_setopt_long(easy, CURLOPT_PROXYTYPE, kind.curlType)
        if let credentials {
            tidings_curl_easy_setopt_long(easy, CURLOPT_PROXYAUTH, Int(bitPattern: authMethod.curlMask))
            tidings_curl_easy_setopt_string(easy, CURLOPT_PROXYUSERPWD, credentials)
        }
    }
}

extension ProxySettings.Kind {
    var curlType: Int {
        switch self {
        case .http: Int(CURLPROXY_HTTP.rawValue)
        case .socks4: Int(CURLPROXY_SOCKS4.rawValue)
        case .socks4a: Int(CURLPROXY_SOCKS4A.rawValue)
        case .socks5: Int(CURLPROXY_SOCKS5.rawValue)
        case .socks5h: Int(CURLPROXY_SOCKS5_HOSTNAME.rawValue)
        }
    }
}
