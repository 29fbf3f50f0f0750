import FeedFetcher
import Foundation

/// Writes the progress of a `tidings reload`: a redrawn progress line on a terminal, one line per
/// feed otherwise, then the summary. A feed that failed is a line on standard error, so that a
/// cron job whose output goes to `/dev/null` still mails it (issue 45 §10). Feed names come from
/// feeds, so they are made printable (control characters dropped) before they reach the terminal.
final class ReloadReporter: @unchecked Sendable {
    private let total: Int
    private let isTerminal: Bool
    private let name: @Sendable (String) -> String
    private var width: Int
    private var hasProgressLine = false

    init(total: Int, isTerminal: Bool, name: @escaping @Sendable (String) -> String) {
        self.total = total
        self.isTerminal = isTerminal
        self.name = name
        self.width = isTerminal ? ReloadReporter.terminalWidth() : 80
    }

    /// Called on the reload's (serial) event queue.
    func report(_ event: FetchEvent) {
        if isTerminal {
            reportOnTerminal(event)
        } else if case .failed = event.kind, let line = ReloadReporter.line(for: event, name: name(event.url)) {
            ReloadReporter.writeError(line)
        } else if let line = ReloadReporter.line(for: event, name: name(event.url)) {
            ReloadReporter.write(line + "\n")
        }
    }

    /// Says, a line each, which feeds the reload leaves alone and until when (not on a terminal,
    /// where the summary counts them).
    func report(waiting: [FetchPlan.Waiting]) {
        guard !isTerminal else { return }
        for feed in waiting {
            ReloadReporter.write(ReloadReporter.line(for: feed, name: name(feed.feed.feed.url)) + "\n")
        }
    }

    func finish(_ summary: ReloadSummary, waiting: Int = 0) {
        if hasProgressLine { ReloadReporter.write("\r\u{1B}[K") }
        ReloadReporter.write(ReloadReporter.summaryLine(summary, waiting: waiting) + "\n")
    }

    private func reportOnTerminal(_ event: FetchEvent) {
        if case .failed = event.kind, let line = ReloadReporter.line(for: event, name: name(event.url)) {
            // Above the progress line, which is drawn again after it.
            ReloadReporter.write("\r\u{1B}[K")
            ReloadReporter.writeError(line)
        }
        guard event.kind != .started else { return }
        ReloadReporter.write("\r\u{1B}[K" + ReloadReporter.progressLine(
            completed: event.completed, total: total, current: name(event.url), width: width))
        hasProgressLine = true
    }

    /// The line printed for a feed that ended (nil for `started`).
    static func line(for event: FetchEvent, name: String) -> String? {
        switch event.kind {
        case .started: nil
        case .finished(let newItems): "updated    \(name)" + (newItems > 0 ? " (\(newItems) new)" : "")
        case .notModified: "unchanged  \(name)"
        case .failed(let failure): "failed     \(name): \(failure)"
        case .cancelled: "cancelled  \(name)"
        }
    }

    /// `waiting    Harbour Notes: until 2026-12-06 14:05 (ttl)`, the time local.
    static func line(for waiting: FetchPlan.Waiting, name: String) -> String {
        "waiting    \(name): until \(localTime(waiting.wait.until)) (\(waiting.wait.reason.rawValue))"
    }

    /// `2026-12-06 14:05`, in the local time zone.
    static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// `[#######.............]  12/200  Harbour Notes`, cut to `width` columns.
    static func progressLine(completed: Int, total: Int, current: String, width: Int) -> String {
        let barWidth = 20
        let filled = total == 0 ? barWidth : completed * barWidth / total
        let counter = "\(completed)/\(total)"
        let head = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]  "
            + String(repeating: " ", count: max(0, 2 * String(total).count + 1 - counter.count)) + counter + "  "
        let room = max(0, width - 1 - head.count)
        let name = current.count > room ? String(current.prefix(max(0, room - 1))) + "…" : current
        return head + (room > 0 ? name : "")
    }

    /// `200 feeds: 180 updated, 15 unchanged, 5 failed; 42 new items`; feeds the reload left
    /// alone count as `waiting`.
    static func summaryLine(_ summary: ReloadSummary, waiting: Int = 0) -> String {
        var parts = ["\(summary.updated) updated", "\(summary.notModified) unchanged", "\(summary.failed) failed"]
        if summary.cancelled > 0 { parts.append("\(summary.cancelled) cancelled") }
        if waiting > 0 { parts.append("\(waiting) waiting") }
        let total = summary.total + waiting
        let feeds = total == 1 ? "1 feed" : "\(total) feeds"
        let items = summary.newItems == 1 ? "1 new item" : "\(summary.newItems) new items"
        return "\(feeds): \(parts.joined(separator: ", ")); \(items)"
    }

    /// Text from a feed or the user, with control characters (C0, C1, DEL, ESC) removed.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
