import Configuration
import FeedModel
@testable import FeedServices
import FeedStore
import FilterLanguage
import Foundation
import TestSupport
import Testing

/// The effects rules leave, carried out without a screen as `tidings reload` does: real child
/// processes (bounded in time), podboat's queue file, a page fetched from a loopback server and
/// its article stored in a real cache.
@Suite struct RuleEffectRunnerTests {
    static let page = """
        <html><head><title>The lighthouse keeper</title></head><body><nav>Home | About</nav>
        <article><h1>The lighthouse keeper</h1>
        <p>The keeper climbs the hundred and twelve steps every evening at dusk to light the lamp, as his father did before him.</p>
        <p>In winter the storms come in from the west and the lamp must burn through the night, whatever the weather brings.</p>
        <p>Ships pass at a safe distance; the keeper logs each one in a book that has been kept since eighteen ninety-one.</p>
        </article><footer>Copyright</footer></body></html>
        """

    @Test func effectsAreCarriedOutWithoutAScreen() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rule-effects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try FeedServerProcess(routes: ["/keeper.html": ["body": Self.page, "headers": ["Content-Type": "text/html; charset=utf-8"]]])
        // A notify-program that writes down its arguments, one a line.
        let notifier = directory.appendingPathComponent("notifier").path
        try ExecutableScript.write("#!/bin/sh\nfor word in \"$@\"; do printf '%s\\n' \"$word\" >> \"\(directory.path)/notified\"; done\n", to: notifier)
        let config = Config(parsing: """
            notify-program "\(notifier) --from-tidings"
            queue-file "~/queue"
            download-path "~/podcasts"
            """)
        #expect(config.warnings.isEmpty)

        let store = try FeedStore(path: directory.appendingPathComponent("cache.db").path)
        let url = "https://alpha.example/feed"
        try store.syncSubscriptions([Subscription(url: url)])
        func rule(_ title: String, _ actions: ArticleRule.Action...) throws -> ArticleRule {
            ArticleRule(expression: try FilterParser.parse("title = \"\(title)\""), source: title, actions: actions)
        }
        store.useRules([
            try rule("Keeper", .notify, .fullText, .run(["~/bin-missing/program"])),
            try rule("Episode", .enqueue, .run(["/usr/bin/touch", "\(directory.path)/ran %t by %f"])),
            try rule("Slow", .run(["/bin/sleep", "30"])),
        ])
        try store.upsert(Feed(format: .rss20, title: "Alpha", items: [
            Item(id: "1", title: "Keeper", link: server.url("/keeper.html")),
            Item(id: "2", title: "Episode", link: "https://alpha.example/2",
                 enclosures: [Enclosure(url: "https://alpha.example/media/ep 2.mp3", type: "audio/mpeg")]),
            Item(id: "3", title: "Slow", link: "https://alpha.example/3"),
        ]), forFeedURL: url)

        var runner = RuleEffectRunner(store: store, config: config, environment: ["HOME": directory.path])
        runner.commandTimeout = 2
        let effects = try store.takeRuleEffects()
        try #require(effects.count == 6)
        let report = runner.run(effects)

        #expect(report.done == ["notify": 1, "full-text": 1, "enqueue": 1, "run": 1])
        #expect(report.failures.count == 2)
        #expect(report.failures.contains { $0.hasPrefix("\(directory.path)/bin-missing/program:") }, "~/ is the home directory: \(report.failures)")
        #expect(report.failures.contains { $0.hasPrefix("/bin/sleep:") && $0.contains("2") }, "stopped after its time: \(report.failures)")
        #expect(report.line?.hasPrefix("Rules: 1 program run, 1 notification, 1 enclosure queued, 1 full article stored; 2 failed (") == true)
        // The notification: the program's own words, then the message as one argument.
        #expect(try String(contentsOfFile: directory.appendingPathComponent("notified").path, encoding: .utf8) == "--from-tidings\nAlpha: Keeper\n")
        // The program, its arguments filled in, each one argument.
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("ran Episode by Alpha").path))
        // podboat's queue, as `E` writes it.
        let queue = try String(contentsOfFile: directory.appendingPathComponent("queue").path, encoding: .utf8)
        #expect(queue == "https://alpha.example/media/ep%202.mp3 \"\(directory.path)/podcasts/ep 2.mp3\"\n")
        // The full article, extracted and stored; asked again, nothing is fetched.
        let keeper = try #require(effects.first { $0.title == "Keeper" })
        let article = try #require(try store.fullArticle(forItem: keeper.itemID))
        #expect(article.contains("hundred and twelve steps") && !article.contains("Copyright"))
        #expect(FullArticleDownload.fetch(
            link: server.url("/keeper.html"), item: keeper.itemID, store: store, fetchOptions: config.fetchOptions, options: config.fullArticle)
            == .success(.alreadyStored))
        #expect(try server.requests().filter { $0["path"] as? String == "/keeper.html" }.count == 1)
    }

    @Test func withoutANotifyProgramANotificationIsAFailureToReport() throws {
        var report = RuleEffectReport()
        report.add(.notify, failure: "notify: no notify-program")
        #expect(report.line == "Rules: nothing done; 1 failed (notify: no notify-program)")
        #expect(RuleEffectReport().line == nil)
    }
}
