import CCurl
import Foundation

/// Runs the HTTP transfers of one reload on one libcurl multi handle, driven by a thread of its
/// own, so that connections to a host are reused from feed to feed.
///
/// Why libcurl directly rather than `URLSession`: FoundationNetworking always has libcurl inflate
/// gzip and queues every inflated chunk for its delegate from inside libcurl's write callback, and
/// a cancel only acts once libcurl has inflated all it has received. A gzip bomb served quickly
/// cost its whole decompressed size in memory before the size cap could stop it. Here the write
/// callback runs on this thread, synchronously: it counts the inflated bytes and aborts the
/// transfer at the cap, so libcurl never inflates more than one chunk (16 KiB) past it.
///
/// `start(_:)`, `wake()` and `invalidate()` may be called from any thread. The multi handle, the
/// transfers' easy handles and every libcurl callback belong to the session's thread.
final class HTTPSession: @unchecked Sendable {
    /// The silence after which a transfer gives up: connecting, waiting for the response, or in
    /// the middle of a body. Whole seconds, as `FetchFailure.noAnswer` reports them.
    let idleTimeout: TimeInterval

    /// libcurl's `CURLM *`: created with the session, cleaned up with it.
    private let multi: UnsafeMutableRawPointer

    private let lock = NSLock()
    /// Started transfers that the session's thread has not taken in yet.
    private var arriving: [HTTPTransfer] = []
    private var isThreadRunning = false
    private var isInvalidated = false
    /// Hosts that answered over HTTP/2: their transfers share one connection (see `multiplexes`).
    private var multiplexingHosts = Set<String>()

    /// The cookie jars (`cookie-cache`, which may differ from feed to feed), each file with the
    /// libcurl `CURLSH *` through which the transfers that use it share its cookies, made when a
    /// transfer first uses it (the session's thread only).
    private var cookieJars: [String: UnsafeMutableRawPointer] = [:]
    /// The jars a transfer has been told to read (the session's thread only).
    private var readCookieJars = Set<String>()

    /// The transfers whose easy handle is in the multi handle (the session's thread only). The
    /// array keeps each transfer alive while libcurl may call back into it.
    private var running: [HTTPTransfer] = []

    /// How long the thread sleeps in `curl_multi_poll` at most: the granularity of the idle timeout.
    private static let pollMilliseconds: Int32 = 250

    /// libcurl's global state is set up once per process (thread-safe in the libcurl we build on).
    private static let libcurl: Void = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    init(options: FetchOptions) {
        HTTPSession.libcurl
        idleTimeout = max(1, options.connectTimeout.rounded(.up))
        multi = curl_multi_init()
        // libcurl itself holds the per-host limit, so that it also holds for the hops of
        // redirects, which the reload's scheduler cannot see coming: a transfer beyond it waits
        // in libcurl's queue for a connection to that host to come free.
        tidings_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, options.connectionsPerHost)
        // HTTP/2 where the server offers it (over TLS, libcurl's default), with every transfer to
        // such a host multiplexed on one connection (libcurl's default too, said here because
        // the scheduler counts on it).
        tidings_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    deinit {
        curl_multi_cleanup(multi)
        for share in cookieJars.values { curl_share_cleanup(share) }
    }

    /// Gives a transfer's easy handle the cookies of its jar (`cookieFile`, nil for none), as
    /// newsboat's handles have them: the jar is read before the first transfer that uses it and
    /// written, whole, as each is cleaned up. Read only once: a later read would bring back
    /// values the transfers since have replaced. On the session's thread.
    func shareCookies(with easy: UnsafeMutableRawPointer, jar cookieFile: String?) {
        guard let cookieFile, let share = cookieShare(for: cookieFile) else { return }
        tidings_curl_easy_setopt_pointer(easy, CURLOPT_SHARE, share)
        // An empty name turns the cookie engine on without reading a file.
        tidings_curl_easy_setopt_string(easy, CURLOPT_COOKIEFILE, readCookieJars.contains(cookieFile) ? "" : cookieFile)
        tidings_curl_easy_setopt_string(easy, CURLOPT_COOKIEJAR, cookieFile)
        readCookieJars.insert(cookieFile)
    }

