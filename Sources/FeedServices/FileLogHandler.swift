import Foundation
import Logging

/// A swift-log handler that appends to a file, so nothing is ever printed over the reader's
/// screen. Lines are `2026-11-21T05:40:00Z warning tidings.fetch: message key=value`.
public struct FileLogHandler: LogHandler {
    private let label: String
    private let file: LogFile
    /// Where warnings and errors also go (`error-log`), if anywhere.
    private let errorLog: ErrorLog?
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]

    public init(label: String, file: LogFile, errorLog: ErrorLog? = nil, level: Logger.Level = .info) {
        self.label = label
        self.file = file
        self.errorLog = errorLog
        logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let explicit = event.metadata { all.merge(explicit) { $1 } }
        let details = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let error = event.error.map { " error=\($0)" } ?? ""
        let timestamp = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withInternetDateTime])
        file.append("\(timestamp) \(event.level) \(label): \(event.message)\(details)\(error)\n")
        if event.level >= .warning { errorLog?.record("\(event.message)") }
    }
}
