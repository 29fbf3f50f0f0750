import FeedFetcher
import Foundation

/// The Miniflux account of `urls-source "miniflux"`, from newsboat's `miniflux-…` options.
extension Config {
    /// `miniflux-url` (the instance's address), and an API token (`miniflux-token`, `-tokenfile`,
    /// `-tokeneval`) or else `miniflux-login` with its password (`miniflux-password…`), as
    /// newsboat takes them: the token wins when both are given.
    ///
    /// The identity names the login, or `token` (never the token itself): a token of another
    /// user is another account only if its address differs, as the cache cannot tell.
    func minifluxAccount(home: String) throws(SyncSetupError) -> SyncAccount {
        let (url, address) = try serverURL(service: "miniflux")
        let credentials: MinifluxCredentials
        let who: String
        if let token = try secret("miniflux-token", home: home) {
            credentials = .token(token)
            who = "token"
        } else if syncText("miniflux-login") == nil, ["password", "passwordfile", "passwordeval"].allSatisfy({ syncText("miniflux-\($0)") == nil }) {
            throw .missingOption("miniflux-token (or miniflux-login and miniflux-password)")
        } else {
            let login = try required("miniflux-login")
            credentials = .password(login: login, password: try password(service: "miniflux", home: home))
            who = login
        }
        let source = MinifluxSource(endpoint: url, credentials: credentials, minItems: sync.serviceOptions["miniflux-min-items"]?.number,
                                    options: fetchOptions)
        return SyncAccount(source: source, identity: "miniflux \(CredentialRedaction.redact(address)) \(who)")
    }
}
