import Configuration
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TestSupport
import Testing
@testable import TidingsApp

/// The file runner on real files: articles saved (and never over a file unasked), podboat's
/// queue, the prompts' histories kept between sessions, config files read for `:source`.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct FileRunnerTests {
    @MainActor
    final class Fixture {
        let cache: TestStore
        let harness = RunnerHarness()
        let runner: FileRunner

        init() throws {
            cache = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
            runner = FileRunner(inbox: harness.inbox)
        }

        func path(_ name: String) -> String { cache.directory.appendingPathComponent(name).path }

        /// The first article of the feed as `save` writes it.
        func article() throws -> ArticleText {
            try cache.addItems(1, to: "https://a.example/feed", makeTitle: { _ in "Ferry: delayed again" })
            let store = cache.store
            let feed = try #require(try store.feedList().first)
            let row = try #require(try store.items(inFeed: feed.id).first)
            let item = try #require(try store.item(row.id))
            return ArticleText(item: item, body: ArticleScreen.render(item, ArticleRendering()).body, timeZone: TimeZone(identifier: "UTC")!)
        }
    }

    @Test func anArticleIsSavedInADirectoryUnderItsProposedNameAndAnExistingFileIsAskedAbout() async throws {
        let fixture = try Fixture()
        let article = try fixture.article()
        fixture.runner.run(.saveText(article, path: fixture.cache.directory.path, replacing: false))
        let saved = fixture.path(article.proposedFileName)
        #expect(await fixture.harness.nextStatus() == "Saved to \(Excerpt(saved))")
        #expect(FileManager.default.contents(atPath: saved).map { String(decoding: $0, as: UTF8.self) } == article.text)

        try "mine\n".write(toFile: saved, atomically: true, encoding: .utf8)
        fixture.runner.run(.saveText(article, path: saved, replacing: false))
        let asked = await fixture.harness.next { message -> String? in
            if case .saveWouldReplace(_, let path) = message { path } else { nil }
        }
        #expect(asked == saved)
        #expect(FileManager.default.contents(atPath: saved) == Data("mine\n".utf8), "nothing is replaced before the answer")
        fixture.runner.run(.saveText(article, path: saved, replacing: true))
        #expect(await fixture.harness.nextStatus() == "Saved to \(Excerpt(saved))")
        #expect(FileManager.default.contents(atPath: saved).map { String(decoding: $0, as: UTF8.self) } == article.text)
    }

    @Test func anEnclosureIsQueuedForPodboatOnce() async throws {
        let fixture = try Fixture()
        let queue = PodcastQueue(path: fixture.path("queue"))
        let target = fixture.path("episode.mp3")
        fixture.runner.run(.enqueue(url: "https://a.example/episode.mp3", queue: queue, target: target))
        #expect(await fixture.harness.nextStatus() == "Queued for podboat: \(Excerpt(target))")
        fixture.runner.run(.enqueue(url: "https://a.example/episode.mp3", queue: queue, target: target))
        #expect(await fixture.harness.nextStatus()?.hasPrefix("Already in podboat's queue") == true)
        let lines = try String(contentsOfFile: queue.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("https://a.example/episode.mp3 "))
    }

    @Test func historiesWrittenAtQuitAreReadAtTheNextStart() async throws {
        let fixture = try Fixture()
        let files = HistoryFiles(commandLine: fixture.path("history.cmdline"), search: fixture.path("history.search"))
        fixture.runner.run(.writeHistories(files, commandLine: ["set show-read-feeds no", "quit"], search: ["harbour"]))
        fixture.runner.finish()
        fixture.runner.run(.readHistories(files, limit: 100))
        let read = await fixture.harness.next { message -> ([String], [String])? in
            if case .historiesRead(let commandLine, let search) = message { (commandLine, search) } else { nil }
        }
        #expect(read?.0 == ["set show-read-feeds no", "quit"])
        #expect(read?.1 == ["harbour"])
    }

    @Test func aConfigFileIsReadOrTheReasonIsGivenInAFewWords() async throws {
        let fixture = try Fixture()
        let file = fixture.path("more.config")
        try "show-read-feeds no\n".write(toFile: file, atomically: true, encoding: .utf8)
        for (path, expected) in [(file, Result<String, FileFailure>.success("show-read-feeds no\n")),
                                 (fixture.path("missing"), .failure(FileFailure(description: "there is no such file"))),
                                 (fixture.cache.directory.path, .failure(FileFailure(description: "it is a directory")))] {
            fixture.runner.run(.readConfigFile(path: path))
            let result = await fixture.harness.next { message -> Result<String, FileFailure>? in
                if case .configFileRead(path, let result) = message { result } else { nil }
            }
            #expect(result == expected)
        }
    }
}
