import Foundation

/// An append-only log file shared by every logger of the process.
public final class LogFile: @unchecked Sendable {
    private let handle: FileHandle?
    private let lock = NSLock()

    /// Opens (creating) the file at `path`; logging is silently off when it cannot be opened.
    public init(path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
    }

    /// The file's descriptor, or nil when it could not be opened.
    public var fileDescriptor: Int32? { handle?.fileDescriptor }

    func append(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        try? handle?.write(contentsOf: Data(text.utf8))
    }
}
