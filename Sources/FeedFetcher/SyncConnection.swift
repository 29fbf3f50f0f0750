import CCurl
import FeedModel
import FeedParser
import Foundation

/// Sends the requests of a sync source (`FeverSource`, `GoogleReaderSource`, `TTRSSSource`, and through
/// `RESTConnection` or `NewsBlurConnection` the others) over one libcurl
/// easy handle, one at a time, so that the pages of a sync reuse one connection.
///
/// The same limits as a feed download (`HTTPTransfer`): http and https only, the user agent and
/// the proxy of `FetchOptions`, a connect timeout that also bounds a silence in the middle of an answer, a
/// deadline for the whole request, and a size cap counted after decompression that aborts the
/// transfer from inside the write callback.
///
/// Credentials (a form with a password or a key, an `Authorization` header) only ever travel in
/// the request body and headers, never in a URL. Redirects are followed here rather than by
/// libcurl, and only where they keep them as safe as the configured address did: same host and
/// port, never from https to http. Anything else is a failure that names the target's host, so
/// that the user can fix the configured address.
final class SyncConnection: @unchecked Sendable {
    /// `host` or `host:port` of the configured address: what failures name.
    let hostLabel: String
    /// The API's name in failures ("Fever API", "Google Reader API").
    let api: String
    private let endpoint: URL
    private let options: FetchOptions

    /// The configured address.
    var endpointURL: URL { endpoint }
    /// Bytes after which one answer is abandoned.
    private let maxBytes: Int

    private let lock = NSLock()
    /// libcurl's `CURL *`, made on first use and kept for the connection cache (under `lock`).
    private var easy: UnsafeMutableRawPointer?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    /// Redirects followed for one request at most.
    private static let maxRedirects = 5

    /// libcurl's global state, set up once per process.
    private static let libcurl: Void = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    init(endpoint: URL, api: String, options: FetchOptions, maxBytes: Int) {
        SyncConnection.libcurl
        self.endpoint = endpoint
        self.api = api
        self.options = options
        self.maxBytes = maxBytes
        hostLabel = SyncConnection.hostLabel(of: endpoint)
        errorBuffer[0] = 0
    }

    deinit {
        if let easy { curl_easy_cleanup(easy) }
        errorBuffer.deallocate()
    }

    /// An answer: its status, its (decompressed) body, the server's clock (`Date` header), and the
    /// cookies it set (`NAME=VALUE` of each `Set-Cookie`: NewsBlur's session).
    struct Answer {
        var status: Int
        var body: Data
        var serverDate: Date? = nil
        var cookies: [String] = []
    }

    /// GETs `url` (the endpoint's address with a path or query added) with extra header lines.
    func get(_ url: URL, headers: [String] = []) throws(SyncFailure) -> Answer {
        try send(url, body: nil, headers: headers)
    }

    /// POSTs `form`, URL-encoded, to `url` with extra header lines.
    func post(_ url: URL, form: [(name: String, value: String)], headers: [String] = []) throws(SyncFailure) -> Answer {
        let body = form.map { "\(SyncConnection.formEncode($0.name))=\(SyncConnection.formEncode($0.value))" }
            .joined(separator: "&")
        return try send(url, body: body, headers: headers)
    }

    /// Sends `method` (`PUT`, `POST`, `DELETE`) to `url` with a JSON body (none when nil) and
    /// extra header lines: the REST and JSON APIs' requests (Miniflux, Tiny Tiny RSS). With
    /// `followsRedirects` false a redirect is the answer (Feedbin's 302 for a feed subscribed to).
    func send(_ method: String, _ url: URL, json: Data?, headers: [String] = [], followsRedirects: Bool = true) throws(SyncFailure)
        -> Answer {
        let contentType = json == nil ? [] : ["Content-Type: application/json; charset=utf-8"]
        return try send(url, method: method, body: json.map { String(decoding: $0, as: UTF8.self) } ?? "",
                        headers: contentType + headers, followsRedirects: followsRedirects)
    }

    /// One request and the redirects it takes; a GET when `body` is nil, a POST otherwise unless
    /// `method` names another.
    private func send(_ address: URL, method: String? = nil, body: String?, headers: [String], followsRedirects: Bool = true)
        throws(SyncFailure) -> Answer {
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "http" || scheme == "https", endpoint.host != nil else {
            throw .notSyncEndpoint(api: api, host: hostLabel, why: "the address must start with http:// or https://")
        }
        var url = address
        lock.lock()
        defer { lock.unlock() }
        for _ in 0...SyncConnection.maxRedirects {
            let (answer, location) = try perform(url: url, method: method, body: body, headers: headers)
            guard followsRedirects, (300..<400).contains(answer.status), answer.status != 304 else { return answer }
            guard let location, let target = URL(string: location, relativeTo: url)?.absoluteURL else {
                throw .httpStatus(host: hostLabel, code: answer.status)
            }
            guard SyncConnection.keepsKeySafe(from: url, to: target) else {
                throw .notSyncEndpoint(api: api, host: hostLabel,
                                       why: "it redirects to \(SyncConnection.hostLabel(of: target)); use that address")
            }
            url = target.query == nil ? SyncConnection.withQuery(of: url, on: target) : target
        }
        throw .notSyncEndpoint(api: api, host: hostLabel, why: "more than \(SyncConnection.maxRedirects) redirects")
    }

