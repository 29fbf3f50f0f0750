import Configuration
import FeedFetcher
import FeedModel
import Foundation

extension Config {
    /// The download pipeline's options as this configuration sets them.
    public var fetchOptions: FetchOptions {
        let userAgent = self[\.userAgent]
        var options = FetchOptions(
            concurrency: self[\.reloadThreads], connectTimeout: TimeInterval(self[\.connectTimeout]),
            timeout: TimeInterval(self[\.downloadTimeout]), userAgent: userAgent.isEmpty ? FetchOptions.defaultUserAgent : userAgent)
        options.proxy = proxySettings
        options.httpAuthMethod = self[\.httpAuthMethod]
        let cookies = self[\.cookieCache]
        if !cookies.isEmpty { options.cookieFile = Config.fileURL(cookies, relativeTo: nil).path }
        options.alwaysDownload = Set(self[\.alwaysDownload])
        // newsboat tries `download-retries` times in all; 0 would never download anything.
        options.attempts = max(1, self[\.downloadRetries])
        return options
    }

    /// The proxy as newsboat takes it: only with `use-proxy yes` and a `proxy` address.
    private var proxySettings: ProxySettings? {
        guard self[\.useProxy], !self[\.proxy].isEmpty else { return nil }
        return ProxySettings(address: self[\.proxy], kind: self[\.proxyType], credentials: self[\.proxyAuth], authMethod: self[\.proxyAuthMethod])
    }
}
