import FeedModel

/// The sync options (`urls-source`, `sync-local-feeds`, `opml-url`, each service's own), read
/// like newsboat's, and where they say the feeds come from.
extension Config {
    /// Where the list of feeds comes from, as `urls-source`, its service's options and
    /// `sync-local-feeds` say.
    public var feedListSource: FeedListSource {
        switch self[\.urlsSource] {
        case .local: .urlsFile
        case .opml: .opml(documents: self[\.opmlUrl])
        case .service(let service): .server(SyncServer(service: service, values: options), withLocalFeeds: self[\.syncLocalFeeds])
        }
    }

    /// The flag letter that stands for the star: the sync service's `*-flag-star`
    /// (`freshrss-flag-star "a"`) when syncing with one that has the option, else `s` (see
    /// `ArticleFlags`). A value that is not a letter leaves `s`.
    public var starFlag: Character {
        guard let value = feedListSource.server?.value(\.flagStar), let letter = Self.flagLetter(value) else { return ArticleFlags.defaultStar }
        return letter
    }

    /// The flag letter that stands for Tiny Tiny RSS's published state (`ttrss-flag-publish "p"`,
    /// as in newsboat): nil unless syncing with Tiny Tiny RSS (`urls-source "ttrss"`) and the
    /// option names one letter other than the star's. Elsewhere that letter is an ordinary flag.
    public var publishFlag: Character? {
        guard let value = feedListSource.server?.value(\.flagPublish), let letter = Self.flagLetter(value), letter != starFlag else { return nil }
        return letter
    }

    /// The one flag letter `value` names, if it is one.
    private static func flagLetter(_ value: String) -> Character? {
        guard value.count == 1, let letter = value.first, ArticleFlags.isFlag(letter) else { return nil }
        return letter
    }
}
