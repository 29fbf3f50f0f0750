import Foundation
import Testing
@testable import TidingsApp

@MainActor
@Suite struct CacheWatcherTests {
    @Test func theCacheAndItsLogAreWatchedAndOtherFilesAreNot() {
        #expect(CacheWatcher.isCache(fileNamed: "cache.db", cacheName: "cache.db"))
        #expect(CacheWatcher.isCache(fileNamed: "cache.db-wal", cacheName: "cache.db"))
        #expect(!CacheWatcher.isCache(fileNamed: "cache.db-marks", cacheName: "cache.db"), "the reader's own marks journal is not the cache")
        #expect(!CacheWatcher.isCache(fileNamed: "cache.db-shm", cacheName: "cache.db"))
        #expect(!CacheWatcher.isCache(fileNamed: "other.db", cacheName: "cache.db"))
        #expect(!CacheWatcher.isCache(fileNamed: "cache.d", cacheName: "cache.db"))
    }

    @Test(.timeLimit(.minutes(10))) func writesToTheCachesLogAreSeen() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = directory.appendingPathComponent("cache.db")
        let (calls, call) = AsyncStream.makeStream(of: Void.self)
        let watcher = try #require(CacheWatcher(cachePath: cache.path, coalescing: .milliseconds(20)) { call.yield() })

        // How many calls a burst makes depends on timing: not asserted here.
        let log = directory.appendingPathComponent("cache.db-wal")
        for step in 0..<5 { try Data(repeating: UInt8(step), count: 100).write(to: log) }
        var isSeen = false
        for await _ in calls {
            isSeen = true
            break
        }
        #expect(isSeen)
        withExtendedLifetime(watcher) {}
    }
}
