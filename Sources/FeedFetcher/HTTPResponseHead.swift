import FeedModel
import FeedParser
import Foundation

/// The status and the few header fields the fetcher reads from one HTTP response, built from the
/// lines libcurl hands over one at a time. Every other field is dropped as it arrives, so a server
/// that sends thousands of junk headers costs no memory.
struct HTTPResponseHead: Equatable {
    /// The status code, or nil when the status line could not be read.
    var status: Int?
    var contentType: String?
    var contentEncoding: String?
    var contentLength: Int?
    var etag: String?
    var lastModified: String?
    var location: String?
    var cacheControl: String?
    var expires: String?
    /// The server's `Date`: its clock, against which its own dates are read.
    var date: String?
    var retryAfter: String?

    /// A head that has seen no status line yet.
    init() {}

    /// A head that starts with its status line: `HTTP/1.1 200 OK`, `HTTP/2 304`.
    init(statusLine: String) {
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        if parts.count >= 2, let code = Int(parts[1]), (100...999).contains(code) { status = code }
    }

    /// Whether a header line is the start of a new response (its status line).
    static func isStatusLine(_ line: String) -> Bool {
        line.hasPrefix("HTTP/")
    }

    /// True when the body is compressed, so that `Content-Length` says nothing of its real size.
    var isCompressed: Bool {
        guard let contentEncoding else { return false }
        return contentEncoding.lowercased() != "identity"
    }

    /// Records one `Name: value` line. The first of repeated fields wins (repeated `Cache-Control`
    /// fields are one list); unknown fields are dropped.
    mutating func add(fieldLine line: String) {
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return }
        switch name {
        case "content-type": contentType = contentType ?? value
        case "content-encoding": contentEncoding = contentEncoding ?? value
        case "content-length": contentLength = contentLength ?? Int(value)
        case "etag": etag = etag ?? value
        case "last-modified": lastModified = lastModified ?? value
        case "location": location = location ?? value
        case "cache-control": cacheControl = cacheControl.map { "\($0), \(value)" } ?? value
        case "expires": expires = expires ?? value
        case "date": date = date ?? value
        case "retry-after": retryAfter = retryAfter ?? value
        default: break
        }
    }
}

extension HTTPResponseHead {
    /// What the head says about when to ask again (`ServerTiming`); `now` is when it arrived, the
    /// server's clock when it sent no `Date`.
    func timing(receivedAt now: Date) -> ServerTiming {
        let serverNow = date.flatMap(FeedDate.parse) ?? now
        return ServerTiming(freshFor: freshFor(serverNow: serverNow), retryAfter: retryDelay(serverNow: serverNow), isHostWide: status == 429)
    }

    /// `Cache-Control: max-age`, which wins over `Expires` (RFC 9111 §5.3); nil with `no-cache` or
    /// `no-store`, which ask for a fresh copy each time, and for a time already past.
    private func freshFor(serverNow: Date) -> Double? {
        let directives = (cacheControl ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if directives.contains(where: { $0 == "no-cache" || $0 == "no-store" }) { return nil }
        if let maxAge = directives.first(where: { $0.hasPrefix("max-age=") }) {
            let seconds = Int(maxAge.dropFirst("max-age=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))) ?? 0
            return seconds > 0 ? Double(seconds) : nil
        }
        guard let expires = expires.flatMap(FeedDate.parse) else { return nil }
        let seconds = expires.timeIntervalSince(serverNow)
        return seconds > 0 ? seconds : nil
    }

    /// `Retry-After`: a number of seconds, or a date; nil when absent, unreadable or past.
    private func retryDelay(serverNow: Date) -> Double? {
        guard let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces), !retryAfter.isEmpty else { return nil }
        if retryAfter.allSatisfy(\.isASCII) && retryAfter.allSatisfy(\.isNumber) {
            return Double(retryAfter).flatMap { $0 > 0 ? $0 : nil }
        }
        guard let until = FeedDate.parse(retryAfter) else { return nil }
        let seconds = until.timeIntervalSince(serverNow)
        return seconds > 0 ? seconds : nil
    }
}
