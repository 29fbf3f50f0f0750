import FeedModel
import FeedStore

/// The sync options (`urls-source`, `fever-…`, `freshrss-…`), read like newsboat's, and where
/// they say the feeds come from.
extension Config {
    /// Applies one sync option's value (the table has checked it); returns what was wrong with
    /// it, if anything.
    mutating func applySyncOption(_ name: String, _ value: OptionValue) -> String? {
        switch name {
        case "urls-source": sync.urlsSource = value.text
        case "sync-local-feeds": sync.localFeeds = value.isOn
        default: sync.serviceOptions[name] = value
        }
        return nil
    }

    /// Where the list of feeds comes from, as `urls-source`, its service's options and
    /// `sync-local-feeds` say.
    public var feedListSource: FeedListSource {
        switch sync.urlsSource {
        case "opml":
            return .opml(documents: (optionValue("opml-url")?.text ?? "").split(separator: " ").map(String.init))
        case let name:
            guard let service = SyncService(rawValue: name) else { return .urlsFile }
            let prefix = "\(name)-"
            let options = sync.serviceOptions.filter { $0.key.hasPrefix(prefix) }
            let server = SyncServer(service: service, options: Dictionary(uniqueKeysWithValues: options.map { (String($0.key.dropFirst(prefix.count)), $0.value) }))
            return .server(server, withLocalFeeds: sync.localFeeds)
        }
    }

    /// The flag letter that stands for the star: the sync service's `*-flag-star`
    /// (`freshrss-flag-star "a"`) when syncing with one that has the option, else `s` (see
    /// `ArticleFlags`). A value that is not a letter leaves `s`.
    public var starFlag: Character {
        guard let server = feedListSource.server, let value = server.text("flag-star"),
              value.count == 1, let letter = value.first, ArticleFlags.isFlag(letter)
        else { return ArticleFlags.defaultStar }
        return letter
    }

    /// The flag letter that stands for Tiny Tiny RSS's published state (`ttrss-flag-publish "p"`,
    /// as in newsboat): nil unless syncing with Tiny Tiny RSS (`urls-source "ttrss"`) and the
    /// option names one letter other than the star's. Elsewhere that letter is an ordinary flag.
    public var publishFlag: Character? {
        guard let server = feedListSource.server, server.service == .ttrss, let value = server.text("flag-publish"),
              value.count == 1, let letter = value.first, ArticleFlags.isFlag(letter), letter != starFlag
        else { return nil }
        return letter
    }
}
