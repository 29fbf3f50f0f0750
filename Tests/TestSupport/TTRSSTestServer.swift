import Foundation

/// A real Tiny Tiny RSS (Debian 12's `tt-rss` package, API level 15) for the sync tests, serving
/// its JSON API on a free loopback port, subscribed to feeds served on `127.0.0.1:80`.
///
/// Tests/Support/ttrss_start.sh does the work; `make sync-test-deps` installs the packages it needs.
/// Once per test process it starts a PostgreSQL cluster of its own (unix socket only) holding a
/// template database with TT-RSS's schema, and a static file server on `127.0.0.1:80` for the feed
/// files (TT-RSS subscribes to ports 80 and 443 only, and not to `127.*` or `localhost` names: the
/// feeds are subscribed as `http://0.0.0.0/…`). Each server gets a copy of the template database and
/// of TT-RSS's www folder with its own config.php, and runs `php -S`. Watchdogs end the servers and
/// the cluster when this process goes away; `stop()` (also on deinit) ends a server at once.
///
/// The login is TT-RSS's initial `admin`, with the password `ttrss-pass-4f9c` and the API enabled.
public final class TTRSSTestServer: @unchecked Sendable {
    public static let user = "admin"
    public static let password = "ttrss-pass-4f9c"

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/ttrss_start.sh").path

