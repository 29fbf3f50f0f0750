import Foundation

/// A real FreshRSS 1.24.3 for the sync tests, serving its Google Reader API
/// (`/api/greader.php`) and its Fever API (`/api/fever.php`) on a free loopback port, subscribed
/// to feeds that a `LoopbackServer` serves from a scratch folder.
///
/// It runs the workspace's `../shared/test-servers/freshrss/start.sh` (beside the repository, as
/// CI checks it out), which needs PHP (`make sync-test-deps` installs it). FreshRSS is unpacked
/// and installed once per test process into a template folder, without its default feed; each
/// server copies it, imports its OPML (FreshRSS fetches the feeds then) and serves. A watchdog
/// ends the server when this process goes away or after five minutes; `stop()` (also on deinit)
/// ends it at once.
public final class FreshRSSTestServer: @unchecked Sendable {
    public static let user = "alice"
    /// The API password: ClientLogin's `Passwd`, and the Fever API's password.
    public static let apiPassword = "alice-api-pass-1"

    /// `../shared/test-servers/freshrss` beside the repository.
    static let scripts = FeverTestServer.root.deletingLastPathComponent().appendingPathComponent("shared/test-servers/freshrss")
    static let startScript = scripts.appendingPathComponent("start.sh").path

    /// Why the FreshRSS tests cannot run here; nil when they can.
    public static let unavailableReason: String? = {
        guard FileManager.default.fileExists(atPath: startScript),
            FileManager.default.fileExists(atPath: scripts.appendingPathComponent("FreshRSS-1.24.3.tar.xz").path)
        else {
            return "SKIPPED: FreshRSS 1.24.3 is not at \(scripts.path) (start.sh and FreshRSS-1.24.3.tar.xz from "
                + "https://github.com/FreshRSS/FreshRSS/releases/tag/1.24.3): the Google Reader and FreshRSS Fever tests did not run"
        }
        guard ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":")
            .contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/php") })
        else {
            return "SKIPPED: php is not installed (make sync-test-deps): the Google Reader and FreshRSS Fever tests did not run"
        }
        return nil
    }()

    public static var isAvailable: Bool { unavailableReason == nil }

    /// The scratch folder: FreshRSS, its data, the OPML files, and `feeds/` (served by `feeds`).
    public let directory: URL
    /// Serves the RSS files of `directory/feeds` to FreshRSS.
    public let feeds: LoopbackServer
    private var serverPID: pid_t = 0
    private var watchdog: Process?
    /// The port FreshRSS answers on while it runs.
    public private(set) var port = 0

    /// The Google Reader API endpoint, as a user would configure it.
    public var greaderEndpoint: URL { URL(string: "http://127.0.0.1:\(port)/api/greader.php")! }
    /// The Fever API endpoint.
    public var feverEndpoint: URL { URL(string: "http://127.0.0.1:\(port)/api/fever.php")! }

    private var freshRSS: URL { directory.appendingPathComponent("freshrss") }

    /// Writes each `files` entry (name → RSS) to the feed folder, installs FreshRSS, imports
    /// `opml` (where `FEEDS` stands for the feed server's address), which fetches the feeds, and
    /// starts serving.
    public init(files: [String: String], opml: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("freshrss-\(UUID().uuidString)")
        let feedFolder = directory.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feedFolder, withIntermediateDirectories: true)
        for (name, xml) in files {
            try Data(xml.utf8).write(to: feedFolder.appendingPathComponent(name))
        }
        feeds = try LoopbackServer(routes: [:], directory: feedFolder.path, lifetime: 300)
        try FreshRSSTestServer.run("/bin/cp", ["-a", try FreshRSSTestServer.template().path, freshRSS.path])
        try start(opml: try opmlFile(opml))
    }

    deinit {
        stop()
        feeds.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Subscribes to the feeds of another OPML document and fetches them, as a server does when
    /// new feeds are added elsewhere.
    public func importSubscriptions(_ opml: String, files: [String: String] = [:]) throws {
        try write(files)
        try php(["cli/import-for-user.php", "--user", FreshRSSTestServer.user, "--filename", try opmlFile(opml).path])
        try refresh()
    }

    /// Writes (or rewrites) feed files, for `refresh()` to find.
    public func write(_ files: [String: String]) throws {
        for (name, xml) in files {
            try Data(xml.utf8).write(to: directory.appendingPathComponent("feeds").appendingPathComponent(name))
        }
    }

    /// Fetches every feed again: new articles in the feed files arrive on the server. FreshRSS
    /// skips feeds fetched within their time to live (an hour) and reads them from its own cache
    /// for a while, so their last fetch and that cache are forgotten first.
    public func refresh() throws {
        let cache = freshRSS.appendingPathComponent("data/cache")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where name != "index.html" {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
        try php(["-r", #"$db = new PDO('sqlite:data/users/' . $argv[1] . '/db.sqlite'); $db->exec('UPDATE feed SET lastUpdate = 0');"#,
                 FreshRSSTestServer.user])
        try php(["cli/actualize-user.php", "--user", FreshRSSTestServer.user])
    }

    /// The requests served so far, one line each as PHP's server logs them
    /// (`[…] 127.0.0.1:5555 [200]: GET /api/greader.php/reader/api/0/…?…`): what a client sent in
    /// its URLs.
    public func requestLog() -> [String] {
        let text = (try? String(contentsOf: freshRSS.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { $0.contains("]: ") }
    }

    /// Starts serving (again) on a free port, or on `port`; waits until it answers.
    public func start(port: Int = 0) throws {
        try start(port: port, opml: nil)
    }

    /// Starts serving again on the port it served on before (after `stop()`).
    public func restart() throws {
        try start(port: port)
    }

    /// Stops serving and waits until the server is gone; does nothing when it is not running.
    public func stop() {
        guard serverPID > 0 else { return }
        // SIGKILL: the server inherits a signal mask from the test's threads that blocks SIGTERM.
        kill(serverPID, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while FreshRSSTestServer.isAlive(serverPID) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        serverPID = 0
        watchdog?.terminate()
        watchdog = nil
    }

    // MARK: Starting

    private func start(port: Int = 0, opml: URL?) throws {
        stop()
        let chosen = port > 0 ? port : try FreshRSSTestServer.freePort()
        let output = try FreshRSSTestServer.run("/bin/bash", [FreshRSSTestServer.startScript, freshRSS.path, String(chosen)]
                                                + (opml.map { [$0.path] } ?? []))
        guard let pid = output.split(whereSeparator: \.isNewline).last.flatMap({ pid_t($0) }) else {
            throw SetupFailure(message: "start.sh printed no PID: \(output.suffix(500))")
        }
        serverPID = pid
        self.port = chosen
        watchdog = try FreshRSSTestServer.watch(pid)
    }

    private func opmlFile(_ opml: String) throws -> URL {
        let file = directory.appendingPathComponent("subs-\(UUID().uuidString).opml")
        try Data(opml.replacingOccurrences(of: "FEEDS", with: "http://127.0.0.1:\(feeds.port)").utf8).write(to: file)
        return file
    }

    private func php(_ arguments: [String]) throws {
        try FreshRSSTestServer.run("/usr/bin/env", ["php"] + arguments, in: freshRSS)
    }

    /// FreshRSS unpacked and installed once per process, without its default feed (the release
    /// feed on GitHub, unreachable in tests).
    private static func template() throws -> URL {
        templateLock.lock()
        defer { templateLock.unlock() }
        if let templateFolder { return templateFolder }
        let temporary = FileManager.default.temporaryDirectory
        // Templates of test processes that have ended (nothing else removes them).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix("freshrss-template-") {
            if let pid = pid_t(name.dropFirst("freshrss-template-".count)), pid == getpid() || kill(pid, 0) != 0 {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let folder = temporary.appendingPathComponent("freshrss-template-\(getpid())")
        let output = try run("/bin/bash", [startScript, folder.path, String(try freePort())])
        if let pid = output.split(whereSeparator: \.isNewline).last.flatMap({ pid_t($0) }) { kill(pid, SIGKILL) }
        let database = folder.appendingPathComponent("data/users/\(user)/db.sqlite").path
        try run("/usr/bin/env", ["php", "-r", #"$db = new PDO('sqlite:' . $argv[1]); $db->exec('DELETE FROM entry; DELETE FROM feed;');"#,
                                 database])
        templateFolder = folder
        return folder
    }

    nonisolated(unsafe) private static var templateFolder: URL?
    private static let templateLock = NSLock()

    // MARK: Processes

    /// Runs a program to its end (at most 60 s) and returns its standard output.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String], in folder: URL? = nil) throws -> String {
        let process = Process()
        // Through a shell that first closes every descriptor but the standard three: Foundation
        // learns that a child exited when the socket it hands the child closes, and the server
        // that start.sh leaves running would otherwise hold it open for ever.
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null; exec "$@""#,
                             "bash", program] + arguments
        if let folder { process.currentDirectoryURL = folder }
        // Files rather than pipes: reading a pipe to its end would wait past the deadline.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("freshrss-run-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: log.path + ".out", contents: nil)
        FileManager.default.createFile(atPath: log.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: log.path + ".out")
            try? FileManager.default.removeItem(atPath: log.path + ".err")
        }
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
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let stdout = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: log.path + ".out"))) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: log.path + ".err"))) ?? Data(), as: UTF8.self)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw SetupFailure(message: "\(program) \(arguments.first ?? "") did not finish within 60 s")
        }
        guard process.terminationStatus == 0 else {
            throw SetupFailure(message: "\(program) \(arguments.prefix(2).joined(separator: " ")) failed: \(stderr.suffix(2000))")
        }
        return stdout
    }

    /// A shell that ends the server when this process ends, or after five minutes.
    private static func watch(_ pid: pid_t) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"i=0; while kill -0 "$0" 2>/dev/null && [ $i -lt 1500 ]; do sleep 0.2; i=$((i+1)); done; kill -9 "$1" 2>/dev/null"#,
                             String(getpid()), String(pid)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// False once the process has ended. start.sh leaves the server to whoever reaps orphans
    /// (this process, when the test runner makes itself a subreaper): a dead server may stay a
    /// zombie, which `kill(pid, 0)` still finds.
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// A loopback port nothing listens on now.
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
