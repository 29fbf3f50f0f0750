import Foundation

/// The logged-in side of a `NewsBlurSource`: logs in (`POST /api/login`) on first use, keeps the
/// session cookie NewsBlur sets and sends it with every request, and logs in again once when a
/// request is refused as not logged in (403: the session ended).
///
/// The password travels only in the login's POST body; the session cookie, which opens the
/// account as the password does, only in a `Cookie` header. Neither is kept anywhere but in
/// memory, nor shown in a failure, description or mirror.
final class NewsBlurConnection: @unchecked Sendable {
    let http: SyncConnection
    private let root: String
    private let credentials: BasicCredentials

    private let lock = NSLock()
    /// The `Cookie` header of the current session (under `lock`); nil before the login and
    /// after a refusal.
    private var session: String?

    init(endpoint: URL, credentials: BasicCredentials, options: FetchOptions, maxBytes: Int) {
        var base = endpoint.absoluteString
        if let cut = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = String(base[..<cut]) }
        while base.hasSuffix("/") { base.removeLast() }
        root = base
        self.credentials = credentials
        http = SyncConnection(endpoint: endpoint, api: "NewsBlur API", options: options, maxBytes: maxBytes)
    }

    var hostLabel: String { http.hostLabel }

    /// GETs `PATH?QUERY` (repeated names allowed) and returns the body of a 2xx answer.
    func get(_ path: String, _ query: [(name: String, value: String)] = []) throws(SyncFailure) -> Data {
        try loggedIn { cookie throws(SyncFailure) in try http.get(url(path, query), headers: [cookie]) }
    }

    /// POSTs `form` to `PATH` and returns the body of a 2xx answer.
    func post(_ path: String, _ form: [(name: String, value: String)]) throws(SyncFailure) -> Data {
        try loggedIn { cookie throws(SyncFailure) in try http.post(url(path, []), form: form, headers: [cookie]) }
    }

    /// Runs `request` with the session, logging in first when there is none, and once more when
    /// NewsBlur answers 403 (not logged in); returns the body of a 2xx answer.
    private func loggedIn(_ request: (String) throws(SyncFailure) -> SyncConnection.Answer) throws(SyncFailure) -> Data {
        for attempt in 0..<2 {
            let cookie = try currentSession()
            let answer = try request(cookie)
            if answer.status == 403 || answer.status == 401 {
                forget(cookie)
                if attempt == 0 { continue }
                throw .wrongCredentials(host: hostLabel)
            }
            guard (200..<300).contains(answer.status) else { throw .httpStatus(host: hostLabel, code: answer.status) }
            return answer.body
        }
        throw .wrongCredentials(host: hostLabel)
    }

    private func currentSession() throws(SyncFailure) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let session { return session }
        let answer = try http.post(url("api/login", []), form: [("username", credentials.login), ("password", credentials.password)])
        guard (200..<300).contains(answer.status) else { throw .httpStatus(host: hostLabel, code: answer.status) }
        let loggedIn: Bool
        do {
            loggedIn = try NewsBlurResponse.loggedIn(answer.body)
        } catch {
            throw .notSyncEndpoint(api: http.api, host: hostLabel, why: error.why)
        }
        guard loggedIn else { throw .wrongCredentials(host: hostLabel) }
        guard !answer.cookies.isEmpty else {
            throw .notSyncEndpoint(api: http.api, host: hostLabel, why: "the login set no session cookie")
        }
        let cookie = "Cookie: " + answer.cookies.joined(separator: "; ")
        session = cookie
        return cookie
    }

    private func forget(_ cookie: String) {
        lock.lock()
        if session == cookie { session = nil }
        lock.unlock()
    }

    /// `ROOT/PATH?QUERY`.
    private func url(_ path: String, _ query: [(name: String, value: String)]) -> URL {
        let encoded = query.map { "\(SyncConnection.formEncode($0.name))=\(SyncConnection.formEncode($0.value))" }
        return URL(string: root + "/" + path + (encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&"))) ?? http.endpointURL
    }
}
