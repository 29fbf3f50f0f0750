import Foundation

/// A login and password sent with every request as HTTP basic authentication (`Authorization:
/// Basic base64(LOGIN:PASSWORD)`), as Miniflux, Nextcloud News and Feedbin take them.
///
/// The password is never printed: `description` and the mirror name only the login.
public struct BasicCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let login: String
    let password: String

    public init(login: String, password: String) {
        self.login = login
        self.password = password
    }

    /// The header line that carries them.
    var header: String { "Authorization: Basic \(encoded)" }

    /// The texts that must never appear in a failure: the password and the header's Base64 form.
    var secrets: [String] { [password, encoded] }

    private var encoded: String { Data("\(login):\(password)".utf8).base64EncodedString() }

    /// "as LOGIN".
    public var description: String { "as \(login)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["login": login]) }
}
