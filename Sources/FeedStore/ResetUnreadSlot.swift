import Foundation

/// The feeds whose changed articles become unread again (`reset-unread-on-update`), set by
/// `FeedStore.resetUnreadOnUpdate(feedURLs:)` and read by every upsert, from whichever thread
/// writes.
final class ResetUnreadSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: Set<String> = []

    func contains(_ url: String) -> Bool {
        lock.withLock { urls.contains(url) }
    }

    func set(_ newValue: Set<String>) {
        lock.withLock { urls = newValue }
    }
}
