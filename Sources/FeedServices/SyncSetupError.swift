import Configuration

/// Why the sync options do not make a usable account: one line, never the password.
public enum SyncSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `urls-source` names a service Tidings cannot take the subscriptions from yet.
    case unsupportedSource(String)
    /// `urls-source "SERVICE"` without this option (`SERVICE-…`).
    case missingOption(String)
    /// The `…-url` option is not an http or https address.
    case badURL(option: String, url: String)
    /// The `…-passwordfile` cannot be read, or is empty.
    case unreadablePasswordFile(option: String, path: String, why: String)
    /// The `…-passwordeval` command failed or printed nothing.
    case passwordCommandFailed(option: String, why: String)

    public var description: String {
        switch self {
        case .unsupportedSource(let name):
            "urls-source \"\(name)\": Tidings cannot sync with \(name) yet, so no feeds are read; set urls-source \"local\" " +
                "and list the feeds in the urls file, or \"greader\" or \"fever\" if the server has a Google Reader or Fever API " +
                "(FreshRSS and Miniflux have both, Tiny Tiny RSS a Fever plugin)"
        case .missingOption(let name):
            "urls-source \"\(name.prefix { $0 != "-" })\" needs \(name) in the config file"
        case .badURL(let option, let url):
            "\(option) \"\(Excerpt(url))\" is not an http:// or https:// address"
        case .unreadablePasswordFile(let option, let path, let why):
            "cannot read the \(option.contains("-token") ? "token" : "password") from \(option) \(Excerpt(path)): \(why)"
        case .passwordCommandFailed(let option, let why):
            "the \(option) command \(why)"
        }
    }
}
