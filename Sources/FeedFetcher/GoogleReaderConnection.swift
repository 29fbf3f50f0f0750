import Foundation

/// The logged-in side of a `GoogleReaderSource`: logs in with ClientLogin on first use, adds the
/// `Authorization` header (and Inoreader's `AppId`/`AppKey`) to every request, the write token
/// `T` to every change, and turns statuses into `SyncFailure`s.
///
/// The password is kept (in memory only) because tokens expire: a request answered 401 logs in
/// again once and is retried; a second 401 is a wrong login. It travels only in ClientLogin's
/// POST body; the tokens only in a header or a POST body.
final class GoogleReaderConnection: @unchecked Sendable {
    let http: SyncConnection
    private let endpoint: URL
    private let user: String
    private let password: String
    private let appHeaders: [String]

    private let lock = NSLock()
    /// The current login (under `lock`); nil before the first request and after a 401.
    private var login: GoogleReaderLogin?

    init(endpoint: URL, user: String, password: String, app: InoreaderApp?, options: FetchOptions, maxBytes: Int) {
        self.endpoint = endpoint
        self.user = user
        self.password = password
        appHeaders = app?.headers ?? []
        http = SyncConnection(endpoint: endpoint, api: "Google Reader API", options: options, maxBytes: maxBytes)
    }

    var hostLabel: String { http.hostLabel }

    /// GETs `reader/api/0/PATH?QUERY&output=json` and returns the body of a 2xx answer.
    func get(_ path: String, _ query: [(name: String, value: String)] = []) throws(SyncFailure) -> Data {
        try authenticated { login throws(SyncFailure) in
            try http.get(url(path, query + [("output", "json")]), headers: appHeaders + [login.authorizationHeader])
        }
    }

    /// POSTs `form` and the write token to `reader/api/0/PATH`. With `goneIsNil`, a 400 or 404
    /// (FreshRSS's answer for a feed it does not have) returns nil.
    func post(_ path: String, _ form: [(name: String, value: String)], goneIsNil: Bool = false) throws(SyncFailure) -> Data? {
        do {
            return try authenticated { login throws(SyncFailure) in
                let token = try writeToken(login)
                return try http.post(url(path, []), form: form + [("T", token)], headers: appHeaders + [login.authorizationHeader])
            }
        } catch .httpStatus(_, let code) where goneIsNil && (code == 400 || code == 404) {
            return nil
        }
    }

    // MARK: Login

    /// Runs `request` with a login, logging in first when there is none, and once more after a
    /// 401 (an expired token); returns the body of a 2xx answer.
    private func authenticated(_ request: (GoogleReaderLogin) throws(SyncFailure) -> SyncConnection.Answer) throws(SyncFailure) -> Data {
        for attempt in 0..<2 {
            let login = try currentLogin()
            let answer = try request(login)
            if answer.status == 401 || answer.status == 403 {
                forget(login)
                if attempt == 0 { continue }
                throw .wrongCredentials(host: hostLabel)
            }
            guard (200..<300).contains(answer.status) else { throw .httpStatus(host: hostLabel, code: answer.status) }
            return answer.body
        }
        throw .wrongCredentials(host: hostLabel)
    }

    private func currentLogin() throws(SyncFailure) -> GoogleReaderLogin {
        lock.lock()
        defer { lock.unlock() }
        if let login { return login }
        let answer = try http.post(url("accounts/ClientLogin", root: true),
                                   form: [("Email", user), ("Passwd", password)], headers: appHeaders)
        // FreshRSS says 401, Google said 403, and some servers 400 for an unknown user.
        if [400, 401, 403].contains(answer.status) { throw .wrongCredentials(host: hostLabel) }
        guard (200..<300).contains(answer.status) else { throw .httpStatus(host: hostLabel, code: answer.status) }
        guard let auth = GoogleReaderLogin.auth(fromClientLoginAnswer: String(decoding: answer.body, as: UTF8.self)) else {
            throw .notSyncEndpoint(api: http.api, host: hostLabel, why: "ClientLogin answered without an Auth= line")
        }
        let login = GoogleReaderLogin(auth: auth)
        self.login = login
        return login
    }

    /// The write token, fetched once per login.
    private func writeToken(_ login: GoogleReaderLogin) throws(SyncFailure) -> String {
        if let token = login.writeToken { return token }
        let answer = try http.get(url("token", []), headers: appHeaders + [login.authorizationHeader])
        guard (200..<300).contains(answer.status) else { return "" }  // authenticated() handles a 401
        let token = String(decoding: answer.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        lock.lock()
        if self.login?.auth == login.auth { self.login?.writeToken = token }
        lock.unlock()
        return token
    }

    private func forget(_ login: GoogleReaderLogin) {
        lock.lock()
        if self.login?.auth == login.auth { self.login = nil }
        lock.unlock()
    }

    // MARK: Addresses

    /// `ENDPOINT/reader/api/0/PATH?QUERY`, or `ENDPOINT/PATH` with `root`.
    private func url(_ path: String, _ query: [(name: String, value: String)] = [], root: Bool = false) -> URL {
        var base = endpoint.absoluteString
        if let cut = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = String(base[..<cut]) }
        while base.hasSuffix("/") { base.removeLast() }
        let encoded = query.map { "\(SyncConnection.formEncode($0.name))=\(SyncConnection.formEncode($0.value))" }
        let address = base + (root ? "/" : "/reader/api/0/") + path + (encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&"))
        return URL(string: address) ?? endpoint
    }
}
