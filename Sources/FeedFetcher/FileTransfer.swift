import FeedModel
import Foundation

/// Reads a `file://` feed in chunks. The file's size and modification time serve as its ETag, so
/// that an unchanged file is "not modified" and costs no parsing, like a 304.
final class FileTransfer: Transfer, @unchecked Sendable {
    private static let chunkSize = 64 << 10

    private let url: URL
    private let validators: CacheValidators?
    private let options: FetchOptions
    private let sink: TransferSink
    private let lock = NSLock()
    private var isCancelled = false

    init(url: URL, validators: CacheValidators?, options: FetchOptions, sink: @escaping TransferSink) {
        self.url = url
        self.validators = validators
        self.options = options
        self.sink = sink
    }

    func start() {
        DispatchQueue.global(qos: .utility).async { self.run() }
    }

    func cancel() {
        lock.withLock { isCancelled = true }
    }

    private var cancelled: Bool { lock.withLock { isCancelled } }

    private func run() {
        let path = url.path
        var status = stat()
        guard stat(path, &status) == 0 else {
            return sink(.failed(.file("cannot read \(path): \(String(cString: strerror(errno)))")))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return sink(.failed(.file("\(path) is not a regular file")))
        }
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        let etag = "\"file-\(String(status.st_size, radix: 16))-\(String(modified, radix: 16))\""
        if validators?.etag == etag {
            return sink(.response(.notModified(permanentRedirect: nil, timing: ServerTiming())))
        }
        if Int(status.st_size) > options.maxBytes {
            return sink(.failed(.tooLarge(limit: options.maxBytes)))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return sink(.failed(.file("cannot open \(path): \(String(cString: strerror(errno)))")))
        }
        defer { try? handle.close() }
        sink(.response(.document(
            charset: nil, validators: CacheValidators(etag: etag), documentURL: url, permanentRedirect: nil, timing: ServerTiming())))
        var total = 0
        while !cancelled {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: FileTransfer.chunkSize) ?? Data()
            } catch {
                return sink(.failed(.file("cannot read \(path): \(error.localizedDescription)")))
            }
            if chunk.isEmpty { return sink(.finished) }
            total += chunk.count
            // The file may grow while it is read.
            if total > options.maxBytes { return sink(.failed(.tooLarge(limit: options.maxBytes))) }
            sink(.bytes(chunk))
        }
    }
}