    /// Why the TT-RSS tests cannot run here; nil when they can.
    public static let unavailableReason: String? = {
        let skipped = "SKIPPED: the Tiny Tiny RSS sync tests did not run:"
        guard FileManager.default.fileExists(atPath: "/usr/share/tt-rss/www/api/index.php"),
            FileManager.default.fileExists(atPath: "/usr/share/tt-rss/schema/ttrss_schema_pgsql.sql")
        else { return "\(skipped) Debian's tt-rss is not installed (make sync-test-deps)" }
        let postgres = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard postgres.contains(where: { FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") })
        else { return "\(skipped) PostgreSQL is not installed (make sync-test-deps)" }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/php") else { return "\(skipped) php is not installed (make sync-test-deps)" }
        do {
            _ = try shared()
        } catch {
            return "\(skipped) \(error)"
        }
        return nil
    }()

    public static var isAvailable: Bool { unavailableReason == nil }

    /// This server's folder: its www copy, config, logs.
    public let directory: URL
    /// Where its feed files are, served as `http://0.0.0.0/NAME/…`.
    public let feedFolder: URL
    private let name: String
    private var serverPID: pid_t = 0
    private var watchdog: Process?
    /// The port TT-RSS answers on.
    public private(set) var port = 0

    /// The address a user configures as `ttrss-url`.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// The address TT-RSS fetches the feed file `file` from.
    public func feedURL(_ file: String) -> String { "http://0.0.0.0/\(name)/\(file)" }

    /// The PostgreSQL database of this server.
    private var database: String { "ttrss_" + name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined() }

    /// Writes the feed files, starts TT-RSS, makes the categories, subscribes to `subscriptions`
    /// (file name → category title, "" for none) and fetches them once.
    public init(files: [String: String], subscriptions: [(file: String, category: String)], categories: [String] = []) throws {
        let shared = try TTRSSTestServer.shared()
        name = "s\(UUID().uuidString.prefix(8).lowercased())"
        directory = shared.root.appendingPathComponent(name)
        feedFolder = shared.feedRoot.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: feedFolder, withIntermediateDirectories: true)
        try write(files)
        port = try TTRSSTestServer.freePort()
        try serve(try TTRSSTestServer.run([TTRSSTestServer.script, "server", shared.cluster.path, directory.path, String(port)]))
        let wanted = Array(Set(categories + subscriptions.map(\.category).filter { !$0.isEmpty })).sorted()
        if !wanted.isEmpty {
            try sql("INSERT INTO ttrss_feed_categories (owner_uid, title) VALUES " + wanted.map { "(1, \(Self.quote($0)))" }.joined(separator: ", "))
        }
        try subscribe(subscriptions)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: feedFolder)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Subscribes to more feed files (as another client of the server would) and fetches them.
    public func subscribe(_ subscriptions: [(file: String, category: String)]) throws {
        guard !subscriptions.isEmpty else { return }
        let rows = subscriptions.map { subscription in
            let category = subscription.category.isEmpty
                ? "NULL" : "(SELECT id FROM ttrss_feed_categories WHERE title = \(Self.quote(subscription.category)))"
            return "(1, '[Unknown]', \(Self.quote(feedURL(subscription.file))), \(category))"
        }
        try sql("INSERT INTO ttrss_feeds (owner_uid, title, feed_url, cat_id) VALUES " + rows.joined(separator: ", "))
        try refresh()
    }

    /// Writes (or rewrites) feed files, for `refresh()` to find.
    public func write(_ files: [String: String]) throws {
        for (file, xml) in files {
            try Data(xml.utf8).write(to: feedFolder.appendingPathComponent(file))
        }
    }

    /// Fetches every feed now (`update.php --feeds`): new articles of the files arrive. The file
    /// server on port 80 is checked first, and started again when gone: another test process of
    /// the machine may have started it, and it ends with that process.
    public func refresh() throws {
        _ = try TTRSSTestServer.feedServerRoot()
        try TTRSSTestServer.run([TTRSSTestServer.script, "update", directory.path])
    }

    /// Runs SQL on this server's database (as an administrator of the server would).
    public func sql(_ statement: String) throws {
        try TTRSSTestServer.run([TTRSSTestServer.script, "sql", try TTRSSTestServer.shared().cluster.path, database, statement])
    }

    /// The ids of the API sessions the server keeps.
    public func sessionIDs() throws -> [String] {
        try TTRSSTestServer.run([TTRSSTestServer.script, "query", try TTRSSTestServer.shared().cluster.path, database,
                                 "SELECT id FROM ttrss_sessions"])
            .split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }

    /// The ids of the articles the server has published (its own table, not through the API
    /// under test).
    public func publishedArticleIDs() throws -> Set<Int64> {
        Set(try TTRSSTestServer.run([TTRSSTestServer.script, "query", try TTRSSTestServer.shared().cluster.path, database,
                                     "SELECT ref_id FROM ttrss_user_entries WHERE published"])
            .split(whereSeparator: \.isNewline).compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) })
    }

    /// Publishes (or unpublishes) articles as the server's own pages do, in its database.
    public func setPublished(_ ids: [Int64], _ isPublished: Bool) throws {
        guard !ids.isEmpty else { return }
        try sql("UPDATE ttrss_user_entries SET published = \(isPublished), last_published = NOW() WHERE ref_id IN ("
            + ids.map(String.init).joined(separator: ", ") + ")")
    }

    /// The requests served so far, one line each as PHP's server logs them.
    public func requestLog() -> [String] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { $0.contains("]: ") }
    }

    /// Serves again, on the same port, after `stop()`.
    public func restart() throws {
        stop()
        try serve(try TTRSSTestServer.run([TTRSSTestServer.script, "serve", directory.path]))
    }

    /// Keeps the PID that ttrss_start.sh printed last, and a watchdog on it.
    private func serve(_ output: String) throws {
        guard let pid = output.split(whereSeparator: \.isNewline).last.flatMap({ pid_t($0) }) else {
            throw SetupFailure(message: "ttrss_start.sh printed no PID: \(output.suffix(500))")
        }
        serverPID = pid
        watchdog = try TTRSSTestServer.watch(pid)
    }

    /// Stops serving and waits until the server is gone; does nothing when it is not running.
    public func stop() {
        guard serverPID > 0 else { return }
        kill(serverPID, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while TTRSSTestServer.isAlive(serverPID) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        serverPID = 0
        watchdog?.terminate()
        watchdog = nil
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    // MARK: Shared by the process

    /// The cluster and the feed server, started once per test process.
    struct Shared {
        var root: URL
        var cluster: URL
        var feedRoot: URL
    }

    private static func shared() throws -> Shared {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let sharedState { return sharedState }
        if let sharedFailure { throw sharedFailure }
        do {
            let state = try startShared()
            sharedState = state
            return state
        } catch {
            sharedFailure = error
            throw error
        }
    }

    private static func startShared() throws -> Shared {
        let temporary = URL(fileURLWithPath: "/tmp")
        // Folders of test processes that have ended (nothing else removes them).
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where entry.hasPrefix("tidings-ttrss-") {
            if let pid = pid_t(entry.dropFirst("tidings-ttrss-".count)), kill(pid, 0) != 0 {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(entry))
            }
        }
        let root = temporary.appendingPathComponent("tidings-ttrss-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // www-data (the servers' user when the tests run as root) must reach the folders.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        let cluster = root.appendingPathComponent("postgres")
        let postmaster = try run([script, "cluster", cluster.path])
        if let pid = postmaster.split(whereSeparator: \.isNewline).last.flatMap({ pid_t($0) }) {
            _ = try watch(pid, seconds: 86_400, stop: [script, "stop-cluster", cluster.path])
        }
        let feedRoot = try feedServerRoot()
        return Shared(root: root, cluster: cluster, feedRoot: feedRoot)
    }

    /// The folder served on 127.0.0.1:80: shared by every test process of the machine, started by
    /// the first that needs it (and ended with it: a later process starts its own).
    private static func feedServerRoot() throws -> URL {
        // One check at a time in this process: two would each start a server.
        feedServerLock.lock()
        defer { feedServerLock.unlock() }
        let feedRoot = URL(fileURLWithPath: "/tmp/tidings-ttrss-feeds")
        try FileManager.default.createDirectory(at: feedRoot, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: feedRoot.path)
        let probe = "probe-\(getpid())-\(UUID().uuidString).txt"
        try Data("tidings".utf8).write(to: feedRoot.appendingPathComponent(probe))
        defer { try? FileManager.default.removeItem(at: feedRoot.appendingPathComponent(probe)) }
        if answers(probe) { return feedRoot }
        let output: String
        do {
            output = try run([script, "feeds", feedRoot.path])
        } catch {
            throw SetupFailure(message: "no file server on 127.0.0.1:80 for the feeds (TT-RSS subscribes to port 80 or 443 only; "
                               + "binding port 80 needs root): \(error)")
        }
        if let pid = output.split(whereSeparator: \.isNewline).last.flatMap({ pid_t($0) }) { _ = try watch(pid, seconds: 86_400) }
        guard answers(probe) else { throw SetupFailure(message: "127.0.0.1:80 does not serve \(feedRoot.path)") }
        return feedRoot
    }

    /// True when `http://127.0.0.1/FILE` answers "tidings".
    private static func answers(_ file: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/php")
        process.arguments = ["-r", #"$c = stream_context_create(['http' => ['timeout' => 2]]); exit(@file_get_contents($argv[1], false, $c) === 'tidings' ? 0 : 1);"#,
                             "http://127.0.0.1/\(file)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private static let feedServerLock = NSLock()
    nonisolated(unsafe) private static var sharedState: Shared?
    nonisolated(unsafe) private static var sharedFailure: Error?
    private static let sharedLock = NSLock()

    // MARK: Processes

    /// Runs ttrss_start.sh to its end (at most 90 s) and returns its standard output.
    @discardableResult
    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        // Through a shell that first closes every descriptor but the standard three: Foundation
        // learns that a child exited when the socket it hands the child closes, and the servers
        // the script leaves running (PostgreSQL, PHP) would otherwise hold it open for ever.
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null; exec bash "$@""#,
                             "bash"] + arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("ttrss-run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: log.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: log.path + ".out")
            try? FileManager.default.removeItem(atPath: log.path + ".err")
        }
        // Files rather than pipes: a server left running holds no pipe of ours open.
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log.path + ".out"))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: log.path + ".err"))
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let stdout = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: log.path + ".out"))) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: log.path + ".err"))) ?? Data(), as: UTF8.self)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw SetupFailure(message: "ttrss_start.sh \(arguments.dropFirst().first ?? "") did not finish within 90 s")
        }
        guard process.terminationStatus == 0 else {
            throw SetupFailure(message: "ttrss_start.sh \(arguments.dropFirst().first ?? "") failed: \(stderr.suffix(1000))")
        }
        return stdout
    }

    /// A shell that ends `pid` (by running `stop`, else by SIGKILL) when this process ends, or
    /// after `seconds`.
    private static func watch(_ pid: pid_t, seconds: Int = 600, stop: [String] = []) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let ending = stop.isEmpty ? #"kill -9 "$1" 2>/dev/null"# : #"shift; bash "$@" >/dev/null 2>&1"#
        process.arguments = ["-c", #"i=0; while kill -0 "$0" 2>/dev/null && kill -0 "$1" 2>/dev/null && [ $i -lt "# + String(seconds * 5)
                             + #" ]; do sleep 0.2; i=$((i+1)); done; "# + ending, String(getpid()), String(pid)] + stop
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    private static func freePort() throws -> Int {
        let socket = try LoopbackSocket(listening: false)
        socket.close()
        return socket.port
    }

    public struct SetupFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
