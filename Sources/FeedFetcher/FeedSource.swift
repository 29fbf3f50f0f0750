import FeedModel
import Foundation

/// Where a feed's bytes come from, decoded from a subscription's location.
///
/// newsboat's forms are supported: `http(s)://…`, `file://…`, `exec:COMMAND` (the command's
/// standard output is the feed) and `filter:COMMAND:URL` (the document at URL is piped through the
/// command). Commands are split into arguments without a shell (`CommandArguments`).
enum FeedSource: Sendable, Equatable {
    case http(URL)
    case file(URL)
    case command(arguments: [String])
    case filter(arguments: [String], url: URL)

    init(location: String) throws(FetchFailure) {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: trimmed), url.host?.isEmpty == false else {
                throw .unsupportedLocation(trimmed)
            }
            self = .http(url)
        } else if lowered.hasPrefix("file://") {
            guard let url = URL(string: trimmed), url.isFileURL, !url.path.isEmpty else {
                throw .unsupportedLocation(trimmed)
            }
            self = .file(url)
        } else if lowered.hasPrefix("exec:") {
            self = .command(arguments: try FeedSource.arguments(String(trimmed.dropFirst(5))))
        } else if lowered.hasPrefix("filter:") {
            // filter:COMMAND:URL — the command ends at the first colon, as in newsboat.
            let rest = trimmed.dropFirst(7)
            guard let colon = rest.firstIndex(of: ":") else { throw .unsupportedLocation(trimmed) }
            let urlText = String(rest[rest.index(after: colon)...])
            guard case .http(let url) = try FeedSource(location: urlText) else {
                throw .unsupportedLocation(trimmed)
            }
            self = .filter(arguments: try FeedSource.arguments(String(rest[..<colon])), url: url)
        } else {
            throw .unsupportedLocation(trimmed)
        }
    }

    /// The key under which downloads share the per-host connection limit; nil for local sources.
    var hostKey: String? {
        switch self {
        case .http(let url), .filter(_, let url): url.host?.lowercased()
        case .file, .command: nil
        }
    }

    private static func arguments(_ command: String) throws(FetchFailure) -> [String] {
        do {
            return try CommandArguments.split(command)
        } catch {
            throw .command(error.description)
        }
    }
}
