import Foundation
import Testing
@testable import TidingsApp

@MainActor
@Suite struct CacheWatcherTests {
    @Test func writesToTheCacheOrItsLogAreSeenAndOtherFilesAreNot() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = directory.appendingPathComponent("cache.db")
        var calls = 0
        let watcher = try #require(CacheWatcher(cachePath: cache.path, coalescing: .milliseconds(20)) { calls += 1 })

        try Data("marks".utf8).write(to: directory.appendingPathComponent("cache.db-marks"))
        try await Task.sleep(for: .milliseconds(200))
        #expect(calls == 0, "the reader's own marks journal is not the cache")

        // Writes to the write-ahead log are seen (how many calls a burst makes depends on timing:
        // not asserted here).
        let log = directory.appendingPathComponent("cache.db-wal")
        for step in 0..<5 { try Data(repeating: UInt8(step), count: 100).write(to: log) }
        let clock = ContinuousClock(), deadline = clock.now + .seconds(10)
        while calls == 0 && clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(calls >= 1)
        withExtendedLifetime(watcher) {}
    }
}
