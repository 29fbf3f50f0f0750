import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one feed over HTTP(S) through the reload's `HTTPSession`: a conditional GET that
/// streams the body to its sink as it arrives, with a redirect limit and a size cap.
///
/// Credentials in the URL (`https://user:pass@host/`) become an `Authorization: Basic` header
/// that is dropped when a redirect leaves the host.
final class HTTPTransfer: Transfer, @unchecked Sendable {
    private let url: URL
    private let validators: CacheValidators?
    private let options: FetchOptions
    private let session: HTTPSession
    private let sink: TransferSink

    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isDone = false
    private var hasResponse = false
    private var redirectCount = 0
    private var everyRedirectIsPermanent = true
    private var receivedBytes = 0

    init(url: URL, validators: CacheValidators?, options: FetchOptions, session: HTTPSession, sink: @escaping TransferSink) {
        self.url = url
        self.validators = validators
        self.options = options
        self.session = session
        self.sink = sink
    }

    func start() {
        let task = session.makeTask(with: makeRequest(), for: self)
        let alreadyCancelled = lock.withLock {
            self.task = task
            return isDone
        }
        if alreadyCancelled { session.cancel(task) } else { task.resume() }
    }

    func cancel() {
        let task = lock.withLock { () -> URLSessionDataTask? in
            isDone = true
            return self.task
        }
        if let task { session.cancel(task) }
    }

    private func makeRequest() -> URLRequest {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let user = components?.user
        let password = components?.password
        components?.user = nil
        components?.password = nil
        var request = URLRequest(url: components?.url ?? url)
        request.httpMethod = "GET"
        request.setValue(options.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("gzip, deflate", forHTTPHeaderField: "Accept-Encoding")
        request.setValue(
            "application/rss+xml, application/rdf+xml, application/atom+xml, application/feed+json, "
                + "application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8",
            forHTTPHeaderField: "Accept")
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = validators?.lastModified {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        if let user {
            let token = Data("\(user):\(password ?? "")".utf8).base64EncodedString()
            request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    // MARK: Session callbacks (on the session's serial delegate queue)

    /// The request to follow, or nil when the transfer has ended (and the redirect must be left
    /// unanswered: the task is being cancelled).
    func willRedirect(response: HTTPURLResponse, to request: URLRequest) -> URLRequest? {
        let (wasDone, count) = lock.withLock { () -> (Bool, Int) in
            redirectCount += 1
            if response.statusCode != 301 && response.statusCode != 308 { everyRedirectIsPermanent = false }
            return (isDone, redirectCount)
        }
        if wasDone { return nil }
        if count > options.maxRedirects {
            // The task is cancelled from the delegate queue after this callback, never during it
            // (see HTTPSession.cancel); the redirect stays unanswered.
            fail(.tooManyRedirects(limit: options.maxRedirects))
            return nil
        }
        var request = request
        let sameOrigin = request.url?.host?.lowercased() == url.host?.lowercased()
            && request.url?.scheme?.lowercased() == url.scheme?.lowercased()
        if !sameOrigin { request.setValue(nil, forHTTPHeaderField: "Authorization") }
        return request
    }

    func didReceive(response: URLResponse) {
        guard let http = response as? HTTPURLResponse else {
            fail(.network("the server's answer is not HTTP"))
            return
        }
        let permanentRedirect = lock.withLock { () -> URL? in
            hasResponse = true
            return redirectCount > 0 && everyRedirectIsPermanent ? http.url.map(keepingCredentials) : nil
        }
        switch http.statusCode {
        case 304:
            deliver(.response(.notModified(permanentRedirect: permanentRedirect)))
        case 200..<300:
            let isCompressed = (http.value(forHTTPHeaderField: "Content-Encoding") ?? "identity") != "identity"
            if !isCompressed, http.expectedContentLength > Int64(options.maxBytes) {
                fail(.tooLarge(limit: options.maxBytes))
                return
            }
            let validators = CacheValidators(
                etag: http.value(forHTTPHeaderField: "ETag"),
                lastModified: http.value(forHTTPHeaderField: "Last-Modified"))
            deliver(.response(.document(
                charset: HTTPTransfer.charset(fromContentType: http.value(forHTTPHeaderField: "Content-Type")),
                validators: validators, documentURL: http.url ?? url, permanentRedirect: permanentRedirect)))
        default:
            fail(.httpStatus(http.statusCode))
        }
    }

    func didReceive(data: Data) {
        let total = lock.withLock { () -> Int? in
            // URLSession keeps redirect answers it could not follow to itself but passes their
            // bodies on; `didComplete` reports their status.
            guard hasResponse else { return nil }
            receivedBytes += data.count
            return receivedBytes
        }
        guard let total else { return }
        if total > options.maxBytes {
            fail(.tooLarge(limit: options.maxBytes))
        } else {
            deliver(.bytes(data))
        }
    }

    func didComplete(response: URLResponse?, error: Error?) {
        guard let error else {
            if lock.withLock({ hasResponse }) {
                finish()
            } else if let http = response as? HTTPURLResponse {
                // URLSession keeps 3xx answers it could not follow (no Location) to itself.
                fail(.httpStatus(http.statusCode))
            } else {
                fail(.network("the server closed the connection without answering"))
            }
            return
        }
        fail(failure(for: error))
    }

    private func failure(for error: Error) -> FetchFailure {
        guard let urlError = error as? URLError else { return .network("network error") }
        switch urlError.code {
        case .timedOut: return .noAnswer(seconds: session.idleTimeout)
        case .cancelled: return .cancelled
        case .cannotConnectToHost: return .network("connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .network("host not found")
        case .networkConnectionLost: return .network("connection lost")
        case .notConnectedToInternet: return .network("no network connection")
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return .tooManyRedirects(limit: options.maxRedirects)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .network("TLS handshake failed")
        case .badServerResponse, .cannotParseResponse: return .network("bad response from the server")
        case .userAuthenticationRequired, .userCancelledAuthentication: return .httpStatus(401)
        case .cannotDecodeContentData, .cannotDecodeRawData: return .network("cannot decompress the response")
        default: return .network("network error \(urlError.code.rawValue)")
        }
    }

    // MARK: Delivery

    private func deliver(_ event: TransferEvent) {
        guard !lock.withLock({ isDone }) else { return }
        sink(event)
    }

    private func finish() {
        let wasDone = lock.withLock { () -> Bool in
            defer { isDone = true }
            return isDone
        }
        if !wasDone { sink(.finished) }
    }

    private func fail(_ failure: FetchFailure) {
        let (wasDone, task) = lock.withLock { () -> (Bool, URLSessionDataTask?) in
            defer { isDone = true }
            return (isDone, self.task)
        }
        guard !wasDone else { return }
        sink(.failed(failure))
        if let task { session.cancel(task) }
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
