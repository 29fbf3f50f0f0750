import Foundation

/// A **stand-in** for a Miniflux server, not Miniflux: Tests/Support/miniflux_standin.py, which
/// follows Miniflux's API reference for the calls Tidings makes (Miniflux itself cannot run on
/// the test machines: no Debian package, a newer Go and PostgreSQL needed). Its fidelity is
/// checked with Miniflux's official Python client (`runClientCheck`).
///
/// It serves on a free loopback port with its data in a SQLite file of a scratch folder, so that
/// `stop()` and `restart()` bring it back at the same address with the same data. It is seeded
/// with one user (`user`, `password`, `token`) subscribed to feeds that a `LoopbackServer` serves
/// from the scratch folder. The server exits when this process goes away, after five minutes, or
/// at `stop()` (also on deinit).
public final class MinifluxStandIn: @unchecked Sendable {
    public static let user = "alice"
    public static let password = "alice-miniflux-pass-1"
    public static let token = "alice-miniflux-token-0123456789"

    static let script = FeverTestServer.root.appendingPathComponent("Tests/Support/miniflux_standin.py").path
    static let checkScript = FeverTestServer.root.appendingPathComponent("Tests/Support/miniflux_client_check.py").path
    static let python = FeverTestServer.venv.appendingPathComponent("bin/python")

    /// True when the sync virtual environment has the official client (`make sync-test-deps`).
    public static var hasOfficialClient: Bool {
        !(FileManager.default.subpaths(atPath: FeverTestServer.venv.appendingPathComponent("lib").path) ?? [])
            .filter { $0.hasSuffix("site-packages/miniflux.py") }.isEmpty
    }

    /// The scratch folder: the database, the request log, and `feeds/` (served by `feeds`).
    public let directory: URL
    /// Serves the RSS files of `directory/feeds` to the stand-in.
    public let feeds: LoopbackServer
    private let clockOffset: Int
    private var process: Process?
    private var input: Pipe?
    /// The port the stand-in answers on while it runs.
    public private(set) var port = 0

    /// The instance's address, as a user would configure it (`miniflux-url`).
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Writes each `files` entry (name → RSS) to the feed folder and starts a stand-in whose user
    /// subscribes to `subscriptions` (file name → category), fetched at once; their entries are
    /// dated (`created_at`, `changed_at`) `age` seconds ago, as on a server running for a while.
    /// With `clockOffset`, the server's clock (its `changed_at` and `Date`) is that many seconds off.
    public init(files: [String: String], subscriptions: [(file: String, category: String)], age: Int = 0,
                clockOffset: Int = 0) throws {
        self.clockOffset = clockOffset
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("miniflux-\(UUID().uuidString)")
        let feedFolder = directory.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feedFolder, withIntermediateDirectories: true)
        feeds = try LoopbackServer(routes: [:], directory: feedFolder.path, lifetime: 300)
        try write(files)
        let seed: [String: Any] = [
            "username": MinifluxStandIn.user, "password": MinifluxStandIn.password, "token": MinifluxStandIn.token,
            "feeds": subscriptions.map { ["url": feedURL($0.file), "category": $0.category] }, "age": age,
        ]
        try JSONSerialization.data(withJSONObject: seed).write(to: directory.appendingPathComponent("seed.json"))
        try start()
    }

    /// The sync tests' two feeds: Alpha in Tech, Beta in News (`FeverSample`).
    public convenience init(clockOffset: Int = 0) throws {
        try self.init(files: FeverSample.files, subscriptions: [("alpha.xml", "Tech"), ("beta.xml", "News")], clockOffset: clockOffset)
    }

    deinit {
        stop()
        feeds.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The address of a file of the feed folder.
    public func feedURL(_ file: String) -> String {
        "http://127.0.0.1:\(feeds.port)/\(file)"
    }

    /// Writes (or rewrites) files of the feed folder.
    public func write(_ files: [String: String]) throws {
        for (name, xml) in files {
            let file = directory.appendingPathComponent("feeds").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(xml.utf8).write(to: file)
        }
    }

    /// Has the stand-in fetch every feed again (`PUT /v1/feeds/{id}/refresh`), as Miniflux does on
    /// its schedule.
    public func refresh() throws {
        let feeds = try JSONSerialization.jsonObject(with: try request("GET", "feeds")) as? [[String: Any]] ?? []
        for feed in feeds {
            guard let id = feed["id"] as? Int else { continue }
            _ = try request("PUT", "feeds/\(id)/refresh")
        }
    }

    /// Every request it answered, `METHOD /v1/PATH?QUERY`, oldest first (headers are not logged).
    public func requestLog() -> [String] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Starts serving (again) on a free port, or on `port`; waits until the port is bound.
    public func start(port: Int = 0) throws {
        stop()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [MinifluxStandIn.script, "--db", directory.appendingPathComponent("mf.db").path,
                             "--seed", directory.appendingPathComponent("seed.json").path,
                             "--log", directory.appendingPathComponent("requests.log").path,
                             "--port", String(port), "--lifetime", "300", "--watch-stdin", "--clock-offset", String(clockOffset)]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        self.input = input
        guard let port = Int(try output.fileHandleForReading.readFirstLine()) else {
            stop()
            throw FeverTestServer.SetupFailure(message: "the Miniflux stand-in did not start serving")
        }
        self.port = port
    }

    /// Starts serving again on the port it served on before, with the same data.
    public func restart() throws {
        try start(port: port)
    }

    /// Stops serving and waits for the process to exit; does nothing when it is not running.
    public func stop() {
        guard let process else { return }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? input?.fileHandleForWriting.close()
        self.process = nil
        input = nil
    }

    /// What `miniflux_client_check.py` reports: its exit status, the JSON summary of what the
    /// official client read before changing anything, and its errors.
    public struct ClientCheck {
        public var status: Int32
        public var summary: [String: Any]
        public var errors: String
    }

    /// Runs the official client's check against this stand-in (freshly seeded: it marks, stars
    /// and manages feeds), with `newFeed` (a file of the feed folder) as the feed it adds.
    public func runClientCheck(newFeed: String) throws -> ClientCheck {
        let process = Process()
        process.executableURL = MinifluxStandIn.python
        process.arguments = [MinifluxStandIn.checkScript, endpoint.absoluteString, MinifluxStandIn.user, MinifluxStandIn.password,
                             MinifluxStandIn.token, feedURL(newFeed)]
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

    /// One request to the stand-in's API as its user, for the test's own set-up.
    private func request(_ method: String, _ path: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        // The standard library's client: the set-up needs no other package.
        process.arguments = ["-c", """
            import base64, sys, urllib.request
            request = urllib.request.Request(sys.argv[1], method=sys.argv[2])
            request.add_header("X-Auth-Token", sys.stdin.readline().strip())
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            sys.stdout.buffer.write(opener.open(request, timeout=30).read())
            """, "\(endpoint.absoluteString)/v1/\(path)", method]
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("\(MinifluxStandIn.token)\n".utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FeverTestServer.SetupFailure(message: "\(method) /v1/\(path) failed on the Miniflux stand-in")
        }
        return data
    }
}
