import Foundation
import Glibc

/// Waits for a file another process writes (a notify program's output, a saved article), woken
/// by the kernel when its directory changes (inotify) rather than polling or sleeping: on a
/// loaded machine the wait ends as soon as the file is there, however late that is.
///
/// ```swift
/// #expect(FileWait.until(exists: outputPath, timeout: 60))
/// ```
public enum FileWait {
    /// Waits until the file at `path` (in a directory that exists) exists and `condition` holds for its contents (by default:
    /// any contents, even none); false when `timeout` seconds pass first. Blocks the calling
    /// thread: call it from a test's own thread, not the main one while the reader needs it.
    public static func until(exists path: String, timeout: TimeInterval,
                             _ condition: (Data) -> Bool = { _ in true }) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { if descriptor >= 0 { close(descriptor) } }
        let events = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO)
        // The directory must exist: it is what is watched.
        guard descriptor >= 0, inotify_add_watch(descriptor, directory, events) >= 0 else {
            return FileManager.default.contents(atPath: path).map(condition) ?? false
        }
        // Checked after the watch is in place: a file written in between is not missed.
        while true {
            if let data = FileManager.default.contents(atPath: path), condition(data) { return true }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, Int32(min(left, 60) * 1000)) > 0 { drain(descriptor) }
        }
    }

    /// Waits as ``until(exists:timeout:_:)`` does, off the cooperative thread pool, so that an
    /// async test does not hold one of its threads meanwhile.
    public static func untilAsync(exists path: String, timeout: TimeInterval,
                                  _ condition: @escaping @Sendable (Data) -> Bool = { _ in true }) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: until(exists: path, timeout: timeout, condition))
            }
        }
    }

    private static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
