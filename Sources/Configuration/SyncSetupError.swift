/// Why the sync options do not make a usable account: one line, never the password.
public enum SyncSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `urls-source "fever"` without this option.
    case missingOption(String)
    /// `fever-url` is not an http or https address.
    case badURL(String)
    /// The password file cannot be read, or is empty.
    case unreadablePasswordFile(path: String, why: String)
    /// The `fever-passwordeval` command failed or printed nothing.
    case passwordCommandFailed(why: String)

    public var description: String {
        switch self {
        case .missingOption(let name):
            "urls-source \"fever\" needs \(name) in the config file"
        case .badURL(let url):
            "fever-url \"\(Excerpt(url))\" is not an http:// or https:// address"
        case .unreadablePasswordFile(let path, let why):
            "cannot read the password from fever-passwordfile \(Excerpt(path)): \(why)"
        case .passwordCommandFailed(let why):
            "the fever-passwordeval command \(why)"
        }
    }
}
