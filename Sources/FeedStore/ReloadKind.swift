/// Who asked for a reload, which decides the feeds it fetches (see `FeedHealth.isDue`).
public enum ReloadKind: Sendable, Hashable {
    /// `auto-reload`, `tidings reload` from cron: only the feeds that are due, each by its own
    /// `reload-time`, what the feed declares (`<ttl>`) and what its server said (`Cache-Control`,
    /// `Expires`), failing ones backing off.
    case automatic
    /// `R`, `r`, `tidings reload --all`: every feed, except one whose server asked to be left
    /// alone for a while (`Retry-After`).
    case manual
}
