import FeedFetcher
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// HTTP/2 against a real server on loopback: nghttpd (Debian's nghttp2-server, installed by
/// `make test-deps`) over TLS, with a certificate made for the test and trusted through
/// `FetchOptions.certificateAuthorities`.
@Suite struct HTTP2Tests {
    @Test func feedsOfAnHTTP2HostAreStreamsOfOneConnection() throws {
        let server = try HTTP2Server(files: (0..<12).map { "feed\($0).xml" }, body: try Fixture.text("harbour-notes.rss"))
        defer { server.stop() }
        // Two connections per host would make six rounds of two over HTTP/1.1; HTTP/2 needs one.
        var options = FetchOptions(concurrency: 12, connectionsPerHost: 2)
        options.certificateAuthorities = server.certificate
        let urls = (0..<12).map { "https://127.0.0.1:\(server.port)/feed\($0).xml" }
        let summary = try #require(ReloadRecorder().run(urls, cache: InMemoryFeedCache(), options: options))
        #expect(summary.updated == 12, "\(summary.failures)")
        let requests = try server.requestsBySession()
        #expect(requests.values.reduce(0, +) == 12)
        #expect(requests.count == 1, "sessions and their requests: \(requests)")
    }

    @Test func anUntrustedCertificateFailsWithoutTheOption() throws {
        let server = try HTTP2Server(files: ["feed.xml"], body: try Fixture.text("harbour-notes.rss"))
        defer { server.stop() }
        let summary = try #require(ReloadRecorder().run(["https://127.0.0.1:\(server.port)/feed.xml"], cache: InMemoryFeedCache()))
        #expect(summary.failed == 1)
    }
}

/// nghttpd serving `files` (each holding `body`) over TLS on a free loopback port, its
/// certificate made by openssl for 127.0.0.1, its verbose log kept to count sessions.
private final class HTTP2Server {
    let port: Int
    let certificate: String
    private let directory: URL
    private let log: URL
    private let process = Process()

    init(files: [String], body: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-h2-\(UUID().uuidString)")
        let documents = directory.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        for file in files { try Data(body.utf8).write(to: documents.appendingPathComponent(file)) }
        certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        try Self.run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                                 "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        port = try Self.freePort()
        log = directory.appendingPathComponent("nghttpd.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["nghttpd", "-v", "-a", "127.0.0.1", "-d", documents.path, String(port), key, certificate]
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 where !Self.accepts(port) { usleep(50_000) }
        guard Self.accepts(port) else {
            stop()
            throw ServerError.didNotStart
        }
    }

    enum ServerError: Error { case didNotStart, commandFailed(String) }

    func stop() {
        if process.isRunning {
            // SIGKILL: a process started from a Dispatch thread inherits its blocked signals,
            // SIGTERM included.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Requests (HEADERS frames received) per session, as nghttpd's verbose log numbers them.
    func requestsBySession() throws -> [String: Int] {
        let text = try String(contentsOf: log, encoding: .utf8)
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.contains("recv HEADERS frame") {
            guard let session = line.split(separator: " ").first else { continue }
            counts[String(session), default: 0] += 1
        }
        return counts
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ServerError.commandFailed(tool) }
    }

    /// A port nothing listens on now: bound to port 0, read back, released.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else { throw ServerError.didNotStart }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                connect(socket, generic, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
