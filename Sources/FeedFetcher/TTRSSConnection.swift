import Foundation

/// The logged-in side of a `TTRSSSource`: POSTs each call as JSON to the API address with the
/// session id, logs in on first use, and turns the API's errors into `SyncFailure`s.
///
/// The password is kept (in memory only) because sessions expire: a call answered `NOT_LOGGED_IN`
/// logs in again once and is retried; a second refusal is a wrong login. The password and the
/// session id only ever travel in a POST body, never in a URL, a failure or a description.
final class TTRSSConnection: @unchecked Sendable {
    let http: SyncConnection
    /// `…/api/`, where every call goes.
    let apiURL: URL
    private let user: String
    private let password: String

    private let lock = NSLock()
    /// The current session (under `lock`); nil before the first call and after `NOT_LOGGED_IN`.
    private var session: TTRSSSession?

    init(apiURL: URL, user: String, password: String, options: FetchOptions, maxBytes: Int) {
        self.apiURL = apiURL
        self.user = user
        self.password = password
        http = SyncConnection(endpoint: apiURL, api: "Tiny Tiny RSS API", options: options, maxBytes: maxBytes)
    }

    var hostLabel: String { http.hostLabel }

    /// Calls `op` with `parameters` in the current session and returns the answer's `content`.
    /// A session the server has forgotten is renewed once.
    func call(_ op: String, _ parameters: [String: Any] = [:]) throws(SyncFailure) -> Any {
        for attempt in 0..<2 {
            let session = try currentSession()
            var fields = parameters
            fields["op"] = op
            fields["sid"] = session.id
            switch try request(fields) {
            case .ok(let content):
                return content
            case .error("NOT_LOGGED_IN") where attempt == 0:
                forget(session)
            case .error("NOT_LOGGED_IN"):
                throw .wrongCredentials(host: hostLabel)
            case .error(let code):
                throw failure(code, op: op)
            }
        }
        throw .wrongCredentials(host: hostLabel)
    }

    /// Ends the session on the server (`logout`), when there is one.
    func logout() throws(SyncFailure) {
        lock.lock()
        let session = self.session
        self.session = nil
        lock.unlock()
        guard let session else { return }
        _ = try request(["op": "logout", "sid": session.id])
    }

    // MARK: Login

    private func currentSession() throws(SyncFailure) -> TTRSSSession {
        lock.lock()
        defer { lock.unlock() }
        if let session { return session }
        switch try request(["op": "login", "user": user, "password": password]) {
        case .ok(let content):
            let session = TTRSSSession(id: try decode(content, TTRSSResponse.sessionID))
            self.session = session
            return session
        case .error("LOGIN_ERROR"):
            throw .wrongCredentials(host: hostLabel)
        case .error(let code):
            throw failure(code, op: "login")
        }
    }

    private func forget(_ session: TTRSSSession) {
        lock.lock()
        if self.session == session { self.session = nil }
        lock.unlock()
    }

    // MARK: Requests

    /// One POST of `fields` as a JSON object; the envelope of a 2xx answer.
    private func request(_ fields: [String: Any]) throws(SyncFailure) -> TTRSSResponse.Envelope {
        guard let json = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else {
            throw .notSyncEndpoint(api: http.api, host: hostLabel, why: "a request could not be written as JSON")
        }
        let answer = try http.send("POST", apiURL, json: json)
        guard (200..<300).contains(answer.status) else { throw .httpStatus(host: hostLabel, code: answer.status) }
        do {
            return try TTRSSResponse.envelope(answer.body)
        } catch {
            throw .notSyncEndpoint(api: http.api, host: hostLabel, why: error.why)
        }
    }

    /// The `content` of an answer read by one of `TTRSSResponse`'s decoders.
    func decode<T>(_ content: Any, _ decoder: (Any) throws(TTRSSResponse.Unexpected) -> T) throws(SyncFailure) -> T {
        do {
            return try decoder(content)
        } catch {
            throw .notSyncEndpoint(api: http.api, host: hostLabel, why: error.why)
        }
    }

    /// The failure for an error code of the API.
    private func failure(_ code: String, op: String) -> SyncFailure {
        switch code {
        case "API_DISABLED":
            .notSyncEndpoint(api: http.api, host: hostLabel,
                             why: "the API is off for this user: turn on \"Enable API\" in the server's preferences")
        case "UNKNOWN_METHOD":
            .notSyncEndpoint(api: http.api, host: hostLabel, why: "it does not know the call \(op) (too old a version?)")
        default:
            .notSyncEndpoint(api: http.api, host: hostLabel, why: "\(op) answered \(code)")
        }
    }
}
