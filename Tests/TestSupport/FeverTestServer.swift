import Foundation

/// A real Fever server for the sync tests: coldsweat 0.10.2 from the virtual environment that
/// `make sync-test-deps` makes, on a free loopback port, with its own SQLite database, subscribed
/// to feeds that a `LoopbackServer` serves from a scratch folder.
///
/// Setting up runs `coldsweat setup EMAIL -p PASSWORD` and `coldsweat import subs.opml EMAIL -f`
/// (which subscribes and fetches at once), then serves through Tests/Support/coldsweat_serve.py
/// (`coldsweat run` on port 0). Every coldsweat process has a bounded lifetime and the server
/// exits when this process goes away; `stop()` (also called on deinit) ends it at once.
///
/// coldsweat looks up favicons on icons.duckduckgo.com: the children get a proxy that refuses
/// at once for everything but loopback, so the tests never leave the machine.
public final class FeverTestServer: @unchecked Sendable {
    public static let email = "reader@example.org"
    public static let password = "correct horse battery staple"

    /// The repository's root: Tests/TestSupport/<this file> is three levels below it.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    public static let venv = root.appendingPathComponent(".build/sync-venv")
    static let coldsweat = venv.appendingPathComponent("bin/coldsweat").path
    static let serveScript = root.appendingPathComponent("Tests/Support/coldsweat_serve.py").path

    /// False when `make sync-test-deps` has not run: the suites are then skipped.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: coldsweat) }

    /// The scratch folder: the database, the OPML files, and `feeds/` (served by `feeds`).
    public let directory: URL
    /// Serves the RSS files of `directory/feeds` to coldsweat.
    public let feeds: LoopbackServer
    private var serveProcess: Process?
    private var serveInput: Pipe?
    /// The port coldsweat answers on while it runs.
    public private(set) var port = 0

    /// The Fever endpoint, as a user would configure it.
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/fever/")! }

    /// Sets up a database for `email`, writes each `files` entry (name → RSS) to the feed folder,
    /// imports `opml` (where `FEEDS` stands for the feed server's address) with a fetch, and
    /// starts serving.
    public init(files: [String: String], opml: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fever-\(UUID().uuidString)")
        let feedFolder = directory.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feedFolder, withIntermediateDirectories: true)
        for (name, xml) in files {
            try Data(xml.utf8).write(to: feedFolder.appendingPathComponent(name))
        }
        feeds = try LoopbackServer(routes: [:], directory: feedFolder.path, lifetime: 300)
        try run(["setup", FeverTestServer.email, "-p", FeverTestServer.password])
        try importSubscriptions(opml)
        try start()
    }

    deinit {
        stop()
        feeds.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Adds the feeds of another OPML document (imports and fetches them), as a server does
    /// when new articles arrive. coldsweat refetches a feed only 3 minutes after its last fetch,
    /// so new articles in a test come in new feeds.
    public func importSubscriptions(_ opml: String, files: [String: String] = [:]) throws {
        for (name, xml) in files {
            try Data(xml.utf8).write(to: directory.appendingPathComponent("feeds").appendingPathComponent(name))
        }
        let file = directory.appendingPathComponent("subs-\(UUID().uuidString).opml")
        try Data(opml.replacingOccurrences(of: "FEEDS", with: "http://127.0.0.1:\(feeds.port)").utf8).write(to: file)
        try run(["import", file.path, FeverTestServer.email, "-f"])
    }

    /// Starts serving (again) on a free port, or on `port`; waits until the port is bound.
    public func start(port: Int = 0) throws {
        stop()
        let process = Process()
        process.executableURL = FeverTestServer.venv.appendingPathComponent("bin/python")
        process.arguments = [FeverTestServer.serveScript, "--port", String(port), "--lifetime", "180", "--watch-stdin"]
        process.environment = environment
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        serveProcess = process
        serveInput = input
        // The script prints the port once its socket listens.
        guard let port = Int(try output.fileHandleForReading.readFirstLine()) else {
            stop()
            throw SetupFailure(message: "coldsweat did not start serving")
        }
        self.port = port
    }

    /// Starts serving again on the port it served on before (after `stop()`): the server is
    /// back at the same address.
    public func restart() throws {
        try start(port: port)
    }

    /// Stops serving and waits for the process to exit; does nothing when it is not running.
    public func stop() {
        guard let process = serveProcess else { return }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? serveInput?.fileHandleForWriting.close()
        serveProcess = nil
        serveInput = nil
    }

    // MARK: Child processes

    private var databasePath: String { directory.appendingPathComponent("cs.db").path }

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["FLASK_DATABASE_URL"] = "sqlite:///\(databasePath)"
        // Favicon lookups go to a proxy that refuses at once; loopback bypasses it.
        for name in ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"] { environment[name] = "http://127.0.0.1:9" }
        environment["NO_PROXY"] = "127.0.0.1,localhost"
        environment["no_proxy"] = "127.0.0.1,localhost"
        return environment
    }

    /// Runs `coldsweat ARGUMENTS` to its end (at most 60 s).
    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FeverTestServer.coldsweat)
        process.arguments = arguments
        try wait(for: process, what: "coldsweat \(arguments[0])")
    }

    private func wait(for process: Process, what: String) throws {
        process.environment = environment
        // A file rather than a pipe: reading a pipe to its end would wait past the deadline.
        let log = directory.appendingPathComponent("stderr-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let errors = try FileHandle(forWritingTo: log)
        defer { try? errors.close() }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let stderr = (try? Data(contentsOf: log)) ?? Data()
        if process.isRunning {
            // SIGKILL: the child may have inherited a mask that blocks SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw SetupFailure(message: "\(what) did not finish within 60 s")
        }
        guard process.terminationStatus == 0 else {
            throw SetupFailure(message: "\(what) failed: \(String(decoding: stderr.suffix(2000), as: UTF8.self))")
        }
    }

    public struct SetupFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }

        public init(message: String) {
            self.message = message
        }
    }
}
