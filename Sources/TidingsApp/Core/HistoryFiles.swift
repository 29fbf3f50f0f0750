import Configuration
import Foundation
import Glibc

/// Where the command line's and the search prompt's histories are kept between sessions, as
/// newsboat keeps `history.cmdline` and `history.search`: one line each, oldest first, the newest
/// `history-limit` of them (0: none is read or written).
///
/// Read when the reader starts and written when it quits, by the `EffectRunner`, off the main
/// thread. A file that is missing, unreadable or not text is an empty history (the runner logs a
/// line); a write goes to a temporary file renamed over the old one, so that a crash never leaves
/// half a history, and the file is readable by its owner only (searches can be private).
public struct HistoryFiles: Equatable, Sendable {
    public var commandLine: String
    public var search: String

    public init(commandLine: String, search: String) {
        self.commandLine = commandLine
        self.search = search
    }

    /// The files beside the cache, as `tidings` keeps them.
    public init(paths: AppPaths) {
        self.init(commandLine: paths.commandLineHistoryFile.path, search: paths.searchHistoryFile.path)
    }

    /// A history file could not be read or written: its path and the reason, in a few words.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "history file \(path): \(reason)" }
    }

    /// Most bytes read from a history file: a hundred lines of history are a few KB, and a file
    /// far larger is not one Tidings wrote.
    static let maximumBytes = 1 << 20

    /// The newest `limit` lines of the file at `path`, oldest first; none when there is no such
    /// file or `limit` is 0; a failure when it cannot be read or does not hold lines of text.
    static func read(_ path: String, limit: Int) -> Result<[String], Failure> {
        guard limit > 0, FileManager.default.fileExists(atPath: path) else { return .success([]) }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            return .failure(Failure(path: path, reason: "cannot be read (\(reason(for: error, at: path)))"))
        }
        guard data.count <= maximumBytes else {
            return .failure(Failure(path: path, reason: "larger than \(maximumBytes / 1024) KB, not a history: ignored"))
        }
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else {
            return .failure(Failure(path: path, reason: "not text (UTF-8 lines): ignored"))
        }
        let lines = text.split(separator: "\n").map { line in line.hasSuffix("\r") ? String(line.dropLast()) : String(line) }
        return .success(PromptHistory(lines).newest(limit))
    }

    /// Writes `lines` to the file at `path`, one a line, replacing it whole.
    static func write(_ lines: [String], to path: String) throws(Failure) {
        // A line is one line of the file, whatever was pasted into the prompt.
        let text = lines.map { $0.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(path: path, reason: "cannot be written (\(String(cString: strerror(errno))))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        } catch {
            unlink(temporary)
            throw Failure(path: path, reason: "cannot be written (\(reason(for: error, at: temporary)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: path, reason: "cannot be replaced (\(reason))")
        }
    }

    /// The system's reason for a failed read or write, rather than Foundation's paragraph.
    private static func reason(for error: any Error, at path: String) -> String {
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
            ?? (nsError.domain == NSPOSIXErrorDomain ? Int32(nsError.code) : nil)
        return posix.map { String(cString: strerror($0)) } ?? nsError.localizedDescription
    }
}
