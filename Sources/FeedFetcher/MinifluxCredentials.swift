import Foundation

/// How a `MinifluxSource` logs in: a user name and password (HTTP basic authentication), or an
/// API token (Settings → API Keys), sent as `X-Auth-Token`. newsboat's `miniflux-login` +
/// `miniflux-password…`, or `miniflux-token…`.
///
/// Neither secret is ever printed: `description` and the mirror name only the login.
public enum MinifluxCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    case password(login: String, password: String)
    case token(String)

    /// The header line that carries the credentials in every request.
    var header: String {
        switch self {
        case .password(let login, let password):
            BasicCredentials(login: login, password: password).header
        case .token(let token):
            "X-Auth-Token: \(token)"
        }
    }

    /// The texts that must never appear in a failure: the password or token, and the header's
    /// Base64 form.
    var secrets: [String] {
        switch self {
        case .password(let login, let password): BasicCredentials(login: login, password: password).secrets
        case .token(let token): [token]
        }
    }

    /// "as LOGIN" or "with an API token".
    public var description: String {
        switch self {
        case .password(let login, _): "as \(login)"
        case .token: "with an API token"
        }
    }

    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["login": description]) }
}
