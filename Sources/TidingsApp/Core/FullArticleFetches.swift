import FeedStore
import Foundation

/// The full articles the reader is fetching: those asked for with `x`, and the run of
/// `always-fetch-full-article` after a reload, for the status bar and to ask only once.
struct FullArticleFetches {
    /// Items whose full article was asked for with `x` and has not arrived yet.
    var asked: Set<ItemID> = []
    /// Items `always-fetch-full-article` is fetching.
    var automatic: Set<ItemID> = []
    /// How many the running always-fetch run started, and how many of them failed.
    var automaticTotal = 0
    var automaticFailed = 0
    /// When the reload running now started: its new items are those first seen since.
    var reloadStarted: Date?

    /// What the status bar says while nothing more pressing is shown; nil when idle.
    var status: String? {
        if !asked.isEmpty {
            return asked.count == 1 ? "Fetching the full article…" : "Fetching \(asked.count) full articles…"
        }
        guard !automatic.isEmpty else { return nil }
        return "Fetching full articles \(automaticTotal - automatic.count + 1)/\(automaticTotal)…"
    }

    /// Records the start of always-fetch jobs for `ids`, a new run when none is running.
    mutating func startAutomatic(_ ids: [ItemID]) {
        if automatic.isEmpty {
            automaticTotal = 0
            automaticFailed = 0
        }
        automatic.formUnion(ids)
        automaticTotal += ids.count
    }

    /// Records the end of an always-fetch job; true when it was the run's last.
    mutating func finishAutomatic(_ id: ItemID, failed: Bool) -> Bool {
        guard automatic.remove(id) != nil else { return false }
        if failed { automaticFailed += 1 }
        return automatic.isEmpty
    }
}
