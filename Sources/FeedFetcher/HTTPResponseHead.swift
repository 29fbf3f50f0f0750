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

    /// Records one `Name: value` line. The first of repeated fields wins; unknown fields are dropped.
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
        default: break
        }
    }
}
