import Foundation

/// Serves a directory over HTTP on 127.0.0.1 with Tests/Support/feedserver.py, for as long as the
/// value lives (the server also exits on its own when this process dies or after `lifetime`).
final class FeedFileServer {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/feedserver.py").path

    struct DidNotStart: Error {}

    init(directory: URL, lifetime: Int = 300) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.scriptPath, "--dir", directory.path, "--hosts", "127.0.0.1",
                             "--lifetime", String(lifetime), "--watch-stdin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw DidNotStart()
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
