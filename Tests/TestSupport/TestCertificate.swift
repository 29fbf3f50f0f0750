import Foundation

/// A self-signed certificate and its key made by openssl for some host names, in a scratch
/// folder: a test server serves TLS with it, and the client trusts it alone (`SSL_CERT_FILE`,
/// `FetchOptions.certificateAuthorities`), so that `https://theoldreader.com` can be a loopback
/// stand-in reached through a test proxy.
public final class TestCertificate: @unchecked Sendable {
    /// The certificate, PEM: also the only authority the client trusts.
    public let certificate: String
    public let key: String
    private let directory: URL

    public init(hosts: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("certificate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("cert.pem").path
        key = directory.appendingPathComponent("key.pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                             "-days", "2", "-subj", "/CN=\(hosts.first ?? "localhost")",
                             "-addext", "subjectAltName=" + hosts.map { "DNS:\($0)" }.joined(separator: ",")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FeverTestServer.SetupFailure(message: "openssl could not make a certificate") }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
