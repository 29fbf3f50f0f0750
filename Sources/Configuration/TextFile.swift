import Foundation

/// Reads the config and urls files as text.
enum TextFile {
    /// The text of the file at `url`; nil when there is no such file.
    ///
    /// Read through a file handle, not `Data(contentsOf:)`: on Linux that refuses anything but
    /// a regular file, and `-C /dev/null` or `-u <(make-urls)` name a device or a pipe.
    static func read(_ url: URL) throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let data = try handle.readToEnd() ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
