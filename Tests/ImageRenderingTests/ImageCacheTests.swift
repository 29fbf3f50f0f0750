import Foundation
@testable import ImageRendering
import Testing

/// The disk cache of downloaded pictures: its round trip, its age and size limits, and that an
/// address never gets another's picture.
struct ImageCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-image-cache-\(UUID().uuidString)")
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func keepsWhatWasStoredForItsAddress() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ImageCache(directory: directory)
        #expect(cache.bytes(for: "https://example.org/a.png", now: start) == nil)
        try cache.store([1, 2, 3], for: "https://example.org/a.png", now: start)
        try cache.store([4, 5], for: "https://example.org/b.png", now: start)
        #expect(cache.bytes(for: "https://example.org/a.png", now: start.addingTimeInterval(60)) == [1, 2, 3])
        #expect(cache.bytes(for: "https://example.org/b.png", now: start) == [4, 5])
        #expect(cache.bytes(for: "https://example.org/c.png", now: start) == nil)
    }

    @Test func aFileUnderTheSameNameForAnotherAddressIsNoHit() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ImageCache(directory: directory)
        try cache.store([9, 9], for: "https://example.org/other.png", now: start)
        // What a hash collision would leave: the other address's file under this one's name.
        try FileManager.default.moveItem(at: cache.fileURL(for: "https://example.org/other.png"), to: cache.fileURL(for: "https://example.org/a.png"))
        #expect(cache.bytes(for: "https://example.org/a.png", now: start) == nil)
    }

    @Test func picturesOlderThanTheAgeLimitAreGone() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ImageCache(directory: directory, maxAge: 3600)
        try cache.store([1], for: "https://example.org/old.png", now: start)
        #expect(cache.bytes(for: "https://example.org/old.png", now: start.addingTimeInterval(3599)) == [1])
        #expect(cache.bytes(for: "https://example.org/old.png", now: start.addingTimeInterval(3601)) == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL(for: "https://example.org/old.png").path))
        // Trimming removes them too, unread.
        try cache.store([2], for: "https://example.org/x.png", now: start)
        try cache.store([3], for: "https://example.org/y.png", now: start.addingTimeInterval(7200))
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL(for: "https://example.org/x.png").path))
    }

    @Test func theOldestGoFirstPastTheSizeLimit() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each entry: 26 bytes of address and newline, 100 of picture.
        let cache = ImageCache(directory: directory, maxBytes: 300)
        let picture = [UInt8](repeating: 7, count: 100)
        try cache.store(picture, for: "https://example.org/1.png", now: start)
        try cache.store(picture, for: "https://example.org/2.png", now: start.addingTimeInterval(1))
        try cache.store(picture, for: "https://example.org/3.png", now: start.addingTimeInterval(2))
        let later = start.addingTimeInterval(3)
        #expect(cache.bytes(for: "https://example.org/1.png", now: later) == nil)
        #expect(cache.bytes(for: "https://example.org/2.png", now: later) == picture)
        #expect(cache.bytes(for: "https://example.org/3.png", now: later) == picture)
        // Larger than the whole cache: not kept, nothing else evicted for it.
        try cache.store([UInt8](repeating: 1, count: 400), for: "https://example.org/big.png", now: later)
        #expect(cache.bytes(for: "https://example.org/big.png", now: later) == nil)
        #expect(cache.bytes(for: "https://example.org/3.png", now: later) == picture)
    }
}
