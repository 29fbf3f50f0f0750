import Configuration

/// What the reader knows of reloading: whether a reload or a sync runs, how far it is, the
/// spinner's step.
struct ReloadState {
    /// The running reload's progress; nil when none runs.
    var progress: ReloadProgress?
    /// True from `r`/`R` until the feeds to reload are known.
    var isAskingForFeeds = false
    /// True while a sync with the feed server runs.
    var isSyncing = false
    /// The unread counts before the running reload, for its notification.
    var unreadBefore: UnreadTotals?
    /// What the sync before the running reload of the local feeds (`sync-local-feeds`) said,
    /// shown with the reload's summary.
    var syncSummary: String?
    /// Every feed is to be reloaded once the urls file's change is in the store (newsboat's feeds
    /// just brought over).
    var reloadsWhenListed = false
    private var spinnerStep = 0

    private static let spinnerFrames: [Character] = ["|", "/", "-", "\\"]

    /// True while a reload (or a sync) runs.
    var isRunning: Bool { progress != nil || isAskingForFeeds || isSyncing }

    /// The spinner's frame now.
    var spinnerFrame: Character { Self.spinnerFrames[spinnerStep % Self.spinnerFrames.count] }

    /// Turns the spinner one step.
    mutating func turnSpinner() {
        spinnerStep += 1
    }
}
