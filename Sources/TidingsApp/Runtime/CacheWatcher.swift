import Dispatch
import Foundation

/// Says when the cache file changes on disk — another process (`tidings reload` from cron,
/// `tidings import`) has written it — so that an idle reader shows the change with no key pressed.
///
/// inotify on the cache's directory, read by a Dispatch source: no polling, so an idle reader
/// stays idle. The directory is watched rather than the files, because SQLite creates the
/// write-ahead log only when a writer starts. Bursts of writes are coalesced into one call.
@MainActor
final class CacheWatcher {
    private let descriptor: Int32
    private let source: DispatchSourceRead
    private let cacheName: String
    private let delay: DispatchTimeInterval
    private let changed: @MainActor () -> Void
    private var isCallScheduled = false

    /// Nil when inotify cannot watch the directory (the reader then notices changes at the next
    /// key, as before).
    init?(cachePath: String, coalescing delay: DispatchTimeInterval = .milliseconds(100),
          changed: @escaping @MainActor () -> Void) {
        let cache = URL(fileURLWithPath: cachePath)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(descriptor, cache.deletingLastPathComponent().path, events) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        cacheName = cache.lastPathComponent
        self.delay = delay
        self.changed = changed
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readEvents() } }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    isolated deinit {
        source.cancel()
    }

    /// Whether a change to the file `name`, beside the cache named `cacheName`, changes what the
    /// cache holds: the database and its write-ahead log do; the marks journal the reader itself
    /// writes, or anything else in the directory, do not.
    nonisolated static func isCache(fileNamed name: String, cacheName: String) -> Bool {
        name == cacheName || name == cacheName + "-wal"
    }

    private func readEvents() {
        var touchesCache = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = raw[(offset + header)..<min(count, offset + header + Int(event.len))]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    if Self.isCache(fileNamed: name, cacheName: cacheName) { touchesCache = true }
                    offset += header + Int(event.len)
                }
            }
        }
        guard touchesCache, !isCallScheduled else { return }
        isCallScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.isCallScheduled = false
                self.changed()
            }
        }
    }
}
