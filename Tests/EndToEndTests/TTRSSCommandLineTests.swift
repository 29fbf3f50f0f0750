import FeedFetcher
import FeedModel
import Foundation
import TestSupport
import Testing

/// `tidings reload`, `unread` and `add` under `urls-source "ttrss"`, configured as a newsboat user
/// would (`ttrss-url`, `-login`, `-passwordeval`), the built binary against a real Tiny Tiny RSS on
/// loopback; the password and the session ids never show in an error, the log, the cache or the
/// process list.
@Suite(.serialized, .enabled(if: TTRSSTestServer.isAvailable, Comment(rawValue: TTRSSTestServer.unavailableReason ?? "")))
struct TTRSSCommandLineTests {
    /// Every process's command line, read again and again until `stop()`. The reading runs on a
    /// thread of its own, not on a shared Dispatch queue: on a loaded machine a queued block could
    /// start only after the command it should watch has ended. `init` returns after a first pass.
    final class ProcessListWatcher: @unchecked Sendable {
        private let lock = NSLock()
        private var lines = Set<String>()
        private var running = true
        private let firstPass = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)

        init() {
            let thread = Thread { [self] in
                var passes = 0
                while lock.withLock({ running }) {
                    var seen: [String] = []
                    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
                        if let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty {
                            seen.append(String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self))
                        }
                    }
                    lock.withLock { lines.formUnion(seen) }
                    passes += 1
                    if passes == 1 { firstPass.signal() }
                    usleep(2_000)
                }
                done.signal()
            }
            thread.start()
            firstPass.wait()
        }

        func stop() -> Set<String> {
            lock.withLock { running = false }
            done.wait()
            return lock.withLock { lines }
        }
    }

    @Test func reloadAndAddGoThroughTheServerAndNoSecretShowsAnywhere() throws {
        let server = try TTRSSSample.server()
        let sandbox = try CommandLineTests.Sandbox()
        // Not a file: if the urls file were read or written, the commands would fail.
        try FileManager.default.createDirectory(atPath: sandbox.urls, withIntermediateDirectories: true)
        try sandbox.write(TTRSSTestServer.password + "\n", to: sandbox.root.appendingPathComponent("ttrss-password").path)
        try sandbox.write("""
            urls-source "ttrss"
            ttrss-url "\(server.url.absoluteString)"
            ttrss-login "\(TTRSSTestServer.user)"
            ttrss-passwordeval "cat ~/ttrss-password"
            """, to: sandbox.config)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        let otherDevice = TTRSSSource(url: server.url, login: TTRSSTestServer.user, password: TTRSSTestServer.password)

        let watcher = ProcessListWatcher()
        let first = try CommandLineTests.run(["reload"] + files, in: sandbox)
        let processes = watcher.stop()
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "Synced with the feed server: 2 feeds, 5 new articles, 0 marks changed\n")
        #expect(processes.contains { $0.contains("reload") && $0.contains(sandbox.cache) }, "the watcher saw no tidings")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")

        // Read on another device: seen here after the next sync.
        let betaOne = try #require(try otherDevice.articles(newerThan: 0).first { $0.title == "Beta one" })
        try otherDevice.send([.read(betaOne.id)])
        let second = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(second.output == "Synced with the feed server: 2 feeds, 0 new articles, 1 marks changed\n", "\(second.errors)")
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "4\n")

        // `tidings add` subscribes on the server, into the category named; TT-RSS fetches it later.
        try server.write(["gamma.xml": FeverFeedFile.rss(title: "Gamma", site: "http://example.org/gamma/", items: [
            .init(guid: "gamma-1", title: "Gamma one", link: "http://example.org/gamma/1", day: 4, html: "<p>G1</p>"),
        ])])
        let added = try CommandLineTests.run(["add", server.feedURL("gamma.xml"), "Tech"] + files, in: sandbox)
        #expect(added.status == 0, "\(added.errors)")
        #expect(try otherDevice.subscriptions().first { $0.url == server.feedURL("gamma.xml") }?.tags == ["Tech"])
        try server.refresh()
        #expect(try CommandLineTests.run(["reload"] + files, in: sandbox).status == 0)
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "5\n")
        // A category the server lacks: refused in one line, nothing subscribed.
        let refused = try CommandLineTests.run(["add", server.feedURL("delta.xml"), "Reading"] + files, in: sandbox)
        #expect(refused.status == 1)
        #expect(refused.errors.filter { $0 == "\n" }.count == 1)
        #expect(refused.errors.contains("Tiny Tiny RSS's API cannot create the category Reading"), "\(refused.errors)")

        // A wrong password: one line, status 1.
        try sandbox.write("not the password\n", to: sandbox.root.appendingPathComponent("ttrss-password").path)
        let wrong = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(wrong.status == 1)
        #expect(wrong.errors == "tidings: sync failed: the feed server 127.0.0.1:\(server.port) refused the login: wrong e-mail or password\n")

        let sessions = try server.sessionIDs()
        #expect(!sessions.isEmpty)
        let secrets = [TTRSSTestServer.password, "not the password"] + sessions
        var texts = [first.errors, second.errors, added.output, added.errors, refused.errors, wrong.errors] + Array(processes)
        for file in try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path) where file != "ttrss-password" {
            let path = sandbox.root.appendingPathComponent(file).path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            texts.append(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
        }
        // The cache and the log are among the files read.
        #expect(FileManager.default.fileExists(atPath: sandbox.cache))
        #expect(FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("tidings.log").path))
        for text in texts {
            for secret in secrets { #expect(!text.contains(secret), "a secret in: \(text.prefix(300))") }
        }
    }
}
