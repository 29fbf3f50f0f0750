/// Why the sync options do not make a usable account: one line, never the password.
public enum SyncSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `urls-source` names a service Tidings cannot take the subscriptions from yet.
    case unsupportedSource(String)
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
        case .unsupportedSource(let name):
            "urls-source \"\(name)\": Tidings cannot sync with \(name) yet, so no feeds are read; set urls-source \"local\" " +
                "and list the feeds in the urls file, or \"fever\" if the server has a Fever API (FreshRSS, Miniflux and Tiny Tiny RSS do)"
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
