/// The config file's sync options, in newsboat's names: where the subscriptions come from
/// (`urls-source`), `sync-local-feeds`, and each service's own options (`fever-url`,
/// `freshrss-login`, `ttrss-passwordeval`…), kept by name. `Config.feedListSource` makes the one
/// value the rest of Tidings reads from them.
///
///     urls-source "fever"
///     fever-url "https://rss.example.org/fever/"
///     fever-login "me@example.org"
///     fever-passwordeval "pass show rss"
///
/// The password itself is never printed: `description` and the mirror leave it out.
public struct SyncOptions: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// `urls-source`: `local`, `opml` or a service's name (`SyncService`).
    public var urlsSource = "local"
    /// `sync-local-feeds`: with a feed server, the urls file's feeds are reloaded too.
    public var localFeeds = false
    /// The services' options, by their whole name (`fever-url`, `ttrss-login`).
    public var serviceOptions: [String: OptionValue] = [:]

    public init() {}

    /// The values `urls-source` takes.
    static let urlsSourceNames = ["local", "opml"] + SyncService.allCases.map(\.rawValue)

    public var description: String {
        "urls-source \(urlsSource), sync-local-feeds \(localFeeds ? "yes" : "no")"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["urlsSource": urlsSource, "localFeeds": localFeeds])
    }
}
