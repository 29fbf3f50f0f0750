import Dispatch
import FeedModel
import FeedParser
import Foundation
import Logging

/// Refreshes one feed: reads its validators, runs the transfer, streams the bytes into the push
/// parser as they arrive, stores the result, and reports one outcome. It says when its transfer
/// is over (`onTransferEnd`, on the transfer's thread), before parsing ends and the store writes,
/// so that the reload can give the host's connection to its next feed meanwhile.
///
/// Everything but `init` runs on the job's own serial queue, so the parser (which is not
/// thread-safe) and the job's state need no lock. Jobs run in parallel, each queue getting a
/// thread of its own when it has work (at most `reload-threads` of them, as many as run): on a
/// shared pool sized to the cores, a started feed waited for a thread while others parsed or
/// waited for the store's writer, and its request went out that much later. The whole-feed
/// deadline is a timer on the job's queue, so that it covers parsing and every kind of source,
/// not only the HTTP download.
final class FeedJob: @unchecked Sendable {
    /// The feed's key (`FetchRequest.url`).
    let location: String
    let hostKey: String?
    /// The server a 429 holds for (`FeedHost`: the host and port).
    let server: String?
    private let source: Result<FeedSource, FetchFailure>
    private let queue: DispatchQueue
    private let cache: any FeedCache
    private let options: FetchOptions
    private let session: HTTPSession
    private let onTransferEnd: @Sendable (FeedJob) -> Void
    private let onEnd: @Sendable (FeedJob, FetchEvent.Kind) -> Void
    private let logger: Logger

    private var transfer: (any Transfer)?
    private var parser: FeedParser?
    private var newValidators = CacheValidators()
    private var permanentRedirect: URL?
    private var timing = ServerTiming()
    private var deadline: DispatchSourceTimer?
    private var hasEnded = false
    /// Which try this is (`FetchOptions.attempts`), from 1.
    private var attempt = 1
    /// Counts the tries, so that what an abandoned try's transfer still queues is ignored.
    private var generation = 0

    init(
        request: FetchRequest, cache: any FeedCache, options: FetchOptions, session: HTTPSession,
        logger: Logger, onTransferEnd: @escaping @Sendable (FeedJob) -> Void,
        onEnd: @escaping @Sendable (FeedJob, FetchEvent.Kind) -> Void
    ) {
        self.logger = logger
        self.location = request.url
        self.source = Result { () throws(FetchFailure) in try FeedSource(location: request.fetchURL) }
        self.hostKey = (try? source.get())?.hostKey
        self.server = FeedHost.of(request.fetchURL)
        // A serial queue that targets no other is "overcommit": Dispatch gives it a thread
        // even when as many as there are cores are busy or blocked. Background QoS runs it at
        // nice 10 (libdispatch on Linux), below the screen and the store's writer.
        self.queue = DispatchQueue(label: "tidings.fetch.job", qos: .background)
        self.cache = cache
        // The reload's options, with the feed's own where it has them (`feed-option`).
        self.options = request.settings.map(options.applying) ?? options
        self.session = session
        self.onTransferEnd = onTransferEnd
        self.onEnd = onEnd
    }

    func start() {
        queue.async { self.begin() }
    }

    /// Stops the feed promptly; a store write already under way completes first.
    func cancel() {
        queue.async { self.end(.cancelled) }
    }

