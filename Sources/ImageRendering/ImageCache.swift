import Foundation

/// Downloaded pictures kept on disk, so that an article opened again shows its pictures without
/// the network, within a size limit and an age limit.
///
///     let cache = ImageCache(directory: paths.imageCacheDirectory)
///     if let bytes = cache.bytes(for: url, now: Date()) { … } else { download, then cache.store(bytes, for: url, now: Date()) }
///
/// One file per picture, named by a 64-bit FNV-1a hash of its address; the address is the
/// file's first line and is checked on reading, so two addresses with the same hash never give
/// each other's picture. A picture is kept `maxAge` seconds from its download; past `maxBytes`
/// the oldest go first. The bytes are kept as served: they are decoded (and checked) again each
/// time they are shown. Files are written whole to a temporary name and renamed, so a reader
/// never sees half a picture. Safe from any thread (the file system is the only state).
public struct ImageCache: Sendable {
    public var directory: URL
    public var maxBytes: Int
    public var maxAge: TimeInterval

    /// 64 MiB and 30 days.
    public init(directory: URL, maxBytes: Int = 64 << 20, maxAge: TimeInterval = 30 * 86_400) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.maxAge = maxAge
    }

    /// The picture downloaded from `url`, unless it is missing, someone else's, or too old (then
    /// it is removed).
    public func bytes(for url: String, now: Date) -> [UInt8]? {
        let file = fileURL(for: url)
        guard let data = try? Data(contentsOf: file) else { return nil }
        if let modified = Self.modificationDate(of: file), now.timeIntervalSince(modified) > maxAge {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        let header = Array((url + "\n").utf8)
        guard data.count >= header.count, Array(data.prefix(header.count)) == header else { return nil }
        return Array(data.dropFirst(header.count))
    }

    /// Keeps `bytes` as the picture of `url`, dated `now`, then trims the cache to its limits.
    /// A picture larger than the whole cache is not kept.
    public func store(_ bytes: [UInt8], for url: String, now: Date) throws {
        let header = Array((url + "\n").utf8)
        guard header.count + bytes.count <= maxBytes else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = fileURL(for: url)
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        try Data(header + bytes).write(to: temporary)
        try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: temporary.path)
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
        trim(now: now)
    }

    /// Removes pictures older than `maxAge`, then the oldest until the rest fit in `maxBytes`.
    public func trim(now: Date) {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var entries: [(file: URL, date: Date, size: Int)] = []
        for file in files where Self.isPictureFile(file.lastPathComponent) {
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let date = values.contentModificationDate ?? .distantPast
            if now.timeIntervalSince(date) > maxAge {
                try? FileManager.default.removeItem(at: file)
            } else {
                entries.append((file, date, values.fileSize ?? 0))
            }
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.date < $1.date }) where total > maxBytes {
            try? FileManager.default.removeItem(at: entry.file)
            total -= entry.size
        }
    }

    func fileURL(for url: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let name = String(hash, radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".img")
    }

    private static func isPictureFile(_ name: String) -> Bool {
        name.count == 20 && name.hasSuffix(".img") && name.prefix(16).allSatisfy(\.isHexDigit)
    }

    private static func modificationDate(of file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }
}
