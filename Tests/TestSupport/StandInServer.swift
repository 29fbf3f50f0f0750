import Foundation

/// One of the project's **stand-ins** for a feed server (Tests/Support/*_standin.py: Google
/// Reader, Nextcloud News, NewsBlur, Feedbin), run for a test: not the server itself, but a small
/// server written from the service's API reference, with its data in a SQLite file of a scratch
/// folder, subscribed to feeds that a `LoopbackServer` serves from that folder (the stand-in
/// fetches them as the real server would).
///
/// It serves on a free loopback port; `stop()` and `restart()` bring it back at the same address
/// with the same data. Its lifetime is bounded (five minutes) and it exits when this process goes
/// away (its standard input closes) or at `stop()` (also on deinit).
public final class StandInServer: @unchecked Sendable {
    /// The scratch folder: the database, the request log, the seed, and `feeds/` (served by `feeds`).
    public let directory: URL
    /// Serves the files of `directory/feeds` to the stand-in.
    public let feeds: LoopbackServer
    /// The port the stand-in answers on while it runs.
    public private(set) var port = 0

    private let script: String
    private let serveArguments: [String]
    private var process: Process?
    private var input: Pipe?

    /// Seconds a stand-in lives at most: a whole test on a machine loaded by other work fits.
    static let lifetime = 900

    /// Writes `files` (name → document) to the feed folder and `seed` (the stand-in's JSON seed,
    /// where `FEEDS` in a string stands for the feed server's address) beside the database, then
    /// starts `Tests/Support/SCRIPT` with `arguments` added.
    public init(script: String, files: [String: String], seed: [String: Any], arguments: [String] = []) throws {
        self.script = FeverTestServer.root.appendingPathComponent("Tests/Support/\(script)").path
        serveArguments = arguments
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
        let feedFolder = directory.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feedFolder, withIntermediateDirectories: true)
        feeds = try LoopbackServer(routes: [:], directory: feedFolder.path, lifetime: StandInServer.lifetime)
        try write(files)
        let seedData = try JSONSerialization.data(withJSONObject: seed)
        let seedText = String(decoding: seedData, as: UTF8.self).replacingOccurrences(of: "FEEDS", with: feedBase)
        try Data(seedText.utf8).write(to: directory.appendingPathComponent("seed.json"))
        try start()
    }

    deinit {
        stop()
        feeds.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `http://127.0.0.1:PORT` of the feed server.
    public var feedBase: String { "http://127.0.0.1:\(feeds.port)" }

    /// The address of a file of the feed folder.
    public func feedURL(_ file: String) -> String { "\(feedBase)/\(file)" }

    /// Writes (or rewrites) files of the feed folder.
    public func write(_ files: [String: String]) throws {
        for (name, text) in files {
            let file = directory.appendingPathComponent("feeds").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    /// Every request it answered, `METHOD PATH?QUERY`, oldest first (headers and bodies are not
    /// logged).
    public func requestLog() -> [String] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Starts serving (again) on a free port, or on `port`; waits until the port is bound.
    public func start(port: Int = 0) throws {
        stop()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script] + databaseArguments + ["--seed", directory.appendingPathComponent("seed.json").path,
                                                            "--log", directory.appendingPathComponent("requests.log").path,
                                                            "--port", String(port), "--lifetime", String(StandInServer.lifetime),
                                                            "--watch-stdin"] + serveArguments
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        self.input = input
        guard let bound = Int(try output.fileHandleForReading.readFirstLine()) else {
            stop()
            throw FeverTestServer.SetupFailure(message: "the stand-in \(script) did not start serving")
        }
        self.port = bound
    }

    /// Starts serving again on the port it served on before, with the same data.
    public func restart() throws {
        try start(port: port)
    }

    /// Stops serving and waits for the process to exit; does nothing when it is not running.
    public func stop() {
        guard let process else { return }
        try? input?.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        self.process = nil
        input = nil
    }

    /// Runs the stand-in's script once on the same database with `arguments` (a one-shot
    /// command such as `--refresh`), to its end (60 s at most).
    public func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script] + databaseArguments + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if ended.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            throw FeverTestServer.SetupFailure(message: "\(script) \(arguments.joined(separator: " ")) did not end within 60 s")
        }
        guard process.terminationStatus == 0 else {
            throw FeverTestServer.SetupFailure(message: "\(script) \(arguments.joined(separator: " ")) failed")
        }
    }

    /// What a client check (`Tests/Support/*_client_check.py`, an independent client of the API
    /// run against the stand-in) reports: its exit status, the JSON summary it printed as its
    /// first line, and its errors.
    public struct ClientCheck {
        public var status: Int32
        public var summary: [String: Any]
        public var errors: String
    }

    /// Runs `Tests/Support/SCRIPT` with `arguments` in the sync virtual environment's Python
    /// (where `make sync-test-deps` installs the clients) to its end.
    public func runClientCheck(_ script: String, _ arguments: [String]) throws -> ClientCheck {
        let process = Process()
        process.executableURL = FeverTestServer.venv.appendingPathComponent("bin/python")
        process.arguments = [FeverTestServer.root.appendingPathComponent("Tests/Support/\(script)").path] + arguments
        let output = directory.appendingPathComponent("check-out.txt"), errors = directory.appendingPathComponent("check-err.txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let outputHandle = try FileHandle(forWritingTo: output), errorHandle = try FileHandle(forWritingTo: errors)
        defer {
            try? outputHandle.close()
            try? errorHandle.close()
        }
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let firstLine = (try String(contentsOf: output, encoding: .utf8)).split(separator: "\n").first.map(String.init) ?? ""
        let summary = (try? JSONSerialization.jsonObject(with: Data(firstLine.utf8))) as? [String: Any] ?? [:]
        return ClientCheck(status: process.terminationStatus, summary: summary,
                           errors: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }

    /// True when a file of the sync virtual environment's site-packages ends in `path`
    /// (`libgreader/__init__.py`): the independent client is installed.
    public static func venvHas(_ path: String) -> Bool {
        (FileManager.default.subpaths(atPath: FeverTestServer.venv.appendingPathComponent("lib").path) ?? [])
            .contains { $0.hasSuffix("site-packages/\(path)") }
    }

    private var databaseArguments: [String] { ["--db", directory.appendingPathComponent("standin.db").path] }
}
