/// The state of a running reload as the status bar shows it: "Reloading 12/200 — 3 failed".
public struct ReloadProgress: Hashable, Sendable {
    public private(set) var total: Int
    public private(set) var completed = 0
    public private(set) var failed = 0
    public private(set) var newItems = 0
    /// Feeds downloading now, by URL.
    public private(set) var inProgress: Set<String> = []
    /// The reason of the last failure, for the summary line.
    public private(set) var lastFailure: String?
    /// The last failure to save a feed: it concerns the cache (a full disk), not the feed, so the
    /// summary line names it however many feeds failed.
    public private(set) var savingFailure: String?

    public init(total: Int) {
        self.total = total
    }

    public mutating func started(_ url: String) {
        inProgress.insert(url)
    }

    public mutating func finished(
        _ url: String, newItems: Int = 0, failure: String? = nil, isSavingFailure: Bool = false, completed: Int, total: Int
    ) {
        inProgress.remove(url)
        self.completed = completed
        self.total = total
        self.newItems += newItems
        if let failure {
            failed += 1
            lastFailure = failure
            if isSavingFailure { savingFailure = failure }
        }
    }

    /// The status-bar text while the reload runs.
    public var runningText: String {
        var text = "Reloading \(completed)/\(total)"
        if failed > 0 { text += " — \(failed) failed" }
        return text
    }

    /// The status-bar text once it has ended.
    public var summaryText: String {
        var text = "Reloaded \(total) feed\(total == 1 ? "" : "s")"
        text += newItems == 1 ? " — 1 new article" : " — \(newItems) new articles"
        if failed > 0 {
            text += ", \(failed) failed"
            if let reason = savingFailure ?? (failed == 1 ? lastFailure : nil) { text += ": \(reason)" }
        }
        return text
    }
}
