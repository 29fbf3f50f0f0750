import FeedStore
import Foundation
import TestSupport
import Testing

/// `keep-articles-days` in the one-shot `tidings reload`, as in the reader: old articles leave
/// the cache after the reload and the next reload does not bring them back.
@Suite(.enabled(if: TidingsBinary.path != nil, "needs TIDINGS_BINARY (make test)"))
struct ArticleLifecycleCommandLineTests {
    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Ferry News</title>
        <item><title>Timetable for 2040</title><guid>ferry-1</guid><pubDate>Mon, 02 Jan 2040 10:00:00 GMT</pubDate></item>
        <item><title>Old strike</title><guid>ferry-2</guid><pubDate>Tue, 03 Mar 2020 10:00:00 GMT</pubDate></item>
        <item><title>Older strike</title><guid>ferry-3</guid><pubDate>Wed, 04 Mar 2020 10:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    @Test func reloadDeletesArticlesOlderThanKeepArticlesDays() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let server = try FeedServerProcess(routes: ["/ferry.xml": ["body": Self.feed]])
        try sandbox.write(server.url("/ferry.xml") + "\n", to: sandbox.urls)
        try sandbox.write("keep-articles-days 30\n", to: sandbox.config)
        let options = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        for _ in 0..<2 {
            let reload = try CommandLineTests.run(options + ["reload"], in: sandbox)
            #expect(reload.status == 0, "\(reload.errors)")
            #expect(reload.errors.isEmpty, "every line applied: \(reload.errors)")
            let unread = try CommandLineTests.run(options + ["-x", "print-unread"], in: sandbox)
            #expect(unread.status == 0 && unread.output == "1\n", "\(unread.output)")
        }
    }

    /// Under a feed server whose `*-flag-star` is `a`, `tidings unread` counts as the reader
    /// does: a killfile testing `flags # "a"` hides the starred articles.
    @Test func unreadTakesTheServersStarLetterInTheKillfile() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let server = try FeedServerProcess(routes: ["/ferry.xml": ["body": Self.feed]])
        try sandbox.write(server.url("/ferry.xml") + "\n", to: sandbox.urls)
        let options = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        #expect(try CommandLineTests.run(options + ["reload"], in: sandbox).status == 0)
        let store = try FeedStore(path: sandbox.cache)
        let feed = try #require(store.feedList().first)
        let first = try #require(store.items(inFeed: feed.id).first)
        _ = try store.setStarred(true, item: first.id)
        // The server is never asked: counting reads the cache.
        try sandbox.write(
            """
            urls-source "freshrss"
            freshrss-url "http://127.0.0.1:9/api/greader.php"
            freshrss-login "reader"
            freshrss-password "secret"
            freshrss-flag-star "a"
            ignore-article "*" "flags # \\"a\\""

            """, to: sandbox.config)
        let unread = try CommandLineTests.run(options + ["unread"], in: sandbox)
        #expect(unread.status == 0 && unread.output == "2\n", "\(unread.output)\(unread.errors)")
    }
}
