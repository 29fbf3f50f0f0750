import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import Foundation
import Testing

/// newsboat's download options reach the pipeline's `FetchOptions` as newsboat applies them.
@Suite struct FetchOptionConfigTests {
    @Test func theProxyIsUsedOnlyWithUseProxy() {
        let lines = """
            proxy 127.0.0.1:3128
            proxy-auth "me:s3cret"
            proxy-auth-method digest
            proxy-type socks5h
            """
        #expect(Config(parsing: lines).fetchOptions.proxy == nil)
        let config = Config(parsing: lines + "\nuse-proxy yes")
        #expect(config.warnings.isEmpty)
        #expect(config.fetchOptions.proxy
            == ProxySettings(address: "127.0.0.1:3128", kind: .socks5h, credentials: "me:s3cret", authMethod: .digest))
        #expect(Config(parsing: "use-proxy yes").fetchOptions.proxy == nil)
        #expect(Config(parsing: "use-proxy yes\nproxy localhost:8080").fetchOptions.proxy
            == ProxySettings(address: "localhost:8080", kind: .http, credentials: nil, authMethod: .any))
    }

    @Test func authCookiesRetriesAndAlwaysDownload() {
        let config = Config(parsing: """
            http-auth-method ntlm
            cookie-cache "~/.newsboat/cookies.txt"
            download-retries 4
            always-download "https://a.example/feed" https://b.example/rss
            """)
        #expect(config.warnings.isEmpty)
        let options = config.fetchOptions
        #expect(options.httpAuthMethod == .ntlm)
        #expect(options.cookieFile?.hasSuffix("/.newsboat/cookies.txt") == true)
        #expect(options.cookieFile?.hasPrefix("~") == false)
        #expect(options.attempts == 4)
        #expect(options.alwaysDownload == ["https://a.example/feed", "https://b.example/rss"])

        let defaults = Config().fetchOptions
        #expect(defaults.httpAuthMethod == .any && defaults.cookieFile == nil && defaults.attempts == 1)
        #expect(Config(parsing: "download-retries 0").fetchOptions.attempts == 1)
    }

    @Test func theOptionsSayTheyWork() {
        for name in ["use-proxy", "proxy", "proxy-auth", "proxy-auth-method", "proxy-type", "http-auth-method", "cookie-cache",
                     "download-retries", "always-download"] {
            #expect(OptionTable.named[name]?.effect == .works, "\(name)")
        }
    }
}
