import Dispatch
import FeedModel
import Foundation
import Logging

/// One run of the pipeline over a list of feeds, as returned by `FeedFetcher.reload`.
///
/// Feeds start as slots free up, grouped by host (hosts in the order they first appear in the
/// list, a host's feeds in list order), so that a host's feeds follow one another on its
/// kept-alive connections. At most `concurrency` run at once, and at most `connectionsPerHost`
/// download from any one host — a slow host cannot hold every slot while others wait: the
/// scheduler skips to the next feed whose host has room. A feed gives its host's slot back when
/// its download ends, not when it is parsed and stored: the host's next feed then waits for the
/// server while this one waits for the store's single writer, instead of after it. A host that
/// answered over HTTP/2 takes up to `concurrency` feeds at once, as streams of one connection.
/// A server (host and port) that answers `429 Too Many Requests` with a `Retry-After` is asked
/// nothing more: its feeds not started yet end as failed (`hostAskedToWait`) without a request.
/// libcurl holds the per-host limit on connections for the hops of redirects too. Events and the
/// final summary are delivered on the caller's queue, in order when that queue is serial.
///
/// Cancelling is prompt: feeds not started yet end as `cancelled` at once, running downloads and
/// commands are stopped, and a store write already under way completes, so the cache stays
/// consistent. Wait for the end with `wait(timeout:)` before exiting.
public final class Reload: @unchecked Sendable {
    private let options: FetchOptions
    private let session: HTTPSession
    private let eventQueue: DispatchQueue
    private let onEvent: @Sendable (FetchEvent) -> Void
    private let onComplete: @Sendable (ReloadSummary) -> Void
    private let logger: Logger
    private let ended = DispatchGroup()

    private let lock = NSLock()
    private var pending: [FeedJob] = []
    private var running: [String: FeedJob] = [:]
    private var connectionsByHost: [String: Int] = [:]
    /// The running feeds (by location) whose transfer still counts in `connectionsByHost`.
    private var downloading = Set<String>()
    /// Servers (`FeedHost`) that answered `429 Too Many Requests` with a `Retry-After` during
    /// this reload, and the seconds they asked for: their feeds still waiting are not asked.
    private var waitingServers: [String: Double] = [:]
    private var summary = ReloadSummary()
    private var completed = 0
    private var hasEnded = false

    init(
        requests: [FetchRequest], cache: any FeedCache, options: FetchOptions, logger: Logger,
        eventQueue: DispatchQueue, onEvent: @escaping @Sendable (FetchEvent) -> Void,
        onComplete: @escaping @Sendable (ReloadSummary) -> Void
    ) {
        self.options = options
        self.session = HTTPSession(options: options)
        self.eventQueue = eventQueue
        self.onEvent = onEvent
        self.onComplete = onComplete
        self.logger = logger
        var seen = Set<String>()
        let unique = requests.filter { seen.insert($0.url).inserted }
        summary.total = unique.count
        ended.enter()
        // Each job holds its reload, so that a caller who drops the handle still gets every event
        // and the summary; the cycle ends with the jobs, which the reload lets go of as they end.
        pending = Self.groupedByHost(unique.map { request in
            FeedJob(request: request, cache: cache, options: options, session: session, logger: logger,
                    onTransferEnd: { job in self.transferDidEnd(job) }, onEnd: { job, kind in self.jobDidEnd(job, kind) })
        })
    }

    /// The jobs with each host's together, at the place of its first job; the order is otherwise
    /// kept (feeds that are no download stay where they are).
    private static func groupedByHost(_ jobs: [FeedJob]) -> [FeedJob] {
        var firstPosition: [String: Int] = [:]
        var groups: [Int] = []
        for (position, job) in jobs.enumerated() {
            guard let host = job.hostKey else {
                groups.append(position)
                continue
            }
            if firstPosition[host] == nil { firstPosition[host] = position }
            groups.append(firstPosition[host]!)
        }
        return jobs.indices.sorted { (groups[$0], $0) < (groups[$1], $1) }.map { jobs[$0] }
    }

    func begin() {
        if summary.total == 0 { return endReload() }
        startWaitingJobs()
    }

    /// Cancels every feed of this reload.
    public func cancel() {
        let (waiting, active) = lock.withLock { () -> ([FeedJob], [FeedJob]) in
            defer { pending = [] }
            return (pending, Array(running.values))
        }
        for job in waiting { jobDidEnd(job, .cancelled, wasRunning: false) }
        for job in active { job.cancel() }
    }

