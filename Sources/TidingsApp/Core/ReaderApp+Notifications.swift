import Configuration
import Foundation

/// newsboat's notifications after a reload (`notify-program`, `notify-format`, `notify-always`,
/// `notify-beep`, `notify-screen`, `notify-xterm`): the unread counts are read from the cache
/// before and after the reload, and compared.
extension ReaderApp {
    /// Reads the unread counts before (or after) a reload, when a notification may follow:
    /// after it only when those before it were read (they were asked for first, on the same
    /// queue as the reload's own reads).
    func countUnreadForNotification(afterReload: Bool) -> [ReaderEffect] {
        guard settings.notifications.isEnabled, !afterReload || reload.unreadBefore != nil else { return [] }
        return [.load(StoreRead(query: .unreadTotals, reply: .unreadTotals(afterReload: afterReload), waitsForWrites: true))]
    }

    /// Keeps the counts before a reload; after it, says what changed, if there is something to
    /// say (or always, with `notify-always`).
    func notify(_ totals: UnreadTotals, afterReload: Bool) -> [ReaderEffect] {
        guard afterReload else {
            reload.unreadBefore = totals
            return []
        }
        guard let before = reload.unreadBefore else { return [] }
        reload.unreadBefore = nil
        let options = settings.notifications
        guard let message = options.message(before: before, after: totals) else { return [] }
        logger.info("notifying: \(message)")
        if options.usesXterm { titleNotification = message }
        guard options.program != nil || options.beeps || options.usesScreen else { return [] }
        return [.notify(message: message, program: options.program, beeps: options.beeps, inStatusLine: options.usesScreen)]
    }
}
