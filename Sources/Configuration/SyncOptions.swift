/// The config file's sync options, in newsboat's names: where the subscriptions come from
/// (`urls-source`), how to reach and log in to a Fever server, and the options of the services
/// the Google Reader services (`freshrss-url`…), read from `serviceOptions`, and those of the
/// services Tidings does not sync with yet (`newsblur-login`…), kept for when it does.
///
///     urls-source "fever"
///     fever-url "https://rss.example.org/fever/"
///     fever-login "me@example.org"
///     fever-passwordeval "pass show rss"
///
/// The password itself is never printed: `description` and the mirror leave it out.
public struct SyncOptions: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// Where the subscriptions come from.
    public enum URLsSource: String, Sendable, Equatable, CaseIterable {
        /// The urls file (the default).
        case local
        /// A Fever API server.
        case fever
        /// newsboat's other sources, read so that a newsboat config loads. Of these, the Google
        /// Reader API servers are synced with: freshrss, oldreader, inoreader and greader (any
        /// other: Miniflux's `/reader/`, BazQux); Tiny Tiny RSS (ttrss) and Miniflux's own API (miniflux) too; the rest are
        /// not yet (see `isSupported`).
        case opml, greader, oldreader, ttrss, newsblur, feedhq, ocnews, miniflux, inoreader, freshrss, feedbin

        /// Whether Tidings can read the subscriptions from this source.
        public var isSupported: Bool { [.local, .opml, .fever, .freshrss, .oldreader, .inoreader, .greader, .ttrss, .miniflux].contains(self) }
    }

    public var urlsSource = URLsSource.local
    /// `sync-local-feeds`: with a feed server, the urls file's feeds are reloaded too.
    public var localFeeds = false
    /// `fever-url`: the Fever endpoint.
    public var feverURL: String?
    /// `fever-login`: the e-mail address or user name.
    public var feverLogin: String?
    /// `fever-password`: the password, written in the config file.
    public var feverPassword: String?
    /// `fever-passwordfile`: a file whose first line is the password (`~/` expanded).
    public var feverPasswordFile: String?
    /// `fever-passwordeval`: a shell command that prints the password.
    public var feverPasswordEval: String?

    /// The options of the other services, by name (`freshrss-url`, `ttrss-login`).
    public var serviceOptions: [String: OptionValue] = [:]

    public init() {}

    public var description: String {
        "urls-source \(urlsSource.rawValue), fever-url \(feverURL ?? "-"), fever-login \(feverLogin ?? "-")"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["urlsSource": urlsSource, "feverURL": feverURL as Any, "feverLogin": feverLogin as Any])
    }
}