    /// Cancels one feed, given its `FetchRequest.url`. Does nothing if it has ended.
    public func cancel(_ location: String) {
        let (waiting, active) = lock.withLock { () -> (FeedJob?, FeedJob?) in
            if let index = pending.firstIndex(where: { $0.location == location }) {
                return (pending.remove(at: index), nil)
            }
            return (nil, running[location])
        }
        if let waiting { jobDidEnd(waiting, .cancelled, wasRunning: false) }
        active?.cancel()
    }

    /// Blocks until every feed has ended and the summary has been delivered. Never call it from
    /// the event queue: the summary is delivered there.
    @discardableResult
    public func wait() -> ReloadSummary {
        ended.wait()
        return lock.withLock { summary }
    }

    /// Like `wait()`, giving up after `timeout` seconds (nil then).
    public func wait(timeout: TimeInterval) -> ReloadSummary? {
        guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        return lock.withLock { summary }
    }

    /// True once every feed has ended.
    public var isFinished: Bool { lock.withLock { hasEnded } }

    private func startWaitingJobs() {
        let (starting, isOver) = lock.withLock { () -> ([FeedJob], Bool) in
            var starting: [FeedJob] = []
            var isOver = false
            var index = 0
            while running.count < options.concurrency && index < pending.count {
                let job = pending[index]
                if let server = job.server, let seconds = waitingServers[server] {
                    pending.remove(at: index)
                    isOver = noteEnd(of: job, .failed(.hostAskedToWait(seconds: seconds)))
                    continue
                }
                if let host = job.hostKey, connectionsByHost[host, default: 0] >= limit(forHost: host) {
                    index += 1
                    continue
                }
                pending.remove(at: index)
                running[job.location] = job
                if let host = job.hostKey {
                    connectionsByHost[host, default: 0] += 1
                    downloading.insert(job.location)
                }
                emit(FetchEvent(url: job.location, kind: .started, completed: completed, total: summary.total))
                starting.append(job)
            }
            return (starting, isOver)
        }
        if isOver { return endReload() }
        for job in starting {
            logger.debug("started", metadata: ["feed": "\(CredentialRedaction.redact(job.location))"])
            job.start()
        }
    }

    /// How many feeds of `host` may run at once.
    private func limit(forHost host: String) -> Int {
        session.multiplexes(host: host) ? options.concurrency : options.connectionsPerHost
    }

    /// The feed's transfer is over: its host may take its next feed while this one is parsed and
    /// stored. The feed still counts against `concurrency` until it ends.
    private func transferDidEnd(_ job: FeedJob) {
        let freedSlot = lock.withLock { releaseHostSlot(of: job) }
        if freedSlot { startWaitingJobs() }
    }

    /// Called with the lock held; false when the job held no slot (any more).
    private func releaseHostSlot(of job: FeedJob) -> Bool {
        guard let host = job.hostKey, downloading.remove(job.location) != nil else { return false }
        connectionsByHost[host, default: 1] -= 1
        return true
    }

    private func jobDidEnd(_ job: FeedJob, _ kind: FetchEvent.Kind) {
        jobDidEnd(job, kind, wasRunning: true)
    }

    private func jobDidEnd(_ job: FeedJob, _ kind: FetchEvent.Kind, wasRunning: Bool) {
        let isLast = lock.withLock { () -> Bool in
            if wasRunning {
                running[job.location] = nil
                _ = releaseHostSlot(of: job)
            }
            if case .failed(.serverAskedToWait(429, let seconds)) = kind, let server = job.server {
                waitingServers[server] = max(seconds, waitingServers[server] ?? 0)
            }
            return noteEnd(of: job, kind)
        }
        if case .failed(let failure) = kind {
            logger.debug("failed: \(failure)", metadata: ["feed": "\(CredentialRedaction.redact(job.location))"])
        }
        if isLast { endReload() } else { startWaitingJobs() }
    }

    /// Counts the end of a feed and tells it; true when it was the reload's last. Called with the
    /// lock held.
    private func noteEnd(of job: FeedJob, _ kind: FetchEvent.Kind) -> Bool {
        completed += 1
        summary.count(kind, for: job.location)
        emit(FetchEvent(url: job.location, kind: kind, completed: completed, total: summary.total))
        return completed == summary.total
    }

    /// Called with the lock held, so that events reach the queue in the order they happened.
    private func emit(_ event: FetchEvent) {
        let onEvent = onEvent
        eventQueue.async { onEvent(event) }
    }

    private func endReload() {
        let summary = lock.withLock { () -> ReloadSummary in
            hasEnded = true
            return self.summary
        }
        session.invalidate()
        let onComplete = onComplete
        let ended = ended
        eventQueue.async {
            onComplete(summary)
            ended.leave()
        }
    }
}
