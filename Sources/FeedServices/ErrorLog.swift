import Foundation

/// newsboat's `error-log`: the errors a user would want to read later — a feed that failed, a
/// sync or a feed-server change refused — one line each, `[2026-11-28 03:40:00] message` in local
/// time as newsboat writes them, appended to the file the config names.
///
/// Made before logging starts and pointed at its file once the config is read; until then (and
/// without `error-log`) it writes nothing.
public final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var file: LogFile?

    public init() {}

    /// Appends from now on to the file at `path` (created, readable by the user only).
    public func open(path: String) {
        let opened = LogFile(path: path)
        lock.lock()
        defer { lock.unlock() }
        file = opened
    }

    func record(_ message: String, at date: Date = Date()) {
        lock.lock()
        let file = self.file
        lock.unlock()
        guard let file else { return }
        var time = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        let stamp = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        file.append("[\(stamp)] \(message)\n")
    }
}
