import FeedStore
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
        // (--all: the local feed was fetched a moment ago; a plain reload waits for its reload-time.)
        let second = try CommandLineTests.run(["reload", "--all"] + files, in: sandbox)
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

    /// `sync-local-feeds yes`: `tidings reload` syncs the server's feeds and fetches the urls
    /// file's beside them; a second sync leaves the local feed alone; without the option the urls
    /// file is ignored and the local feed leaves the list.
    @Test func syncLocalFeedsReloadsTheUrlsFileBesideTheServer() throws {
        let server = try FeverTestServer(files: FeverSample.files, opml: FeverSample.opml)
        let local = try LoopbackServer(routes: ["/local.xml": ["body": CommandLineTests.feed, "headers": ["Content-Type": "application/rss+xml"]]])
        let fetches = { try local.requests().count { $0["path"] as? String == "/local.xml" } }
        let sandbox = try CommandLineTests.Sandbox()
        try sandbox.write(local.url("/local.xml") + " \"~Local ferry\"\n", to: sandbox.urls)
        let sync = """
            urls-source "fever"
            fever-url "\(server.endpoint.absoluteString)"
            fever-login "\(FeverTestServer.email)"
            fever-password "\(FeverTestServer.password)"

            """
        try sandbox.write(sync + "sync-local-feeds yes\n", to: sandbox.config)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]

        let first = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == """
            Synced with the feed server: 2 feeds, 5 new articles, 0 marks changed
            updated    Local ferry (2 new)
            1 feed: 1 updated, 0 unchanged, 0 failed; 2 new items

            """)
        let feeds = try FeedStore(path: sandbox.cache).feedList()
        #expect(feeds.map(\.displayTitle).sorted() == ["Alpha", "Beta", "Local ferry"])
        #expect(feeds.filter(\.isFromServer).map(\.totalCount).sorted() == [2, 3])
        let ferry = try #require(feeds.first { !$0.isFromServer })
        #expect(ferry.url == local.url("/local.xml") && ferry.totalCount == 2)
        #expect(try CommandLineTests.run(["unread"] + files, in: sandbox).output == "7\n")

        // The second sync only considers the server's feeds: the local one stays, with its articles.
        // (--all: the local feed was fetched a moment ago; a plain reload waits for its reload-time.)
        let second = try CommandLineTests.run(["reload", "--all"] + files, in: sandbox)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.hasPrefix("Synced with the feed server: 2 feeds, 0 new articles, 0 marks changed\nupdated    Local ferry\n"))
        let again = try FeedStore(path: sandbox.cache).feedList()
        #expect(again.map(\.displayTitle).sorted() == ["Alpha", "Beta", "Local ferry"])
        #expect(again.first { !$0.isFromServer }?.totalCount == 2)
        #expect(try fetches() == 2)

        // Without the option the urls file is not read: the local feed leaves the list, unfetched.
        try sandbox.write(sync, to: sandbox.config)
        let serverOnly = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(serverOnly.status == 0, "\(serverOnly.errors)")
        #expect(serverOnly.output == "Synced with the feed server: 2 feeds, 0 new articles, 0 marks changed\n")
        #expect(try FeedStore(path: sandbox.cache).feedList().map(\.displayTitle).sorted() == ["Alpha", "Beta"])
        #expect(try fetches() == 2)
    }
}
