import FilterLanguage
import Foundation

/// The killfile a store applies to what it stores, set by `FeedStore.applyKillfile` and read
/// by every upsert, from whichever thread writes.
final class KillfileSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var killfile = Killfile.empty

    var current: Killfile {
        lock.lock()
        defer { lock.unlock() }
        return killfile
    }

    func set(_ newValue: Killfile) {
        lock.lock()
        killfile = newValue
        lock.unlock()
    }
}
