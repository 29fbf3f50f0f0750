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
public final class MinifluxStandIn: StandInService, @unchecked Sendable {
    public static let user = "alice"
    public static let password = "alice-miniflux-pass-1"
    public static let token = "alice-miniflux-token-0123456789"

    /// True when the sync virtual environment has the official client (`make sync-test-deps`).
    public static var hasOfficialClient: Bool { StandInServer.venvHas("miniflux.py") }

    public let server: StandInServer
    /// The scratch folder: the database, the request log, and `feeds/` (served by `feeds`).
    public var directory: URL { server.directory }

    /// The instance's address, as a user would configure it (`miniflux-url`).
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Writes each `files` entry (name → RSS) to the feed folder and starts a stand-in whose user
    /// subscribes to `subscriptions` (file name → category), fetched at once; their entries are
    /// dated (`created_at`, `changed_at`) `age` seconds ago, as on a server running for a while.
    /// With `clockOffset`, the server's clock (its `changed_at` and `Date`) is that many seconds off.
    public init(files: [String: String], subscriptions: [(file: String, category: String)], age: Int = 0,
                clockOffset: Int = 0) throws {
        let seed: [String: Any] = [
            "username": MinifluxStandIn.user, "password": MinifluxStandIn.password, "token": MinifluxStandIn.token,
            "feeds": subscriptions.map { ["url": "FEEDS/\($0.file)", "category": $0.category] }, "age": age,
        ]
        server = try StandInServer(script: "miniflux_standin.py", files: files, seed: seed, arguments: ["--clock-offset", String(clockOffset)])
    }

    /// The sync tests' two feeds: Alpha in Tech, Beta in News (`FeverSample`).
    public convenience init(clockOffset: Int = 0) throws {
        try self.init(files: FeverSample.files, subscriptions: [("alpha.xml", "Tech"), ("beta.xml", "News")], clockOffset: clockOffset)
    }

    /// The address of a file of the feed folder.
    public func feedURL(_ file: String) -> String { server.feedURL(file) }

    /// Has the stand-in fetch every feed again (`PUT /v1/feeds/{id}/refresh`), as Miniflux does on
    /// its schedule.
    public func refresh() throws {
        let feeds = try JSONSerialization.jsonObject(with: try request("GET", "feeds")) as? [[String: Any]] ?? []
        for feed in feeds {
            guard let id = feed["id"] as? Int else { continue }
            _ = try request("PUT", "feeds/\(id)/refresh")
        }
    }

    /// Runs the official client's check against this stand-in (freshly seeded: it marks, stars
    /// and manages feeds), with `newFeed` (a file of the feed folder) as the feed it adds.
    public func runClientCheck(newFeed: String) throws -> StandInServer.ClientCheck {
        try server.runClientCheck("miniflux_client_check.py", [endpoint.absoluteString, MinifluxStandIn.user, MinifluxStandIn.password,
                                                               MinifluxStandIn.token, feedURL(newFeed)])
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
