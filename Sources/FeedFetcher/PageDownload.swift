import Dispatch
import Foundation

/// Downloads one web page (an article's link, for its full text) or one of an article's pictures
/// (`kind: .image`, which only changes the `Accept` header) through the same HTTP stack as
/// feeds — libcurl, the size cap, the connect and whole-download timeouts, the redirect limit and
/// the user agent of `FetchOptions` — or runs an external command over bytes (`fulltext-command`)
/// under the same cap and a deadline.
///
///     let download = PageDownload.start(url: link, options: options) { result in … }
///     // … when no longer wanted:
///     download.cancel()
///
/// `completion` is called exactly once, on a queue of the download's own, unless the download
/// was cancelled first (then never). Nothing is parsed here: the caller decides what the bytes are.
public final class PageDownload: @unchecked Sendable {
    /// A page as served: its bytes, the charset HTTP named, and where it came from after
    /// redirects (for resolving its relative links).
    public struct Page: Sendable {
        public var bytes: Data
        public var charset: String?
        public var url: URL?
    }

    private let queue = DispatchQueue(label: "tidings.fetch.page")
    private let completion: @Sendable (Result<Page, FetchFailure>) -> Void
    private let timeout: TimeInterval
    // The rest belongs to `queue`.
    private var transfer: (any Transfer)?
    private var session: HTTPSession?
    private var deadline: DispatchSourceTimer?
    private var page = Page(bytes: Data(), charset: nil, url: nil)
    private var hasEnded = false

    private init(timeout: TimeInterval, completion: @escaping @Sendable (Result<Page, FetchFailure>) -> Void) {
        self.timeout = timeout
        self.completion = completion
    }

    /// What is downloaded, which sets the `Accept` header.
    public enum Kind: Sendable {
        /// A web page (an article's full text).
        case page
        /// A picture of an article.
        case image
    }

    /// Starts downloading `url` (http or https only) and returns at once.
    public static func start(
        url: String, options: FetchOptions, kind: Kind = .page, completion: @escaping @Sendable (Result<Page, FetchFailure>) -> Void
    ) -> PageDownload {
        let download = PageDownload(timeout: options.timeout, completion: completion)
        download.queue.async {
            guard case .http(let address)? = try? FeedSource(location: url) else {
                return download.end(.failure(.unsupportedLocation(url)))
            }
            let session = HTTPSession(options: options)
            download.session = session
            download.begin(HTTPTransfer(url: address, validators: nil, options: options, session: session,
                                        accept: kind == .image ? HTTPTransfer.imageTypes : HTTPTransfer.pageTypes, sink: download.sink))
        }
        return download
    }

    /// Runs `arguments` (split without a shell: see `CommandArguments`) with `input` on its
    /// standard input; its standard output is the page. The command is stopped after
    /// `options.timeout` seconds and when its output passes `options.maxBytes`; a non-zero exit
    /// status is a failure with the first line of its standard error.
    public static func run(
        _ arguments: [String], input: Data, options: FetchOptions,
        completion: @escaping @Sendable (Result<Page, FetchFailure>) -> Void
    ) -> PageDownload {
        let download = PageDownload(timeout: options.timeout, completion: completion)
        download.queue.async {
            download.begin(CommandTransfer(arguments: arguments, input: input, options: options, sink: download.sink))
        }
        return download
    }

    /// Stops the download (or the command); the completion is not called.
    public func cancel() {
        queue.async {
            guard !self.hasEnded else { return }
            self.hasEnded = true
            self.stop()
        }
    }

    private var sink: TransferSink {
        { [self] event in queue.async { self.handle(event) } }
    }

    private func begin(_ transfer: any Transfer) {
        guard !hasEnded else { return }
        self.transfer = transfer
        // The whole download, as for a feed: a server that trickles a byte a second never
        // trips the idle timeout, and a command that hangs never ends by itself.
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + timeout)
        timer.setEventHandler { [self] in end(.failure(.timedOut(seconds: timeout))) }
        timer.resume()
        deadline = timer
        transfer.start()
    }

    private func handle(_ event: TransferEvent) {
        guard !hasEnded else { return }
        switch event {
        case .response(.document(let charset, _, let documentURL, _, _)):
            page.charset = charset
            page.url = documentURL
        case .response(.notModified):
            // No validators are sent, so no answer can be "not modified".
            end(.failure(.httpStatus(304)))
        case .bytes(let data):
            page.bytes.append(data)
        case .finished:
            end(.success(page))
        case .failed(let failure):
            end(.failure(failure))
        }
    }

    private func end(_ result: Result<Page, FetchFailure>) {
        guard !hasEnded else { return }
        hasEnded = true
        stop()
        page = Page(bytes: Data(), charset: nil, url: nil)
        completion(result)
    }

    private func stop() {
        deadline?.cancel()
        deadline = nil
        transfer?.cancel()
        transfer = nil
        session?.invalidate()
        session = nil
    }
}