    /// One request on the easy handle (under `lock`): the answer and its `Location` header.
    private func perform(url: URL, method: String?, body: String?, headers: [String]) throws(SyncFailure) -> (Answer, String?) {
        guard let easy = handle() else { throw .unreachable(host: hostLabel, why: "out of memory") }
        let receiver = Receiver(maxBytes: maxBytes)
        let this = Unmanaged.passUnretained(receiver).toOpaque()
        errorBuffer[0] = 0
        var headerList = curl_slist_append(nil, "Accept: application/json")
        for line in headers { headerList = curl_slist_append(headerList, line) }
        defer { curl_slist_free_all(headerList) }
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList)
        tidings_curl_easy_setopt_string(easy, CURLOPT_URL, url.absoluteString)
        if let body {
            tidings_curl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, body)
        } else {
            tidings_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1)
        }
        if let method { tidings_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method) }
        // The handle is reused: the next request must not inherit the method.
        defer { if method != nil { tidings_curl_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, nil) } }
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, this)
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, this)
        let started = DispatchTime.now()
        let code = withExtendedLifetime(receiver) { curl_easy_perform(easy) }
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, nil)
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, nil)
        // The list is freed on return: libcurl must not keep a pointer to it.
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, nil)
        if receiver.isOverCap { throw .tooLarge(host: hostLabel, limit: maxBytes) }
        guard code == CURLE_OK else {
            if code == CURLE_OPERATION_TIMEDOUT {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                let seconds = elapsed + 0.5 >= options.timeout ? options.timeout : max(1, options.connectTimeout.rounded(.up))
                throw .timedOut(host: hostLabel, seconds: seconds)
            }
            let message = String(cString: errorBuffer)
            let failure = FetchFailure(curlCode: code, message: message.isEmpty ? String(cString: curl_easy_strerror(code)) : message,
                                       idleTimeout: options.connectTimeout)
            throw .unreachable(host: hostLabel, why: failure.description)
        }
        var status = 0
        tidings_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return (Answer(status: status, body: receiver.body, serverDate: receiver.date.flatMap(FeedDate.parse), cookies: receiver.cookies),
                receiver.location)
    }

    /// The easy handle with every option that does not change from request to request.
    private func handle() -> UnsafeMutableRawPointer? {
        if let easy { return easy }
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        tidings_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        tidings_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        tidings_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        tidings_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, options.userAgent)
        tidings_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "gzip, deflate")
        tidings_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, SyncConnection.milliseconds(options.connectTimeout))
        tidings_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, SyncConnection.milliseconds(options.timeout))
        // A silence as long as the connect timeout in the middle of an answer ends it too.
        tidings_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
        tidings_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Int(options.connectTimeout.rounded(.up))))
        if let certificateAuthorities = options.certificateAuthorities {
            tidings_curl_easy_setopt_string(easy, CURLOPT_CAINFO, certificateAuthorities)
        }
        // The proxy of feed downloads (`use-proxy`, `proxy`…); without one, libcurl's default (the
        // `http_proxy` environment variables), as for feeds.
        options.proxy?.configure(easy)
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        tidings_curl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION) { bytes, size, count, this in
            guard let this, let bytes else { return 0 }
            let receiver = Unmanaged<Receiver>.fromOpaque(this).takeUnretainedValue()
            receiver.didReceive(headerLine: UnsafeRawBufferPointer(start: bytes, count: size * count))
            return size * count
        }
        tidings_curl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION) { bytes, size, count, this in
            guard let this, let bytes else { return 0 }
            let receiver = Unmanaged<Receiver>.fromOpaque(this).takeUnretainedValue()
            return receiver.didReceive(body: UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
        }
        return easy
    }

    /// Collects one answer's `Location` header and body, up to the cap.
    private final class Receiver {
        let maxBytes: Int
        var body = Data()
        var location: String?
        var date: String?
        var cookies: [String] = []
        var isOverCap = false

        init(maxBytes: Int) {
            self.maxBytes = maxBytes
        }

        func didReceive(headerLine bytes: UnsafeRawBufferPointer) {
            let line = String(decoding: bytes, as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                location = nil  // A new response (after 100 Continue, or a redirect's own).
                date = nil
                cookies = []
                return
            }
            guard let colon = line.firstIndex(of: ":") else { return }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            switch line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() {
            case "location": location = value
            case "date": date = value
            case "set-cookie": cookies.append(String(value.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces))
            default: break
            }
        }

        func didReceive(body bytes: UnsafeRawBufferPointer) -> Bool {
            guard body.count + bytes.count <= maxBytes else {
                isOverCap = true
                return false
            }
            body.append(contentsOf: bytes)
            return true
        }
    }

    // MARK: Addresses

    /// `target` with the query of `url`: a redirect of the endpoint keeps the request's query.
    static func withQuery(of url: URL, on target: URL) -> URL {
        guard var components = URLComponents(url: target, resolvingAgainstBaseURL: false) else { return target }
        components.percentEncodedQuery = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        return components.url ?? target
    }

    /// True when a redirect from `source` to `target` sends the key nowhere it would not have
    /// gone: an http(s) address on the same host and port, not downgraded from https to http.
    static func keepsKeySafe(from source: URL, to target: URL) -> Bool {
        guard let sourceScheme = source.scheme?.lowercased(), let targetScheme = target.scheme?.lowercased(),
            targetScheme == "http" || targetScheme == "https",
            !(sourceScheme == "https" && targetScheme == "http"),
            source.host?.lowercased() == target.host?.lowercased()
        else { return false }
        return effectivePort(source) == effectivePort(target)
    }

    private static func effectivePort(_ url: URL) -> Int {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    }

    /// `host`, or `host:port` when the address names a port.
    static func hostLabel(of url: URL) -> String {
        guard let host = url.host else { return CredentialRedaction.redact(url.absoluteString) }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// `application/x-www-form-urlencoded` escaping of one name or value.
    static func formEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: formAllowed) ?? ""
    }

    private static let formAllowed = CharacterSet(charactersIn:
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }
}
