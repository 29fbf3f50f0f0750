import Foundation
import TestSupport
import Testing

/// `tidings reload` and `tidings unread` under `urls-source "fever"`, the built binary against
/// coldsweat on loopback: a sync instead of feed fetches, the urls file never read, and a failure
/// as one line on standard error with exit status 1.
@Suite(.serialized, .enabled(if: FeverTestServer.isInstalled,
                            "coldsweat is not installed: run `make sync-test-deps` (or `make test`) to test Fever sync"))
struct SyncCommandLineTests {
    @Test func reloadSyncsAndAFailureIsOneLineWithStatusOne() throws {
        let server = try FeverTestServer(files: FeverSample.files, opml: FeverSample.opml)
        let sandbox = try CommandLineTests.Sandbox()
        // Not a file: if the urls file were read, the command would fail.
        try FileManager.default.createDirectory(atPath: sandbox.urls, withIntermediateDirectories: true)
        try sandbox.write(FeverTestServer.password + "\n", to: sandbox.root.appendingPathComponent("fever-password").path)
        try sandbox.write("""
            urls-source "fever"
            fever-url "\(server.endpoint.absoluteString)"
            fever-login "\(FeverTestServer.email)"
            fever-passwordfile "~/fever-password"
            """, to: sandbox.config)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]

        let first = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "Synced with the feed server: 2 feeds, 5 new articles, 0 marks changed\n")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")
        let second = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(second.output == "Synced with the feed server: 2 feeds, 0 new articles, 0 marks changed\n")

        try sandbox.write("not the password\n", to: sandbox.root.appendingPathComponent("fever-password").path)
        let refused = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(refused.status == 1)
        #expect(refused.errors == "tidings: sync failed: the feed server 127.0.0.1:\(server.port) refused the login: wrong e-mail or password\n")
        #expect(!refused.errors.contains("not the password"))

        server.stop()
        let down = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(down.status == 1)
        #expect(down.errors.hasPrefix("tidings: sync failed: cannot reach the feed server 127.0.0.1:\(server.port)"))
        #expect(down.errors.filter { $0 == "\n" }.count == 1)
        // Nothing was lost: the cache still has what the first sync brought.
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")
    }
}
