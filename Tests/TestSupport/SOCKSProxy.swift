import Foundation

/// Tests/Support/socksproxy.py, a SOCKS5 proxy on loopback, running for one test: every host name
/// is 127.0.0.1 to it, and `ports` sends a port of any host to a local one (443 to a TLS test
/// server: `https://theoldreader.com` reaches a stand-in). Ends with `stop()` or when this
/// process goes away.
public final class SOCKSProxy: @unchecked Sendable {
    public let port: Int
    private let process = Process()
    private let input = Pipe()
    private let log = FileManager.default.temporaryDirectory.appendingPathComponent("socks-\(UUID().uuidString).log")

    public init(credentials: String? = nil, ports: [Int: Int] = [:]) throws {
        let script = URL(fileURLWithPath: LoopbackServer.scriptPath).deletingLastPathComponent().appendingPathComponent("socksproxy.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--log", log.path] + (credentials.map { ["--credentials", $0] } ?? [])
            + ports.flatMap { ["--map", "\($0.key)=\($0.value)"] }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        guard let port = Int(try output.fileHandleForReading.readFirstLine()) else {
            process.terminate()
            throw LoopbackServer.ServerError.didNotStart
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// The CONNECTs it relayed: "HOST PORT USER" (`-` without credentials).
    public func connections() throws -> [String] {
        guard FileManager.default.fileExists(atPath: log.path) else { return [] }
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    public func stop() {
        // Its standard input closing ends it too, whatever its signal mask.
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
