/// Where the list of feeds comes from, decided once from `urls-source` (newsboat's option) and
/// `sync-local-feeds`: every part of Tidings asks this one value, never the options.
///
///     urls-source "freshrss"       → .server(SyncServer(service: .freshrss, …), withLocalFeeds: false)
///     urls-source "opml"           → .opml(documents: ["https://example.org/feeds.opml"])
///     (nothing)                    → .urlsFile
public enum FeedListSource: Sendable, Equatable {
    /// The urls file (newsboat's default): the reader edits it, reloads fetch its feeds.
    case urlsFile
    /// The OPML documents `opml-url` names (`urls-source "opml"`): fetched like the feeds, never
    /// written; the urls file still holds the query feeds.
    case opml(documents: [String])
    /// A feed server: it keeps the list of feeds and syncs them. With `sync-local-feeds`, the urls
    /// file's feeds are reloaded beside the server's.
    case server(SyncServer, withLocalFeeds: Bool)

    /// The feed server, if the feeds come from one.
    public var server: SyncServer? {
        if case .server(let server, _) = self { return server }
        return nil
    }

    /// Whether Tidings fetches some feeds itself — the urls file's or the OPML documents' —
    /// rather than only syncing a server's (`sync-local-feeds` fetches the urls file's beside).
    public var fetchesFeeds: Bool {
        if case .server(_, let withLocalFeeds) = self { return withLocalFeeds }
        return true
    }

    /// Why the reader cannot change the urls file's feeds here, or nil when it can (`a`, `e`,
    /// `T`, `D`, moving a feed, `edit-urls`): the OPML documents list the feeds. (A feed server
    /// takes the edits itself: see `SyncServer`.)
    public var urlsFileEditRefusal: String? {
        if case .opml = self { return "The feed list comes from the OPML documents opml-url names: change them there" }
        return nil
    }
}
