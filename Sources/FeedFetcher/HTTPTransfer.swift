import CCurl
import FeedModel
import Foundation

/// Downloads one feed over HTTP(S) on the reload's `HTTPSession`: a conditional GET that streams
/// the body to its sink as it arrives, with a redirect limit, an idle timeout and a size cap.
///
/// The cap counts bytes after decompression, as libcurl's write callback hands them over, and
/// aborts the transfer from inside that callback: a gzip bomb costs at most the cap.
///
/// Credentials in the URL (`https://user:pass@host/`) are sent as `http-auth-method` says and
/// dropped when a redirect leaves the host: `any` and `basic` as an `Authorization: Basic` header
/// with the first request; the other methods by libcurl, which answers the server's challenge
/// (the challenge's own response is skipped, as a 1xx is). Redirects are followed here rather
/// than by libcurl, so that each hop is counted, checked and judged permanent or not.
final class HTTPTransfer: Transfer, @unchecked Sendable {
    private let url: URL
    private let validators: CacheValidators?
    private let accept: String
    private let options: FetchOptions
    private let session: HTTPSession
    private let ending: TransferEnding

    // The rest belongs to the session's thread.

    /// libcurl's `CURL *` while the transfer runs.
    private(set) var easyHandle: UnsafeMutableRawPointer?
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    /// The URL of the current hop, without credentials.
    private var requestURL: URL
    private var redirectCount = 0
    private var everyRedirectIsPermanent = true
    private var head = HTTPResponseHead()
    /// Set at the end of the current hop's final header block: later header lines are trailers.
    private var isHeadComplete = false
    /// Set when the current response is a redirect to follow once its body has been read.
    private var redirectTarget: URL?
    private var hasResponse = false
    /// Whether libcurl holds credentials for the current hop (`setLibcurlCredentials`).
    private var usesLibcurlCredentials = false
    /// The status of a challenge (401, 407) that libcurl answers with the credentials it was
    /// given: reported if no other response follows (the credentials were refused).
    private var challengeStatus: Int?
    private var receivedBytes = 0
    private var downloadedBytes: curl_off_t = 0
    private var lastActivity = DispatchTime.now()

    /// What a feed reader accepts: feeds first, anything else after.
    static let feedTypes = "application/rss+xml, application/rdf+xml, application/atom+xml, application/feed+json, "
        + "application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8"

    /// What a browser accepts, for a web page (a full article): a server that negotiates must
    /// not answer an article's URL with its feed.
    static let pageTypes = "text/html, application/xhtml+xml;q=0.9, */*;q=0.8"

    /// What an article's picture may be: the formats the reader decodes (it checks the bytes
    /// themselves, whatever the answer's type says).
    static let imageTypes = "image/png, image/jpeg, image/gif, image/webp;q=0.9, */*;q=0.5"

    init(url: URL, validators: CacheValidators?, options: FetchOptions, session: HTTPSession, accept: String = HTTPTransfer.feedTypes,
         sink: @escaping TransferSink) {
        self.url = url
        self.validators = validators
        self.accept = accept
        self.options = options
        self.session = session
        ending = TransferEnding(sink: sink)
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.user = nil
        components?.password = nil
        requestURL = components?.url ?? url
    }

    deinit {
        errorBuffer.deallocate()
    }

    func start() {
        session.start(self)
    }

    func cancel() {
        ending.end()
        session.wake()
    }

    // MARK: Life on the session's thread

