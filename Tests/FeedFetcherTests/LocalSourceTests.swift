import FeedFetcher
import Foundation
import Testing

/// `file://`, `exec:` and `filter:` locations.
@Suite struct LocalSourceTests {
    @Test func fileURLIsReadAndAnUnchangedFileIsNotModified() throws {
        let url = URL(fileURLWithPath: Fixture.path("harbour-notes.rss")).absoluteString
        let cache = InMemoryFeedCache()
        let first = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(first.updated == 1 && first.newItems == 3)
        #expect(cache.feed(for: url)?.title == "Harbour Notes")
        let second = try #require(ReloadRecorder().run([url], cache: cache))
        #expect(second.notModified == 1)
    }

    @Test func missingFileFailsWithItsPath() throws {
        let recorder = ReloadRecorder()
        let url = "file:///nonexistent/tidings/feed.xml"
        let summary = try #require(recorder.run([url], cache: InMemoryFeedCache()))
        #expect(summary.failed == 1)
        guard case .failed(let failure) = recorder.outcome(for: url) else { Issue.record("no failure"); return }
        #expect(failure.description == "cannot read /nonexistent/tidings/feed.xml: No such file or directory")
    }

    @Test func fileLargerThanTheCapIsRefused() throws {
        let url = URL(fileURLWithPath: Fixture.path("harbour-notes.rss")).absoluteString
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([url], cache: InMemoryFeedCache(), options: FetchOptions(maxBytes: 100)))
        #expect(recorder.outcome(for: url) == .failed(.tooLarge(limit: 100)))
    }

    @Test func execRunsTheCommandWithQuotedArgumentsAndNoShell() throws {
        // The title argument holds a space and shell syntax: both must reach the script verbatim.
        let location = "exec:\(Fixture.path("print-feed.sh")) \"Tides; \\$HOME\""
        let cache = InMemoryFeedCache()
        let summary = try #require(ReloadRecorder().run([location], cache: cache))
        #expect(summary.updated == 1)
        #expect(cache.feed(for: location)?.title == "Tides; $HOME")
        #expect(cache.feed(for: location)?.items.count == 3)
    }

    @Test func failingCommandReportsItsStatusAndFirstErrorLine() throws {
        let location = "exec:\(Fixture.path("fail-loudly.sh"))"
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([location], cache: InMemoryFeedCache()))
        #expect(recorder.outcome(for: location)
            == .failed(.command("fail-loudly.sh exited with status 3: scraper: upstream page layout changed")))
    }

    @Test func unknownCommandIsReported() throws {
        let location = "exec:tidings-no-such-command --flag"
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([location], cache: InMemoryFeedCache()))
        #expect(recorder.outcome(for: location) == .failed(.command("command not found: tidings-no-such-command")))
    }

    @Test func commandOutputPastTheCapIsStopped() throws {
        let location = #"exec:sh -c 'echo "<rss version=\"2.0\"><channel>"; exec yes "<item/>"'"#
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([location], cache: InMemoryFeedCache(), options: FetchOptions(maxBytes: 1 << 20)))
        #expect(recorder.outcome(for: location) == .failed(.tooLarge(limit: 1 << 20)))
    }

    @Test func hungCommandIsKilledAtTheDeadline() throws {
        let location = "exec:sleep 30"
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([location], cache: InMemoryFeedCache(), options: FetchOptions(timeout: 1)))
        #expect(recorder.outcome(for: location) == .failed(.timedOut(seconds: 1)))
    }

    @Test func filterPipesTheDownloadThroughTheCommand() throws {
        let server = try LoopbackServer(routes: ["/feed.xml": ["body": try Fixture.text("harbour-notes.rss")]])
        let location = "filter:\(Fixture.path("retitle-filter.sh")):\(server.url("/feed.xml"))"
        let cache = InMemoryFeedCache()
        let summary = try #require(ReloadRecorder().run([location], cache: cache))
        #expect(summary.updated == 1)
        #expect(cache.feed(for: location)?.title == "Filtered Harbour")
    }

    @Test func filterWhoseDownloadFailsReportsTheHTTPError() throws {
        let server = try LoopbackServer(routes: [:])
        let location = "filter:cat:\(server.url("/missing.xml"))"
        let recorder = ReloadRecorder()
        _ = try #require(recorder.run([location], cache: InMemoryFeedCache()))
        #expect(recorder.outcome(for: location) == .failed(.httpStatus(404)))
    }
}
