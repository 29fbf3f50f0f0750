import Foundation

/// What the cache knows of how one feed's fetches go: the feed-health screen's row, and what
/// decides whether a reload fetches the feed (`isDue`). Read with `FeedStore.feedHealth()`.
///
/// A polite reader asks a server no more often than it wants: an automatic reload waits, after
/// the feed's last fetch, the longest of its `reload-time`, the interval the feed declares
/// (`<ttl>`, `sy:updatePeriod`) and the time the server said its answer stays fresh
/// (`Cache-Control: max-age`, `Expires`); a feed that keeps failing waits its interval doubled
/// with each failure in a row, up to a day; and no reload, not even a manual one, asks a server
/// that answered `429` or `503` with a `Retry-After` before that time (for a 429, no feed of
/// that server: its host and port, see `FeedHost`). No feed or server makes Tidings wait more
/// than a day (`longestWait`).
public struct FeedHealth: Sendable, Hashable, Identifiable {
    /// The feed's row: its title, tags, last success and attempt, last error and how many
    /// failures in a row, the date of its newest article.
    public var feed: FeedListRow
    /// Where the feed is fetched from since two fetches in a row were permanently redirected
    /// there (301/308); nil when it has not moved. `tidings feeds --adopt-moved` writes it into
    /// the urls file.
    public var movedTo: String?
    /// Seconds the feed declares between two looks (`<ttl>`, `sy:updatePeriod`), capped.
    public var updateInterval: Double?
    /// Until when the server said its last answer stays fresh.
    public var freshUntil: Date?
    /// Until when the server asked this feed to be left alone (`Retry-After`).
    public var serverWaitUntil: Date?
    /// Until when the feed's server asked to be left alone (a 429 with `Retry-After`, for any of
    /// its feeds).
    public var hostWaitUntil: Date?
    /// The feed's `reload-time` in seconds, as last applied (`FeedStore.applyFeedPolicies`);
    /// nil before any was: automatic reloads then go by the feed's and server's times alone.
    public var reloadInterval: Double?

    public var id: FeedID { feed.id }

    public init(
        feed: FeedListRow, movedTo: String? = nil, updateInterval: Double? = nil, freshUntil: Date? = nil,
        serverWaitUntil: Date? = nil, hostWaitUntil: Date? = nil, reloadInterval: Double? = nil
    ) {
        self.feed = feed
        self.movedTo = movedTo
        self.updateInterval = updateInterval
        self.freshUntil = freshUntil
        self.serverWaitUntil = serverWaitUntil
        self.hostWaitUntil = hostWaitUntil
        self.reloadInterval = reloadInterval
    }

    /// The longest any feed, server or run of failures makes Tidings wait: a day.
    public static let longestWait: Double = 86_400

    /// True when the last fetch failed.
    public var isFailing: Bool { feed.lastError != nil }

    /// When a reload of `kind` may next fetch the feed, and why not before; nil when nothing
    /// holds it back (never fetched, or nothing known). The time may be past: then it is due.
    public func nextFetch(_ kind: ReloadKind) -> FetchWait? {
        var waits: [FetchWait] = []
        if let server = [serverWaitUntil, hostWaitUntil].compactMap({ $0 }).max() {
            waits.append(FetchWait(until: server, reason: .retryAfter))
        }
        if kind == .automatic, let last = feed.lastAttemptAt {
            waits += scheduledWaits(after: last)
        }
        // The longest wait wins; on a tie, the first named (the server's).
        return waits.reduce(nil) { longest, wait in
            guard let longest else { return wait }
            return wait.until > longest.until ? wait : longest
        }
    }

    /// Whether a reload of `kind` run at `now` fetches the feed.
    ///
    /// A wait of the feed's schedule counts as over in its last tenth: a reload run every
    /// `reload-time` (cron, `auto-reload`) records each fetch a moment after it starts, and
    /// would otherwise find the feed due a moment too late and skip it every other time. The
    /// server's `Retry-After` is kept to the second.
    public func isDue(_ kind: ReloadKind, at now: Date) -> Bool {
        guard let wait = nextFetch(kind) else { return true }
        guard wait.reason != .retryAfter, let last = feed.lastAttemptAt else { return now >= wait.until }
        let early = max(0, wait.until.timeIntervalSince(last)) / 10
        return now >= wait.until.addingTimeInterval(-early)
    }

    /// True when the newest article is older than `days` days at `now` (nothing new for that
    /// long); a feed without articles is not stale, it is empty.
    public func isStale(at now: Date, days: Int) -> Bool {
        guard let newest = feed.newestItemDate else { return false }
        return newest < now.addingTimeInterval(-Double(days) * 86_400)
    }

    /// The waits of an automatic reload after the last fetch at `last`: the schedule's after a
    /// success, the back-off after failures.
    private func scheduledWaits(after last: Date) -> [FetchWait] {
        let interval = max(reloadInterval ?? 0, updateInterval ?? 0)
        if isFailing {
            guard interval > 0 else { return [] }
            let doublings = Double(min(max(feed.failureCount, 1) - 1, 30))
            let backOff = min(Self.longestWait, interval * pow(2, doublings))
            return [FetchWait(until: last.addingTimeInterval(backOff), reason: .backOff)]
        }
        var waits: [FetchWait] = []
        if let reloadInterval { waits.append(FetchWait(until: last.addingTimeInterval(reloadInterval), reason: .reloadTime)) }
        if let updateInterval { waits.append(FetchWait(until: last.addingTimeInterval(updateInterval), reason: .feedTTL)) }
        if let freshUntil { waits.append(FetchWait(until: freshUntil, reason: .serverCache)) }
        return waits
    }
}
