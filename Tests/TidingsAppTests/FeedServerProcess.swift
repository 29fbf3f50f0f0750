import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs Tests/Support/feedserver.py on loopback addresses for the duration of a test (the same
/// launcher as FeedFetcherTests' LoopbackServer: test targets cannot share code).
///
/// The server exits by itself after `lifetime` seconds or when this process goes away (its stdin
/// closes), so a crashed test leaves nothing behind.
final class FeedServerProcess: @unchecked Sendable {
    let port: Int
    private let process: Process
    private let stdin = Pipe()
    private let configFile: URL

    static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/feedserver.py").path

    /// - Parameters:
    ///   - routes: path → route object, as documented in feedserver.py.
    ///   - hosts: loopback addresses to listen on (same port on each).
    init(routes: [String: [String: Any]], hosts: [String] = ["127.0.0.1"], delay: Double = 0,
         directory: String? = nil, lifetime: Int = 120) throws {
        configFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedserver-\(UUID().uuidString).json")
        let config: [String: Any] = ["routes": routes, "delay": delay]
        try JSONSerialization.data(withJSONObject: config).write(to: configFile)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", FeedServerProcess.scriptPath, "--config", configFile.path,
                         "--hosts", hosts.joined(separator: ","), "--lifetime", String(lifetime), "--watch-stdin"]
        if let directory { arguments += ["--dir", directory] }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = stdin
        try process.run()
        var line = Data()
        while true {
            let byte = try output.fileHandleForReading.read(upToCount: 1) ?? Data()
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerError.didNotStart
        }
        self.port = port
    }

    enum ServerError: Error { case didNotStart, noAnswer }

    func url(_ path: String, host: String = "127.0.0.1") -> String {
        "http://\(host):\(port)\(path)"
    }

    /// The requests the server received, oldest first.
    func requests() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: get("/_requests")) as? [[String: Any]] ?? []
    }

    /// The headers (lower-case names) of the requests for `path`.
    func headers(for path: String) throws -> [[String: String]] {
        try requests().filter { $0["path"] as? String == path }.compactMap { $0["headers"] as? [String: String] }
    }

    /// The most requests served at once, per listening address.
    func maxInFlightByAddress() throws -> [String: Int] {
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

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: configFile)
    }

    deinit { stop() }
}
