import Configuration
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// The process runner with real child processes: what each program is given (its arguments,
/// its standard input, the terminal), and what comes back when it fails. The test waits for the
/// file a child writes (inotify), never for time to pass.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct ProcessRunnerTests {
    @MainActor
    final class Fixture {
        let directory: URL
        let terminal = GridTerminal(rows: 10, columns: 40)
        let harness = RunnerHarness()
        let cache: TestStore
        let runner: ProcessRunner

        init() throws {
            cache = try TestStore(subscriptions: [])
            directory = cache.directory
            let store = StoreRunner(store: cache.store, urlsPath: directory.appendingPathComponent("urls").path, inbox: harness.inbox)
            runner = ProcessRunner(terminal: terminal, store: store, inbox: harness.inbox)
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        /// A script that writes its arguments, one per line, then its standard input, to `output`.
        func recorder(writingTo output: String, exitStatus: Int = 0) throws -> String {
            let script = path("recorder-\(UUID().uuidString).sh")
            try ExecutableScript.write("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(output).part'\ncat >> '\(output).part'\nmv '\(output).part' '\(output)'\nexit \(exitStatus)\n", to: script)
            return script
        }

        func contents(_ path: String) -> String? {
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test func theNotifyProgramRunsDetachedWithTheMessageAsOneArgument() async throws {
        let fixture = try Fixture()
        let output = fixture.path("notified")
        let message = "Tidings: 3 new articles; $(touch pwned) `id`"
        fixture.runner.run(.notify(arguments: [try fixture.recorder(writingTo: output), message]))
        #expect(fixture.terminal.suspensions == 0, "a notification never takes the terminal")
        #expect(await FileWait.untilAsync(exists: output, timeout: 50))
        #expect(fixture.contents(output) == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("pwned")), "no shell read the message")
    }

    @Test func aPipedArticleReachesTheCommandsStandardInputWithTheTerminal() async throws {
        let fixture = try Fixture()
        let output = fixture.path("piped")
        fixture.runner.run(.pipe(arguments: [try fixture.recorder(writingTo: output)], text: "Title: Ferry\n\nThe text.\n"))
        // The command ran with the terminal, in the foreground: its output is there already.
        #expect(fixture.contents(output) == "Title: Ferry\n\nThe text.\n")
        #expect(fixture.terminal.suspensions == 1)
        #expect(fixture.terminal.keyPrompts == ["Press any key to return to Tidings"])
        #expect(await fixture.harness.nextStatus()?.hasPrefix("Piped the article to recorder-") == true)
    }

    @Test func theURLViewerGetsTheLinksOnItsStandardInput() async throws {
        let fixture = try Fixture()
        let output = fixture.path("links")
        fixture.runner.run(.viewURLs(arguments: [try fixture.recorder(writingTo: output)], text: "https://a.example/1\nhttps://b.example/2\n"))
        #expect(fixture.contents(output) == "https://a.example/1\nhttps://b.example/2\n")
        #expect(fixture.terminal.suspensions == 1)
        #expect(fixture.terminal.keyPrompts.isEmpty, "an interactive viewer returns as soon as it exits")
    }

    @Test func thePagerReadsTheArticleFromAPrivateFileDeletedAfter() async throws {
        let fixture = try Fixture()
        let output = fixture.path("paged")
        // `%f` stands for the file; the recorder gets its path and copies the file it names.
        let script = fixture.path("pager.sh")
        try ExecutableScript.write("#!/bin/sh\nstat -c %a \"$1\" > '\(output).part'\ncat \"$1\" >> '\(output).part'\nmv '\(output).part' '\(output)'\n", to: script)
        fixture.runner.run(.page(arguments: [script, "%f"], text: "Article text\n"))
        #expect(fixture.contents(output) == "600\nArticle text\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("tidings-article-") }
        #expect(left.isEmpty, "the text's file is deleted once the pager exits")
    }

    @Test func aProgramThatCannotStartOrFailsIsOneStatusLine() async throws {
        let fixture = try Fixture()
        fixture.runner.run(.openBrowser(try BrowserCommand(parsing: "/nonexistent/browser %u"), url: "https://a.example/", textMode: false))
        #expect(await fixture.harness.nextStatus()?.hasPrefix("Browser failed:") == true)
        let failing = try fixture.recorder(writingTo: fixture.path("ignored"), exitStatus: 3)
        // A minute to end: the point is its status, and a loaded machine may take seconds to start it.
        fixture.runner.run(.bookmark(arguments: [failing], interactive: true, timeout: 60))
        let status = await fixture.harness.nextStatus()
        #expect(status == "Error while saving bookmark: \(failing) exited with status 3", "\(status ?? "no status")")
    }

    @Test func aBackgroundBookmarkCommandsOutputIsItsError() async throws {
        let fixture = try Fixture()
        let script = fixture.path("bookmark.sh")
        try ExecutableScript.write("#!/bin/sh\necho \"no such folder: $2\"\n", to: script)
        fixture.runner.run(.bookmark(arguments: [script, "https://a.example/", "Title"], interactive: false, timeout: 30))
        #expect(fixture.terminal.suspensions == 0)
        #expect(await fixture.harness.nextStatus() == "Error while saving bookmark: no such folder: Title")
        fixture.runner.run(.bookmark(arguments: ["/bin/true"], interactive: false, timeout: 30))
        #expect(await fixture.harness.nextStatus() == "Saved bookmark.")
    }

    @Test func afterTheEditorTheStoreFollowsTheUrlsFile() async throws {
        let fixture = try Fixture()
        let urls = fixture.path("urls")
        try "https://old.example/feed\n".write(toFile: urls, atomically: true, encoding: .utf8)
        let editor = fixture.path("editor.sh")
        try ExecutableScript.write("#!/bin/sh\nprintf 'https://new.example/feed news\\n' > \"$1\"\n", to: editor)
        fixture.runner.run(.editUrlsFile(arguments: [editor, urls]))
        let outcome = await fixture.harness.next { message -> UrlsFileEditOutcome? in
            if case .urlsFileEdited(let outcome) = message { outcome } else { nil }
        }
        #expect(outcome?.changed == true)
        #expect(try fixture.cache.store.feedList().map(\.url) == ["https://new.example/feed"])
    }
}
