import FeedStore
import FilterLanguage
import Foundation
import TestSupport
import Testing

/// Rules on arrival and the same story once through the binary (issue 42's acceptance config):
/// `tidings reload` runs the rules once per article and carries out their effects,
/// `tidings rules --dry-run` counts without changing the cache, and the cache it leaves folds
/// the story two feeds carry.
@Suite(.enabled(if: TidingsBinary.path != nil, "needs TIDINGS_BINARY (make test)"))
struct RulesCommandLineTests {
    static func feed(_ title: String, _ items: [(title: String, link: String, enclosure: String?)]) -> String {
        let entries = items.map { item in
            let enclosure = item.enclosure.map { "<enclosure url=\"\($0)\" type=\"audio/mpeg\" length=\"1\"/>" } ?? ""
            return "<item><title>\(item.title)</title><link>\(item.link)</link><guid>\(item.link)</guid>\(enclosure)</item>"
        }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title>\(entries.joined())</channel></rss>"
    }

    @Test func reloadRunsTheRulesOnceAndTheDryRunChangesNothing() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let server = try FeedServerProcess(routes: [
            "/alpha.xml": ["body": Self.feed("Alpha", [
                ("Sponsored: buy this now", "https://alpha.example/1", nil),
                ("The shared story", "https://www.news.example/2026/shared/?utm_source=alpha&amp;utm_medium=rss", nil),
                ("Alpha's own news", "https://alpha.example/3", nil),
            ])],
            "/beta.xml": ["body": Self.feed("Beta", [
                ("The shared story, as Beta tells it", "http://news.example/2026/shared?utm_source=beta&amp;utm_campaign=feed", nil),
                ("Beta's episode", "https://beta.example/2", "https://beta.example/ep2.mp3"),
            ])],
            "/gamma.xml": ["body": Self.feed("Gamma", [
                ("Gamma's first", "https://gamma.example/1", nil),
                ("Gamma's second", "https://gamma.example/2", nil),
            ])],
        ])
        try sandbox.write(["/alpha.xml", "/beta.xml", "/gamma.xml"].map { server.url($0) }.joined(separator: "\n"), to: sandbox.urls)
        let ran = sandbox.root.appendingPathComponent("ran-Alpha").path
        let queue = sandbox.root.appendingPathComponent("queue").path
        try sandbox.write(#"""
            rule "title =~ \"Sponsored\"" mark-read
            rule "feedtitle = \"Alpha\"" tag alpha-news
            rule "title =~ \"Sponsored\"" run "/usr/bin/touch" "\#(sandbox.root.path)/ran-%f"
            rule "enclosure_type =~ \"audio\"" enqueue
            queue-file "\#(queue)"
            download-path "\#(sandbox.root.path)/podcasts"
            """#, to: sandbox.config)
        let options = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]

        let reload = try CommandLineTests.run(options + ["reload"], in: sandbox)
        #expect(reload.status == 0, "\(reload.errors)")
        #expect(!reload.errors.contains("config line"), "every line applied: \(reload.errors)")
        #expect(reload.output.contains("Rules: 1 program run, 1 enclosure queued"), "\(reload.output)")
        #expect(FileManager.default.fileExists(atPath: ran))
        let queued = try String(contentsOfFile: queue, encoding: .utf8)
        #expect(queued.hasPrefix("https://beta.example/ep2.mp3 \"\(sandbox.root.path)/podcasts/ep2.mp3\""), "\(queued)")

        let store = try FeedStore(path: sandbox.cache)
        let sponsored = try store.items(matching: try FilterParser.parse(#"title =~ "Sponsored""#))
        try #require(sponsored.count == 1)
        #expect(sponsored[0].isRead)
        let tagged = try store.items(matching: try FilterParser.parse(#"tags # "alpha-news""#))
        #expect(Set(tagged.map(\.feedTitle)) == ["Alpha"] && tagged.count == 3)
        // A query feed over the three feeds: seven articles, the shared story once with +1.
        let everything = try FilterParser.parse(#"age >= 0"#)
        #expect(try store.items(matching: everything).count == 7)
        let folded = try store.items(matching: everything, ItemPageRequest(foldsStories: true))
        #expect(folded.count == 6)
        let shared = try #require(folded.first { $0.storyCopies > 0 })
        #expect(shared.storyCopies == 1 && shared.title?.contains("shared story") == true)

        // The dry run: counts and titles, and the cache as it was.
        let unreadBefore = try store.feedList().map(\.unreadCount)
        let generation = try store.generation()
        let dryRun = try CommandLineTests.run(options + ["rules", "--dry-run"], in: sandbox)
        #expect(dryRun.status == 0, "\(dryRun.errors)")
        #expect(dryRun.output.contains("config line 1: title =~ \"Sponsored\" → mark-read\n  matches 1 article, the newest:\n    \"Sponsored: buy this now\""), "\(dryRun.output)")
        #expect(dryRun.output.contains("config line 2: feedtitle = \"Alpha\" → tag alpha-news\n  matches 3 articles"), "\(dryRun.output)")
        #expect(try store.generation() == generation)
        #expect(try store.feedList().map(\.unreadCount) == unreadBefore)
        #expect(try CommandLineTests.run(options + ["rules"], in: sandbox).status != 0, "without --dry-run: says what it is for")

        // Reading the folded story leaves both copies read, and every count exact.
        #expect(try store.markStories(containing: [shared.id], read: true).count == 2)
        #expect(try store.feedList().map(\.unreadCount) == [unreadBefore[0] - 1, unreadBefore[1] - 1, unreadBefore[2]])

        // The same feeds again: every article is known, no rule runs, no effect is carried out.
        try FileManager.default.removeItem(atPath: ran)
        try store.markItem(sponsored[0].id, read: false)
        let again = try CommandLineTests.run(options + ["reload"], in: sandbox)
        #expect(again.status == 0 && !again.output.contains("Rules:"), "\(again.output)")
        #expect(!FileManager.default.fileExists(atPath: ran))
        #expect(try !store.items(matching: try FilterParser.parse(#"title =~ "Sponsored""#))[0].isRead)
        #expect(try String(contentsOfFile: queue, encoding: .utf8) == queued)
    }
}
