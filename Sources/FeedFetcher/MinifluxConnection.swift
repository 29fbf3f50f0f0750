import Foundation

/// The logged-in side of a `MinifluxSource`: builds the `/v1/…` addresses under the configured
/// one, adds the credentials' header to every request, and turns answers into bodies or
/// `SyncFailure`s.
///
/// Miniflux says what went wrong in a JSON body, `{"error_message": "…"}`: a refusal carries
/// that reason (one line, at most 200 characters, without the password or token even if the
/// server echoed them). A 401 is a wrong login or token.
final class MinifluxConnection: @unchecked Sendable {
    let http: SyncConnection
    private let endpoint: URL
    private let credentials: MinifluxCredentials

    private let lock = NSLock()
    /// How far the server's clock is ahead of this one (negative: behind), from the `Date` of
    /// its last answer (under `lock`); nil before one came.
    private var clockOffset: TimeInterval?

    /// The server's clock offset, as its last answer showed it.
    var serverClockOffset: TimeInterval? {
        lock.lock()
        defer { lock.unlock() }
        return clockOffset
    }

    /// The longest server reason a failure repeats.
    static let maxReasonLength = 200

    init(endpoint: URL, credentials: MinifluxCredentials, options: FetchOptions, maxBytes: Int) {
        self.endpoint = endpoint
        self.credentials = credentials
        http = SyncConnection(endpoint: endpoint, api: "Miniflux API", options: options, maxBytes: maxBytes)
    }

    var hostLabel: String { http.hostLabel }

    /// GETs `v1/PATH?QUERY` and returns the body of a 2xx answer.
    func get(_ path: String, _ query: [(name: String, value: String)] = []) throws(SyncFailure) -> Data {
        try check(http.get(url(path, query), headers: [credentials.header]))
    }

    /// Sends `method` to `v1/PATH` with `json` as the body (none when nil); returns the body of a
    /// 2xx answer.
    @discardableResult
    func send(_ method: String, _ path: String, json: [String: Any]? = nil) throws(SyncFailure) -> Data {
        let body = json.flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
        return try check(http.send(method, url(path, []), json: body, headers: [credentials.header]))
    }

    /// The body of a 2xx answer; otherwise the failure it means.
    private func check(_ answer: SyncConnection.Answer) throws(SyncFailure) -> Data {
        if let serverDate = answer.serverDate {
            lock.lock()
            clockOffset = serverDate.timeIntervalSinceNow
            lock.unlock()
        }
        if (200..<300).contains(answer.status) { return answer.body }
        if answer.status == 401 { throw .wrongCredentials(host: hostLabel) }
        if let reason = reason(in: answer.body) { throw .refused(host: hostLabel, code: answer.status, why: reason) }
        throw .httpStatus(host: hostLabel, code: answer.status)
    }

    /// The `error_message` of an error body, made safe to show; nil when there is none.
    private func reason(in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            var reason = LenientJSON.nonEmptyText(object["error_message"])
        else { return nil }
        for secret in credentials.secrets where !secret.isEmpty {
            reason = reason.replacingOccurrences(of: secret, with: "***")
        }
        reason = FetchFailure.oneLine(reason)
        if reason.count > MinifluxConnection.maxReasonLength {
            reason = String(reason.prefix(MinifluxConnection.maxReasonLength - 1)) + "…"
        }
        return reason
    }

    /// `ENDPOINT/v1/PATH?QUERY`; an endpoint given with `/v1` at its end is taken without it.
    private func url(_ path: String, _ query: [(name: String, value: String)]) -> URL {
        var base = endpoint.absoluteString
        if let cut = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = String(base[..<cut]) }
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/v1") { base.removeLast(3) }
        let encoded = query.map { "\(SyncConnection.formEncode($0.name))=\(SyncConnection.formEncode($0.value))" }
        let address = base + "/v1/" + path + (encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&"))
        return URL(string: address) ?? endpoint
    }
}
