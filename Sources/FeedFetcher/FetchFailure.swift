import FeedModel
import Foundation

/// Why a feed could not be refreshed. `description` is one line fit for a status bar: it never
/// contains credentials, control characters or raw bytes from the network.
public enum FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The location is none of `http(s)://`, `file://`, `exec:`, `filter:`.
    case unsupportedLocation(String)
    /// The server answered with an error status (4xx, 5xx, or a 3xx without a usable target).
    case httpStatus(Int)
    /// No answer (connection and response headers) within the connect timeout, or a body that went
    /// silent for that long.
    case noAnswer(seconds: TimeInterval)
    /// The whole feed took longer than the download timeout.
    case timedOut(seconds: TimeInterval)
    /// The document passed the size cap; the download was aborted.
    case tooLarge(limit: Int)
    /// More redirects than allowed, or a redirect loop.
    case tooManyRedirects(limit: Int)
    /// A network-level failure: connection refused, host not found, TLS…
    case network(String)
    /// A `file://` location could not be read.
    case file(String)
    /// An `exec:` or `filter:` command could not run or failed.
    case command(String)
    /// The document is not a feed the parser could read.
    case parse(String)
    /// The result could not be saved.
    case cache(String)
    /// The reload or this feed was cancelled.
    case cancelled

    public var description: String {
        let text: String
        switch self {
        case .unsupportedLocation(let location): text = "not a feed location: \(location)"
        case .httpStatus(let code): text = "HTTP \(code) \(FetchFailure.reasonPhrase(for: code))"
        case .noAnswer(let seconds): text = "no answer from the server within \(FetchFailure.format(seconds)) s"
        case .timedOut(let seconds): text = "not downloaded within \(FetchFailure.format(seconds)) s"
        case .tooLarge(let limit): text = "larger than \(FetchFailure.formatBytes(limit)); download stopped"
        case .tooManyRedirects(let limit): text = "more than \(limit) redirects (a redirect loop?)"
        case .network(let why): text = why
        case .file(let why): text = why
        case .command(let why): text = why
        case .parse(let why): text = why
        case .cache(let why): text = "could not save: \(why)"
        case .cancelled: text = "cancelled"
        }
        return FetchFailure.oneLine(CredentialRedaction.redact(text))
    }

    /// Replaces control characters and line breaks with spaces and trims the result.
    static func oneLine(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.properties.generalCategory == .control ? " " : scalar
        }
        return String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
    }

    static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    static func reasonPhrase(for code: Int) -> String {
        switch code {
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: code < 400 ? "Redirect" : code < 500 ? "Client Error" : "Server Error"
        }
    }
}