    /// Makes the easy handle for the first request, or nil when the transfer was cancelled first.
    func open() -> UnsafeMutableRawPointer? {
        if ending.hasEnded { return nil }
        guard let easy = curl_easy_init() else {
            ending.fail(.network("out of memory"))
            return nil
        }
        easyHandle = easy
        let this = Unmanaged.passUnretained(self).toOpaque()
        tidings_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        tidings_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        // libcurl decodes what it announces here (and any other encoding it knows); the write
        // callback sees the decoded bytes, which is what the cap counts.
        tidings_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "gzip, deflate")
        tidings_curl_easy_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        if let certificateAuthorities = options.certificateAuthorities {
            tidings_curl_easy_setopt_string(easy, CURLOPT_CAINFO, certificateAuthorities)
        }
        options.proxy?.configure(easy)
        session.shareCookies(with: easy, jar: options.cookieFile)
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, this)
        tidings_curl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION) { bytes, size, count, this in
            let transfer = Unmanaged<HTTPTransfer>.fromOpaque(this!).takeUnretainedValue()
            let line = UnsafeRawBufferPointer(start: bytes, count: size * count)
            return transfer.didReceive(headerLine: line) ? size * count : 0
        }
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, this)
        tidings_curl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION) { bytes, size, count, this in
            let transfer = Unmanaged<HTTPTransfer>.fromOpaque(this!).takeUnretainedValue()
            let body = UnsafeRawBufferPointer(start: bytes, count: size * count)
            return transfer.didReceive(body: body) ? size * count : 0
        }
        // The progress callback sees raw bytes arrive even when they inflate to nothing yet: a
        // compressed body that is still flowing is not silent.
        tidings_curl_easy_setopt_long(easy, CURLOPT_NOPROGRESS, 0)
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_XFERINFODATA, this)
        tidings_curl_easy_setopt_xferinfo_function(easy) { this, _, downloaded, _, _ in
            Unmanaged<HTTPTransfer>.fromOpaque(this!).takeUnretainedValue().didProgress(downloaded: downloaded)
            return 0
        }
        prepareRequest()
        return easy
    }

    /// Called when libcurl has completed the current request. Returns true when the easy handle
    /// was set up for the next hop of a redirect and must run again.
    func transferDidEnd(_ code: CURLcode) -> Bool {
        if ending.hasEnded { return false }
        if code == CURLE_OK, let target = redirectTarget {
            requestURL = target
            prepareRequest()
            return true
        }
        // The feed is reported done below, and the reload may end before the handle's cleanup,
        // where libcurl would write the jar: it is written now.
        if let easyHandle { session.writeCookies(from: easyHandle, jar: options.cookieFile) }
        guard code == CURLE_OK else {
            let message = String(cString: errorBuffer)
            ending.fail(FetchFailure(curlCode: code, message: message.isEmpty ? String(cString: curl_easy_strerror(code)) : message,
                              idleTimeout: session.idleTimeout))
            return false
        }
        if hasResponse {
            noteProtocol()
            ending.finish()
        } else if let challengeStatus {
            ending.fail(.httpStatus(challengeStatus))
        } else {
            ending.fail(.network("the server closed the connection without answering"))
        }
        return false
    }

    /// Tells the session when the host answered over HTTP/2 (so that more of its feeds can share
    /// the connection).
    private func noteProtocol() {
        guard let easy = easyHandle, let host = requestURL.host?.lowercased() else { return }
        var version = 0
        tidings_curl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        if version >= Int(CURL_HTTP_VERSION_2_0) { session.noteMultiplexing(host: host) }
    }

    /// True when the session must remove the transfer: it has ended, or it went silent too long.
    func shouldStop(at now: DispatchTime) -> Bool {
        if ending.hasEnded { return true }
        guard now >= lastActivity + session.idleTimeout else { return false }
        if let easyHandle { session.writeCookies(from: easyHandle, jar: options.cookieFile) }
        ending.fail(.noAnswer(seconds: session.idleTimeout))
        return true
    }

    /// Releases the easy handle once it is out of the multi handle.
    func close() {
        if let easyHandle { curl_easy_cleanup(easyHandle) }
        easyHandle = nil
        curl_slist_free_all(requestHeaders)
        requestHeaders = nil
    }

    /// Points the easy handle at `requestURL`, with the headers for that hop, and forgets the
    /// previous hop's response.
    private func prepareRequest() {
        guard let easy = easyHandle else { return }
        head = HTTPResponseHead()
        isHeadComplete = false
        redirectTarget = nil
        challengeStatus = nil
        receivedBytes = 0
        downloadedBytes = 0
        lastActivity = .now()
        errorBuffer[0] = 0
        tidings_curl_easy_setopt_string(easy, CURLOPT_URL, requestURL.absoluteString)
        // Over TLS, a transfer to a host whose connection is still being set up waits to learn
        // from ALPN whether it can be a stream of that connection (HTTP/2) rather than opening
        // another. Not over plain HTTP: there libcurl only learns it from the first response,
        // so every other feed of a host would wait behind one that never answers.
        let isTLS = requestURL.scheme?.lowercased() == "https"
        tidings_curl_easy_setopt_long(easy, CURLOPT_PIPEWAIT, isTLS ? 1 : 0)
        curl_slist_free_all(requestHeaders)
        requestHeaders = nil
        for header in makeHeaders() {
            requestHeaders = curl_slist_append(requestHeaders, header)
        }
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, requestHeaders)
        setLibcurlCredentials(easy)
    }

    /// The URL's credentials handed to libcurl for this hop, for the methods it negotiates
    /// (not `any` and `basic`, which send a header of ours at once); none on another origin.
    private func setLibcurlCredentials(_ easy: UnsafeMutableRawPointer) {
        if isSameOrigin, !sendsBasicAtOnce, let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let user = components.user {
            tidings_curl_easy_setopt_long(easy, CURLOPT_HTTPAUTH, Int(bitPattern: options.httpAuthMethod.curlMask))
            tidings_curl_easy_setopt_string(easy, CURLOPT_USERNAME, user)
            tidings_curl_easy_setopt_string(easy, CURLOPT_PASSWORD, components.password ?? "")
            usesLibcurlCredentials = true
        } else {
            tidings_curl_easy_setopt_pointer(easy, CURLOPT_USERNAME, nil)
            tidings_curl_easy_setopt_pointer(easy, CURLOPT_PASSWORD, nil)
            usesLibcurlCredentials = false
        }
    }

    /// Whether the URL's credentials go in a Basic header of the first request.
    private var sendsBasicAtOnce: Bool { options.httpAuthMethod == .any || options.httpAuthMethod == .basic }

    /// Whether the current hop goes to the subscribed URL's own host.
    private var isSameHost: Bool { requestURL.host?.lowercased() == url.host?.lowercased() }

    /// The lower-cased name of a `Name: value` header line.
    static func headerName(_ line: String) -> Substring {
        Substring(line.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Whether the current hop goes to the subscribed URL's own scheme and host.
    private var isSameOrigin: Bool {
        requestURL.host?.lowercased() == url.host?.lowercased() && requestURL.scheme?.lowercased() == url.scheme?.lowercased()
    }

    private func makeHeaders() -> [String] {
        var headers = [
            "User-Agent: \(options.userAgent)",
            "Accept: \(accept)",
        ]
        // `http-header`: only to the feed's own host, never down from HTTPS to plain HTTP, since
        // such a header often carries a key; one named like ours replaces it.
        if isSameHost, !(url.scheme?.lowercased() == "https" && requestURL.scheme?.lowercased() != "https") {
            for header in options.headers {
                let name = HTTPTransfer.headerName(header)
                headers.removeAll { HTTPTransfer.headerName($0) == name }
                headers.append(header)
            }
        }
        if let etag = validators?.etag { headers.append("If-None-Match: \(etag)") }
        if let lastModified = validators?.lastModified { headers.append("If-Modified-Since: \(lastModified)") }
        if isSameOrigin, sendsBasicAtOnce, let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let user = components.user {
            let token = Data("\(user):\(components.password ?? "")".utf8).base64EncodedString()
            headers.append("Authorization: Basic \(token)")
        }
        // A value from a config file or an earlier response must not smuggle in a header of its own.
        return headers.filter { !$0.contains("\r") && !$0.contains("\n") }
    }

    // MARK: libcurl callbacks (inside curl_multi_perform, on the session's thread)

    private func didReceive(headerLine bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now()
        if ending.hasEnded { return false }
        // libcurl hands a chunked body's trailers to this callback too; they must not count as a
        // second response.
        if isHeadComplete { return true }
        let line = String(decoding: bytes, as: UTF8.self)
        if HTTPResponseHead.isStatusLine(line) {
            head = HTTPResponseHead(statusLine: line)
            return true
        }
        if line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return headDidEnd() }
        head.add(fieldLine: line)
        return true
    }

    private func didReceive(body bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now()
        if ending.hasEnded { return false }
        // Counted as they come out of the decoder, before anything is queued: aborting here stops
        // libcurl in the middle of inflating.
        receivedBytes += bytes.count
        if receivedBytes > options.maxBytes {
            ending.fail(.tooLarge(limit: options.maxBytes))
            return false
        }
        // A redirect's own body is read (so the connection can be reused) and dropped.
        if redirectTarget == nil && hasResponse { ending.deliver(.bytes(Data(bytes))) }
        return true
    }

    private func didProgress(downloaded: curl_off_t) {
        if downloaded != downloadedBytes {
            downloadedBytes = downloaded
            lastActivity = .now()
        }
    }

    /// The end of a response's header block: either a redirect to follow once the body is read,
    /// or the final response. Returns false to abort the transfer.
    private func headDidEnd() -> Bool {
        guard let status = head.status else {
            ending.fail(.network("bad response from the server"))
            return false
        }
        if status < 200 { return true }  // Informational (100, 103): the real response follows.
        // A challenge libcurl answers with the credentials it holds: its request follows.
        if (status == 401 && usesLibcurlCredentials) || (status == 407 && options.proxy?.credentials != nil) {
            challengeStatus = status
            head = HTTPResponseHead()
            return true
        }
        isHeadComplete = true
        if [301, 302, 303, 307, 308].contains(status), let location = head.location {
            return willRedirect(status: status, to: location)
        }
        return didReceiveFinalHead(status: status)
    }

    private func willRedirect(status: Int, to location: String) -> Bool {
        redirectCount += 1
        if status != 301 && status != 308 { everyRedirectIsPermanent = false }
        if redirectCount > options.maxRedirects {
            ending.fail(.tooManyRedirects(limit: options.maxRedirects))
            return false
        }
        guard let target = URL(string: location, relativeTo: requestURL)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else {
            ending.fail(.httpStatus(status))
            return false
        }
        redirectTarget = target
        return true
    }

    private func didReceiveFinalHead(status: Int) -> Bool {
        hasResponse = true
        let permanentRedirect = redirectCount > 0 && everyRedirectIsPermanent ? keepingCredentials(requestURL) : nil
        switch status {
        case 304 where validators?.isEmpty ?? true:
            // A 304 answers a conditional request. We asked for none, so no copy of ours is
            // "not modified"; accepting it would leave a new feed empty for good.
            ending.fail(.httpStatus(304))
            return false
        case 304:
            ending.deliver(.response(.notModified(permanentRedirect: permanentRedirect, timing: head.timing(receivedAt: Date()))))
            return true
        case 200..<300:
            if !head.isCompressed, let length = head.contentLength, length > options.maxBytes {
                ending.fail(.tooLarge(limit: options.maxBytes))
                return false
            }
            ending.deliver(.response(.document(
                charset: HTTPTransfer.charset(fromContentType: head.contentType),
                validators: CacheValidators(etag: head.etag, lastModified: head.lastModified),
                documentURL: requestURL, permanentRedirect: permanentRedirect, timing: head.timing(receivedAt: Date()))))
            return true
        case 429, 503:
            // A server that says when to come back is taken at its word (see `FeedHealth`).
            let wait = head.timing(receivedAt: Date()).retryAfter
            ending.fail(wait.map { .serverAskedToWait(status: status, seconds: $0) } ?? .httpStatus(status))
            return false
        default:
            ending.fail(.httpStatus(status))
            return false
        }
    }

    /// A redirect target on the same host keeps the credentials of the subscribed URL, so that
    /// fetching from it later still authenticates.
    private func keepingCredentials(_ target: URL) -> URL {
        guard let user = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedUser,
            target.host?.lowercased() == url.host?.lowercased(),
            var components = URLComponents(url: target, resolvingAgainstBaseURL: false)
        else { return target }
        components.percentEncodedUser = user
        components.percentEncodedPassword = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPassword
        return components.url ?? target
    }

    /// The `charset` parameter of a `Content-Type` header, lower-cased, quotes removed.
    static func charset(fromContentType contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2,
                pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
            else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