    private func begin() {
        guard !hasEnded else { return }
        let source: FeedSource
        let validators: CacheValidators?
        do {
            source = try self.source.get()
            // `always-download`: no conditional request, so the server sends the whole feed.
            validators = options.alwaysDownload.contains(location) ? nil : try cache.validators(for: location)
        } catch let failure as FetchFailure {
            return fail(failure)
        } catch {
            return fail(.cache(String(describing: error)))
        }
        let currentGeneration = generation
        let sink: TransferSink = { [self] event in
            // Told at once, on the transfer's thread, rather than after the job's queue has
            // parsed what is queued before this event: the connection is free now.
            switch event {
            case .finished, .failed: onTransferEnd(self)
            case .response, .bytes: break
            }
            queue.async { if currentGeneration == self.generation { self.handle(event) } }
        }
        let transfer: any Transfer = switch source {
        case .http(let url):
            HTTPTransfer(url: url, validators: validators, options: options, session: session, sink: sink)
        case .file(let url):
            FileTransfer(url: url, validators: validators, options: options, sink: sink)
        case .command(let arguments):
            CommandTransfer(arguments: arguments, input: nil, options: options, sink: sink)
        case .filter(let arguments, let url):
            FilterTransfer(arguments: arguments, url: url, options: options, session: session, sink: sink)
        }
        self.transfer = transfer
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + options.timeout)
        timer.setEventHandler { [self] in fail(.timedOut(seconds: options.timeout)) }
        timer.resume()
        deadline = timer
        transfer.start()
    }

    private func handle(_ event: TransferEvent) {
        guard !hasEnded else { return }
        switch event {
        case .response(.notModified(let redirect, let timing)):
            do {
                try cache.recordNotModified(for: location, permanentRedirect: redirect?.absoluteString, timing: timing)
            } catch {
                return end(.failed(.cache(String(describing: error))))
            }
            end(.notModified)
        case .response(.document(let charset, let validators, let documentURL, let redirect, let timing)):
            parser = FeedParser(url: documentURL, charset: charset, limits: ParserLimits(maxInputBytes: options.maxBytes))
            newValidators = validators
            permanentRedirect = redirect
            self.timing = timing
        case .bytes(let data):
            guard let parser else { return fail(.network("bytes arrived before the response")) }
            do {
                try parser.append(data)
            } catch {
                fail(FeedJob.failure(forParserError: error, limit: options.maxBytes))
            }
        case .finished:
            guard let parser else { return fail(.network("no document was received")) }
            let feed: Feed
            do {
                feed = try parser.finish()
            } catch {
                return fail(FeedJob.failure(forParserError: error, limit: options.maxBytes))
            }
            // What the parser repaired instead of losing (a control character, a charset it had
            // to guess): the feed is shown as if nothing happened, so the log says what and where.
            for recovery in parser.recoveries {
                logger.notice("recovered: \(recovery)", metadata: ["feed": "\(CredentialRedaction.redact(location))"])
            }
            do {
                let newItems = try cache.storeFeed(
                    feed, for: location, validators: newValidators, permanentRedirect: permanentRedirect?.absoluteString, timing: timing)
                end(.finished(newItems: newItems))
            } catch {
                end(.failed(.cache(String(describing: error))))
            }
        case .failed(let failure):
            fail(failure)
        }
    }

    private static func failure(forParserError error: Error, limit: Int) -> FetchFailure {
        if case FeedParserError.tooLarge = error { return .tooLarge(limit: limit) }
        return .parse(String(describing: error))
    }

    /// Records the failure (the feed keeps its items) and ends the job, or tries again while
    /// `download-retries` allows.
    private func fail(_ failure: FetchFailure) {
        guard !hasEnded else { return }
        if failure == .cancelled { return end(.cancelled) }
        if attempt < options.attempts, FeedJob.isWorthRetrying(failure) {
            logger.info("try \(attempt) failed (\(failure)); trying again", metadata: ["feed": "\(CredentialRedaction.redact(location))"])
            attempt += 1
            return retry()
        }
        do {
            try cache.recordFailure(failure, for: location)
        } catch {
            // The failure itself is what the user needs to see; a second one would hide it.
        }
        end(.failed(failure))
    }

    /// Whether another try may do better: as newsboat, any failure of the download or of the
    /// document, but not one that the same request is sure to meet again.
    private static func isWorthRetrying(_ failure: FetchFailure) -> Bool {
        switch failure {
        // A server that asked to wait is not asked again at once.
        case .cancelled, .cache, .unsupportedLocation, .tooLarge, .serverAskedToWait, .hostAskedToWait: false
        default: true
        }
    }

    /// Drops the failed try (its transfer, parser and deadline) and starts the next one.
    private func retry() {
        generation += 1
        deadline?.cancel()
        deadline = nil
        transfer?.cancel()
        transfer = nil
        parser = nil
        newValidators = CacheValidators()
        permanentRedirect = nil
        timing = ServerTiming()
        begin()
    }

    private func end(_ kind: FetchEvent.Kind) {
        guard !hasEnded else { return }
        hasEnded = true
        deadline?.cancel()
        deadline = nil
        transfer?.cancel()
        transfer = nil
        parser = nil
        onEnd(self, kind)
    }
}
