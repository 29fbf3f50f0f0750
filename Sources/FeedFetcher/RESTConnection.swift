import Foundation

/// The logged-in side of a source that speaks a JSON REST API (Miniflux, Nextcloud News,
/// Feedbin): builds the addresses under the API's root, adds the credentials' header to every
/// request, and turns answers into bodies or `SyncFailure`s.
///
/// These servers say what went wrong in a JSON body (`{"error_message": …}` from Miniflux,
/// `{"message": …}` from Nextcloud News): a refusal carries that reason (one line, at most 200
/// characters, without the secrets even if the server echoed them). A 401 is a wrong login or
/// token.
final class RESTConnection: @unchecked Sendable {
    let http: SyncConnection
    /// The API's root, ending in `/`: paths are added to it.
    private let root: String
    private let header: String
    private let secrets: [String]
    /// What is added after every path (Feedbin's `.json`).
    private let suffix: String

    private let lock = NSLock()
    /// How far the server's clock is ahead of this one (negative: behind), from the `Date` of
    /// its last answer (under `lock`); nil before one came.
    private var clockOffset: TimeInterval?

    /// The longest server reason a failure repeats.
    static let maxReasonLength = 200

    /// - Parameters:
    ///   - root: the API's root address (`https://rss.example.org/v1/`).
    ///   - header: the header line with the credentials, sent with every request.
    ///   - secrets: the texts that must never appear in a failure (the password, the token, the
    ///     header's Base64).
    ///   - suffix: added after every path.
    init(root: String, api: String, header: String, secrets: [String], suffix: String = "", options: FetchOptions, maxBytes: Int) {
        self.root = root.hasSuffix("/") ? root : root + "/"
        self.header = header
        self.secrets = secrets.filter { !$0.isEmpty }
        self.suffix = suffix
        http = SyncConnection(endpoint: URL(string: self.root) ?? URL(fileURLWithPath: "/"), api: api, options: options, maxBytes: maxBytes)
    }

    var hostLabel: String { http.hostLabel }

    /// The server's clock offset, as its last answer showed it.
    var serverClockOffset: TimeInterval? {
        lock.lock()
        defer { lock.unlock() }
        return clockOffset
    }

    /// GETs `PATH?QUERY` and returns the body of a 2xx answer.
    func get(_ path: String, _ query: [(name: String, value: String)] = []) throws(SyncFailure) -> Data {
        try check(http.get(url(path, query), headers: [header]))
    }

    /// Sends `method` to `PATH` with `json` as the body (none when nil); returns the body of a
    /// 2xx answer.
    @discardableResult
    func send(_ method: String, _ path: String, json: Any? = nil) throws(SyncFailure) -> Data {
        try check(answer(method, path, json: json, followsRedirects: true))
    }

    /// The answer to `method` on `PATH` with `json` as the body, whatever its status (a redirect
    /// is not followed); a 401 is still a wrong login.
    func answer(_ method: String, _ path: String, json: Any?, followsRedirects: Bool = false) throws(SyncFailure) -> SyncConnection.Answer {
        let body = json.flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
        let answer = try http.send(method, url(path, []), json: body, headers: [header], followsRedirects: followsRedirects)
        if answer.status == 401 { throw .wrongCredentials(host: hostLabel) }
        return answer
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

    /// The reason of an error body (`error_message`, `message`, or Feedbin's `errors`), made safe
    /// to show; nil when there is none.
    private func reason(in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        let listed = (object["errors"] as? [Any])?.compactMap(LenientJSON.nonEmptyText).joined(separator: "; ")
        guard var reason = LenientJSON.nonEmptyText(object["error_message"]) ?? LenientJSON.nonEmptyText(object["message"])
            ?? listed.flatMap({ $0.isEmpty ? nil : $0 })
        else { return nil }
        for secret in secrets {
            reason = reason.replacingOccurrences(of: secret, with: "***")
        }
        reason = FetchFailure.oneLine(reason)
        if reason.count > RESTConnection.maxReasonLength {
            reason = String(reason.prefix(RESTConnection.maxReasonLength - 1)) + "…"
        }
        return reason
    }

    /// `ROOT/PATH SUFFIX?QUERY`.
    private func url(_ path: String, _ query: [(name: String, value: String)]) -> URL {
        let encoded = query.map { "\(SyncConnection.formEncode($0.name))=\(SyncConnection.formEncode($0.value))" }
        let address = root + path + suffix + (encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&"))
        return URL(string: address) ?? http.endpointURL
    }

    /// `endpoint` without its query and fragment and the final slashes, then without `apiPath`
    /// at its end (a user may give the API's own address), then with `apiPath` added: the API's
    /// root as the configured address names it.
    static func root(of endpoint: URL, apiPath: String) -> String {
        var base = endpoint.absoluteString
        if let cut = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = String(base[..<cut]) }
        while base.hasSuffix("/") { base.removeLast() }
        let trimmedPath = apiPath.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if base.hasSuffix("/" + trimmedPath) { base.removeLast(trimmedPath.count + 1) }
        return base + "/" + trimmedPath + "/"
    }
}
