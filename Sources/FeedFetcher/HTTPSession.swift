import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `URLSession` shared by the HTTP transfers of a reload, so that connections to a host are
/// reused; it routes the session's delegate callbacks to the transfer that owns each task.
///
/// The session retains its delegate until `invalidate()`: the reload calls it when it ends.
final class HTTPSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: HTTPTransfer] = [:]
    private var session: URLSession!
    private let delegateQueue = OperationQueue()
    /// The silence after which URLSession gives up (it only takes whole seconds).
    let idleTimeout: TimeInterval

    init(options: FetchOptions) {
        idleTimeout = max(1, options.connectTimeout.rounded(.up))
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        // Validators are ours to send; a private HTTP cache would answer 200 from memory instead.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.httpMaximumConnectionsPerHost = options.connectionsPerHost
        delegateQueue.name = "tidings.fetch.http"
        // One callback at a time: each transfer's events must stay in order.
        delegateQueue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
    }

    func makeTask(with request: URLRequest, for transfer: HTTPTransfer) -> URLSessionDataTask {
        let task = session.dataTask(with: request)
        lock.withLock { transfers[task.taskIdentifier] = transfer }
        return task
    }

    /// Cancels a task from any thread.
    ///
    /// FoundationNetworking traps ("Received callback for HTTP redirection, but we're not waiting
    /// for it") when a task is cancelled between asking its delegate about a redirect and hearing
    /// back. Cancelling on the delegate queue serialises the two: either the redirect answer is
    /// already on its way, or `willPerformHTTPRedirection` sees the transfer ended and stays silent.
    func cancel(_ task: URLSessionTask) {
        delegateQueue.addOperation { task.cancel() }
    }

    /// Lets the session release its delegate once its (ended or cancelled) tasks are gone.
    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    private func transfer(for task: URLSessionTask) -> HTTPTransfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // A transfer that has ended must not answer: see `cancel(_:)`.
        guard let transfer = transfer(for: task), let next = transfer.willRedirect(response: response, to: request) else {
            return
        }
        completionHandler(next)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        transfer(for: dataTask)?.didReceive(response: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.didReceive(data: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let transfer = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
        transfer?.didComplete(response: task.response, error: error)
    }
}
