import Foundation
import Glibc

/// The marks typed and not yet written to the cache, kept in a small file next to it, so that
/// a reader killed while another process held the cache loses none: the next start writes them
/// (DECISIONS.md, 2026-11-23).
///
/// A mark is appended (one `write(2)`, no SQLite, no lock to wait for) before it is shown; the
/// file is emptied whenever every mark in it has been written. Marks are absolute ("item 12
/// read"), so writing one twice after a crash changes nothing.
final class MarkJournal: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var unwritten = 0

    init(path: String) {
        self.path = path
    }

    /// The journal of the cache at `cachePath`.
    convenience init(cachePath: String) {
        self.init(path: cachePath + "-marks")
    }

    /// The marks a previous run left unwritten, in the order they were made.
    func leftOver() -> [ItemMark] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap(ItemMark.init(journalLine:))
    }

    /// Records `marks` before they are written.
    func append(_ marks: [ItemMark]) {
        guard !marks.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        unwritten += marks.count
        let bytes = Array(marks.map { $0.journalLine + "\n" }.joined().utf8)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            offset += written
        }
    }

    /// Notes that `count` marks are in the cache now; empties the file when none is left.
    func written(_ count: Int) {
        lock.lock()
        defer { lock.unlock() }
        unwritten = max(0, unwritten - count)
        if unwritten == 0 { truncate(path, 0) }
    }

    /// Empties the file after the marks of a previous run were written.
    func clearLeftOver() {
        lock.lock()
        defer { lock.unlock() }
        if unwritten == 0 { truncate(path, 0) }
    }
}
