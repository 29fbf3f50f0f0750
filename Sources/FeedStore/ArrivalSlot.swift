import FilterLanguage
import Foundation

/// What every upsert does to the articles it brings besides storing them — the rules on
/// arrival and whether near-duplicates make stories — set by `FeedStore.useRules` and
/// `FeedStore.useNearDuplicates`, read from whichever thread writes.
final class ArrivalSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var rules: [ArticleRule] = []
    private var nearDuplicates = false

    var currentRules: [ArticleRule] {
        lock.withLock { rules }
    }

    var foldsNearDuplicates: Bool {
        lock.withLock { nearDuplicates }
    }

    func set(rules newValue: [ArticleRule]) {
        lock.withLock { rules = newValue }
    }

    func set(nearDuplicates newValue: Bool) {
        lock.withLock { nearDuplicates = newValue }
    }
}
