import FeedStore
import Foundation
import GRDB
import TestSupport
import Testing

/// Issue 41's acceptance, through the binary against a loopback server that logs each request
/// with its headers: settings for some feeds (user agent, header, max-items, a tag's
/// reload-time), a `<ttl>`, a 429 with Retry-After, a 301; cron reloads (`tidings reload`) and
/// manual ones (`--all`); `tidings feeds --failing` and `--adopt-moved`. Five minutes pass by
/// moving the cache's times back, never by waiting.
@Suite struct PoliteFetchingEndToEndTests {
    typealias Sandbox = CommandLineTests.Sandbox

    static func rss(_ title: String, items: Int, channel: String = "") -> String {
        let entries = (0..<items).map { "<item><title>\(title) \($0)</title><guid>\(title)-\($0)</guid></item>" }.joined()
        return #"<?xml version="1.0"?><rss version="2.0"><channel><title>\#(title)</title>\#(channel)\#(entries)</channel></rss>"#
    }

    /// Requests the server received for each path, its own log left out.
    static func counts(_ server: LoopbackServer) throws -> [String: Int] {
        try server.requests().compactMap { $0["path"] as? String }.filter { !$0.hasPrefix("/_") }
            .reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// Moves every time the cache keeps back by `seconds`: as if that long had passed.
    static func letTimePass(_ seconds: Double, cache: String) throws {
        try DatabaseQueue(path: cache).write { db in
            try db.execute(sql: """
                UPDATE feed SET lastAttemptAt = lastAttemptAt - ?1, lastSuccessAt = lastSuccessAt - ?1,
                    freshUntil = freshUntil - ?1, waitUntil = waitUntil - ?1
                """, arguments: [seconds])
            try db.execute(sql: "UPDATE hostWait SET until = until - ?", arguments: [seconds])
        }
    }

    @Test func theIssuesConfigThroughCronAndManualReloads() throws {
        let sandbox = try Sandbox()
        let server = try LoopbackServer(routes: [
            "/keyed.xml": ["body": Self.rss("Keyed", items: 10)],
            "/ttl.xml": ["body": Self.rss("Hourly", items: 1, channel: "<ttl>60</ttl>")],
            "/slow.xml": ["body": Self.rss("Slow", items: 1)],
            "/old.xml": ["status": 301, "redirect": "/new.xml"],
            "/new.xml": ["body": Self.rss("Moved", items: 2)],
        ])
        // Another server (another port), tired of this client: a 429 holds for all of it.
        let tired = try LoopbackServer(routes: [
            "/busy.xml": ["status": 429, "headers": ["Retry-After": "3600"], "body": "slow down\n"],
            "/calm.xml": ["body": Self.rss("Calm", items: 1)],
        ])
        let keyed = server.url("/keyed.xml")
        let busy = tired.url("/busy.xml")
        try sandbox.write("""
            \(keyed) api
            \(server.url("/ttl.xml"))
            \(server.url("/slow.xml")) slow
            \(busy)
            \(tired.url("/calm.xml"))
            \(server.url("/old.xml")) news "~Old Name"   # the one that moved

            """, to: sandbox.urls)
        try sandbox.write("""
            reload-time 2
            feed-option "tags # \\"slow\\"" reload-time 240
            feed-option "\(keyed)" user-agent "X/1"
            feed-option "\(keyed)" http-header "X-Key: k"
            feed-option "\(keyed)" max-items 3

            """, to: sandbox.config)
        let reload = ["reload", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]

        // The first cron reload: every feed is new, so due.
        let first = try CommandLineTests.run(reload, in: sandbox)
        #expect(first.status == 1, "the 429 is a failure")
        // A failure is said on standard error (issue 45 §10), the feeds done on standard output.
        #expect(first.errors == "failed     \(busy): HTTP 429 Too Many Requests: the server asks to wait 60 min\n", "\(first.errors)")
        #expect(!first.output.contains("failed     "))
        #expect(try Self.counts(server) == ["/keyed.xml": 1, "/ttl.xml": 1, "/slow.xml": 1, "/old.xml": 1, "/new.xml": 1])
        // The calm feed was asked at the same moment as the busy one, or not at all once it answered.
        let tiredCounts = try Self.counts(tired)
        #expect(tiredCounts["/busy.xml"] == 1 && (tiredCounts["/calm.xml"] ?? 0) <= 1)
        let keyedHeaders = try #require(try server.headers(for: "/keyed.xml").first)
        #expect(keyedHeaders["user-agent"] == "X/1" && keyedHeaders["x-key"] == "k")
        for (path, owner) in [("/ttl.xml", server), ("/slow.xml", server), ("/old.xml", server), ("/busy.xml", tired)] {
            let headers = try #require(try owner.headers(for: path).first)
            #expect(headers["user-agent"]?.hasPrefix("Tidings/") == true && headers["x-key"] == nil, "\(path)")
        }
        let store = try FeedStore(path: sandbox.cache)
        #expect(try store.feedList().first { $0.url == keyed }?.totalCount == 3, "max-items 3 holds 3 articles")

        // Cron again five minutes later: the feeds on reload-time 2 are due; the ttl's, the
        // slow tag's and those of the server that asked to wait are not asked.
        try Self.letTimePass(300, cache: sandbox.cache)
        let cron = try CommandLineTests.run(reload, in: sandbox)
        #expect(cron.status == 0, "\(cron.output)")
        #expect(try Self.counts(server) == ["/keyed.xml": 2, "/ttl.xml": 1, "/slow.xml": 1, "/old.xml": 2, "/new.xml": 2])
        #expect(try Self.counts(tired) == tiredCounts)
        let waiting = cron.output.split(separator: "\n").filter { $0.hasPrefix("waiting    ") }
        #expect(waiting.count == 4, "\(cron.output)")
        #expect(waiting.contains { $0.hasPrefix("waiting    Hourly: until ") && $0.hasSuffix("(ttl)") })
        #expect(waiting.contains { $0.hasPrefix("waiting    Slow: until ") && $0.hasSuffix("(reload-time)") })
        #expect(waiting.contains { $0.hasPrefix("waiting    \(busy): until ") && $0.hasSuffix("(retry-after)") })
        #expect(waiting.contains { ($0.contains("Calm: until ") || $0.contains("/calm.xml: until ")) && $0.hasSuffix("(retry-after)") })
        #expect(cron.output.hasSuffix("6 feeds: 2 updated, 0 unchanged, 0 failed, 4 waiting; 0 new items\n"))

        // A manual reload fetches every feed but those of the server that asked to wait, and the
        // moved feed (redirected twice in a row) at its new address.
        let manual = try CommandLineTests.run(reload + ["--all"], in: sandbox)
        #expect(manual.status == 0, "\(manual.output)")
        #expect(try Self.counts(server) == ["/keyed.xml": 3, "/ttl.xml": 2, "/slow.xml": 2, "/old.xml": 2, "/new.xml": 3])
        #expect(try Self.counts(tired) == tiredCounts)
        #expect(try store.feedList().first { $0.url == keyed }?.totalCount == 3)

        let failing = try CommandLineTests.run(["feeds", "--failing", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config], in: sandbox)
        #expect(failing.status == 0)
        let fields = failing.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(fields.count == 1, "\(failing.output)")
        let busyLine = try #require(fields.first)
        #expect(busyLine.count == 9)
        #expect(busyLine[0] == busy && busyLine[4] == "1" && busyLine[6] == "retry-after")
        #expect(busyLine[3] == "HTTP 429 Too Many Requests: the server asks to wait 60 min")

        let adopted = try CommandLineTests.run(["feeds", "--adopt-moved", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config], in: sandbox)
        #expect(adopted.status == 0)
        #expect(adopted.output == "moved: \(server.url("/old.xml")) → \(server.url("/new.xml"))\n")
        let urls = try String(contentsOfFile: sandbox.urls, encoding: .utf8)
        #expect(urls.contains("\n\(server.url("/new.xml")) news \"~Old Name\"   # the one that moved\n"))
        #expect(!urls.contains("/old.xml"))
        // The feed keeps its articles under its new URL, and the next reload knows it.
        #expect(try store.feedList().first { $0.url == server.url("/new.xml") }?.totalCount == 2)
        let after = try CommandLineTests.run(reload + ["--all"], in: sandbox)
        #expect(after.status == 0)
        let final = try Self.counts(server)
        #expect(final["/old.xml"] == 2 && final["/new.xml"] == 4)
    }
}
