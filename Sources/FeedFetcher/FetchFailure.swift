import FeedModel
import Foundation

/// Why a feed could not be refreshed. `description` is one line fit for a status bar: it never
/// contains credentials, control characters or raw bytes from the network.
public enum FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The location is none of `http(s)://`, `file://`, `exec:`, `filter:`.
    case unsupportedLocation(String)
    /// The server answered with an error status (4xx, 5xx, or a 3xx without a usable target).
    case httpStatus(Int)
    /// The server answered `429 Too Many Requests` or `503 Service Unavailable` with a
    /// `Retry-After`: ask again in `seconds` (a 429 holds for every feed of its server).
    case serverAskedToWait(status: Int, seconds: Double)
    /// Not asked: the feed's server answered another feed of this reload with a 429 and a
    /// `Retry-After` of `seconds`.
    case hostAskedToWait(seconds: Double)
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
        case .serverAskedToWait(let code, let seconds):
            text = "HTTP \(code) \(FetchFailure.reasonPhrase(for: code)): the server asks to wait \(FetchFailure.formatWait(seconds))"
        case .hostAskedToWait(let seconds):
            text = "not asked: its server answered another feed with 429 Too Many Requests, asking to wait \(FetchFailure.formatWait(seconds))"
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

    /// How long the server asked to be left alone, for the cache to keep (empty for a failure
    /// that asked nothing).
    public var serverTiming: ServerTiming {
        guard case .serverAskedToWait(let status, let seconds) = self else { return ServerTiming() }
        return ServerTiming(retryAfter: seconds, isHostWide: status == 429)
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

    /// A wait as people say it: `45 s`, `20 min`, `3 h`, `2 days` (rounded up).
    static func formatWait(_ seconds: Double) -> String {
        let seconds = max(0, seconds)
        if seconds < 120 { return "\(Int(seconds.rounded(.up))) s" }
        if seconds < 2 * 3_600 { return "\(Int((seconds / 60).rounded(.up))) min" }
        if seconds < 2 * 86_400 { return "\(Int((seconds / 3_600).rounded(.up))) h" }
        return "\(Int(min(seconds / 86_400, 1e9).rounded(.up))) days"
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