    /// The share of the jar `file`, made on first use. On the session's thread.
    private func cookieShare(for file: String) -> UnsafeMutableRawPointer? {
        if let share = cookieJars[file] { return share }
        guard let share = curl_share_init() else { return nil }
        // Every libcurl call of the session is on its thread: the share needs no lock.
        tidings_curl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue))
        cookieJars[file] = share
        return share
    }

    /// Writes the jar of `easy` (if it has one) with the cookies the transfers have so far (it is
    /// also written as each handle is cleaned up). On the session's thread.
    func writeCookies(from easy: UnsafeMutableRawPointer, jar cookieFile: String?) {
        guard cookieFile != nil else { return }
        tidings_curl_easy_setopt_string(easy, CURLOPT_COOKIELIST, "FLUSH")
    }

    /// Hands a transfer to the session's thread, starting the thread if it is not running.
    func start(_ transfer: HTTPTransfer) {
        let startsThread = lock.withLock { () -> Bool in
            arriving.append(transfer)
            defer { isThreadRunning = true }
            return !isThreadRunning
        }
        if startsThread {
            let thread = Thread { self.run() }
            thread.name = "tidings.fetch.http"
            thread.start()
        } else {
            wake()
        }
    }

    /// Interrupts the thread's wait, so that it sees a new, cancelled or failed transfer at once.
    func wake() {
        curl_multi_wakeup(multi)
    }

    /// True once a transfer to `host` (lower-cased) was answered over HTTP/2: more of its feeds
    /// may then run at once than `FetchOptions.connectionsPerHost`, as streams of one connection.
    func multiplexes(host: String) -> Bool {
        lock.withLock { multiplexingHosts.contains(host) }
    }

    /// Records that `host` (lower-cased) answered over HTTP/2; called by its transfers.
    func noteMultiplexing(host: String) {
        lock.withLock { _ = multiplexingHosts.insert(host) }
    }

    /// Lets the thread end once its transfers have ended; the reload calls it when it ends.
    func invalidate() {
        lock.withLock { isInvalidated = true }
        wake()
    }

    // MARK: The session's thread

    private func run() {
        while true {
            let (newTransfers, isOver) = lock.withLock { () -> ([HTTPTransfer], Bool) in
                if arriving.isEmpty && running.isEmpty && isInvalidated {
                    isThreadRunning = false
                    return ([], true)
                }
                defer { arriving = [] }
                return (arriving, false)
            }
            if isOver { return }
            for transfer in newTransfers {
                guard let easy = transfer.open() else { continue }
                curl_multi_add_handle(multi, easy)
                running.append(transfer)
            }
            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            takeEndedTransfers()
            removeStoppedTransfers()
            curl_multi_poll(multi, nil, 0, HTTPSession.pollMilliseconds, nil)
        }
    }

    /// Lets each transfer that libcurl has completed decide what comes next: follow a redirect on
    /// the same easy handle, or end.
    private func takeEndedTransfers() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            // The message is only valid until its handle is removed: copy what is needed first.
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, easy)
            guard let index = running.firstIndex(where: { $0.easyHandle == easy }) else { continue }
            if running[index].transferDidEnd(code) {
                curl_multi_add_handle(multi, easy)
            } else {
                running.remove(at: index).close()
            }
        }
    }

    /// Removes the transfers that were cancelled, failed in a callback, or went silent too long.
    private func removeStoppedTransfers() {
        let now = DispatchTime.now()
        running.removeAll { transfer in
            guard transfer.shouldStop(at: now), let easy = transfer.easyHandle else { return false }
            curl_multi_remove_handle(multi, easy)
            transfer.close()
            return true
        }
    }
}
