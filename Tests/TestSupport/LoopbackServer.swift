import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs Tests/Support/feedserver.py on loopback addresses for the duration of a test or a
/// benchmark: scripted routes (status, headers, body, delay), a directory served with validators,
/// or both.
///
/// The server exits by itself after `lifetime` seconds or when this process goes away (its stdin
/// closes), so a crashed test leaves nothing behind.
public final class LoopbackServer: @unchecked Sendable {
    /// The port the server listens on (the same on every host).
    public let port: Int
    private let process: Process
    private let stdin = Pipe()
    private let configFile: URL

    /// Where feedserver.py is: Tests/Support, next to this file's folder.
    public static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/feedserver.py").path

    /// - Parameters:
    ///   - routes: path → route object, as documented in feedserver.py.
    ///   - hosts: loopback addresses to listen on (same port on each).
    ///   - delay: seconds every answer waits, unless its route says otherwise.
    ///   - directory: a folder whose files are served for paths that are no route.
    ///   - lifetime: seconds after which the server exits on its own.
    ///   - proxyCredentials: `USER:PASSWORD` that requests sent to it as to a proxy must carry.
    public init(routes: [String: [String: Any]], hosts: [String] = ["127.0.0.1"], delay: Double = 0,
                directory: String? = nil, lifetime: Int = 120, proxyCredentials: String? = nil) throws {
        configFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedserver-\(UUID().uuidString).json")
        var config: [String: Any] = ["routes": routes, "delay": delay]
        if let proxyCredentials { config["proxy_auth"] = proxyCredentials }
        try JSONSerialization.data(withJSONObject: config).write(to: configFile)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", LoopbackServer.scriptPath, "--config", configFile.path,
                         "--hosts", hosts.joined(separator: ","), "--lifetime", String(lifetime), "--watch-stdin"]
        if let directory { arguments += ["--dir", directory] }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = stdin
        try process.run()
        guard let port = Int(try output.fileHandleForReading.readFirstLine()) else {
            process.terminate()
            throw ServerError.didNotStart
        }
        self.port = port
    }

    /// Why the server could not be used.
    public enum ServerError: Error { case didNotStart, noAnswer }

    /// The address of `path` on this server.
    public func url(_ path: String, host: String = "127.0.0.1") -> String {
        "http://\(host):\(port)\(path)"
    }

    /// The requests the server received, oldest first.
    public func requests() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: get("/_requests")) as? [[String: Any]] ?? []
    }

    /// The headers (lower-case names) of the requests for `path`.
    public func headers(for path: String) throws -> [[String: String]] {
        try requests().filter { $0["path"] as? String == path }.compactMap { $0["headers"] as? [String: String] }
    }

    /// The most requests served at once, per listening address.
    public func maxInFlightByAddress() throws -> [String: Int] {
        let stats = try JSONSerialization.jsonObject(with: get("/_stats")) as? [String: Any]
        return stats?["max_in_flight_by_address"] as? [String: Int] ?? [:]
    }

    private func get(_ path: String) throws -> Data {
        let box = ResultBox()
        let task = URLSession.shared.dataTask(with: URL(string: url(path))!) { data, _, _ in
            box.data = data
            box.done.signal()
        }
        task.resume()
        guard box.done.wait(timeout: .now() + 10) == .success, let data = box.data else { throw ServerError.noAnswer }
        return data
    }

    private final class ResultBox: @unchecked Sendable {
        var data: Data?
        let done = DispatchSemaphore(value: 0)
    }

    /// Stops the server and waits for it to exit; calling it again does nothing.
    public func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: configFile)
    }

    deinit { stop() }
}
