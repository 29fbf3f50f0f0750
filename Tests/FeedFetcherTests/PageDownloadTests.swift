import FeedFetcher
import Foundation
import TestSupport
import Testing

/// `PageDownload`: one web page through the feeds' HTTP stack, and `fulltext-command` runs.
@Suite struct PageDownloadTests {
    /// Waits for the download's one result; nil when none came within `seconds`.
    private func result(seconds: Double = 20, _ start: (@escaping @Sendable (Result<PageDownload.Page, FetchFailure>) -> Void) -> PageDownload)
        -> Result<PageDownload.Page, FetchFailure>?
    {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        _ = start { result in
            box.set(result)
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.get()
    }

    @Test func aPageComesWithItsHTTPCharsetAndTheAddressItEndedAt() throws {
        let page = "<html><body><p>caf\u{e9}</p></body></html>"
        let server = try LoopbackServer(routes: [
            "/old": ["redirect": "/articles/new.html"],
            "/articles/new.html": ["headers": ["Content-Type": "text/html; charset=ISO-8859-1"],
                                   "body_base64": Data(page.data(using: .isoLatin1)!).base64EncodedString(), "gzip": true],
        ])
        let options = FetchOptions(connectTimeout: 5, timeout: 10, userAgent: "PageTest/1")
        let downloaded = try #require(result { PageDownload.start(url: server.url("/old"), options: options, completion: $0) })
        let fetched = try downloaded.get()
        #expect(fetched.bytes == page.data(using: .isoLatin1))
        #expect(fetched.charset == "iso-8859-1")
        #expect(fetched.url?.absoluteString == server.url("/articles/new.html"))
        let headers = try #require(try server.headers(for: "/articles/new.html").first)
        #expect(headers["user-agent"] == "PageTest/1")
        #expect(headers["accept"]?.hasPrefix("text/html") == true)
    }

    @Test func onlyWebAddressesAreFetched() throws {
        for link in ["file:///etc/passwd", "javascript:alert(1)", "exec:ls", "relative/path"] {
            let downloaded = try #require(result { PageDownload.start(url: link, options: FetchOptions(), completion: $0) })
            #expect(throws: FetchFailure.unsupportedLocation(link)) { try downloaded.get() }
        }
    }

    @Test func theWholeDownloadHasADeadline() throws {
        let server = try LoopbackServer(routes: [
            "/trickle": ["body": String(repeating: "x", count: 400), "drip": 0.2, "drip_bytes": 4],
        ])
        let options = FetchOptions(connectTimeout: 5, timeout: 1)
        let downloaded = try #require(result { PageDownload.start(url: server.url("/trickle"), options: options, completion: $0) })
        #expect(throws: FetchFailure.timedOut(seconds: 1)) { try downloaded.get() }
    }

    @Test func aCommandReadsThePageAndItsOutputIsThePage() throws {
        let input = Data("<p>page</p>".utf8)
        let ran = try #require(result { PageDownload.run(["/bin/sh", "-c", "tr a-z A-Z"], input: input, options: FetchOptions(), completion: $0) })
        #expect(try ran.get().bytes == Data("<P>PAGE</P>".utf8))
    }

    /// A command that exits without reading what it is given (an `html-renderer` that fails)
    /// ends its own run, not the process that wrote to it: SIGPIPE would end this test runner.
    @Test func aCommandThatReadsNothingOfALargeInputEndsOnlyItself() throws {
        let input = Data(repeating: UInt8(ascii: "x"), count: 4 << 20)
        let ran = try #require(result { PageDownload.run(["/bin/sh", "-c", "echo rendered"], input: input, options: FetchOptions(), completion: $0) })
        #expect(try ran.get().bytes == Data("rendered\n".utf8))
    }

    @Test func aHangingCommandIsStoppedAtTheDeadlineAndACancelledOneNeverAnswers() throws {
        let started = Date()
        let hung = try #require(result { PageDownload.run(["/bin/sleep", "30"], input: Data(), options: FetchOptions(timeout: 1), completion: $0) })
        #expect(throws: FetchFailure.timedOut(seconds: 1)) { try hung.get() }
        #expect(Date().timeIntervalSince(started) < 10)

        let cancelled = result(seconds: 2) { completion in
            let download = PageDownload.run(["/bin/sleep", "30"], input: Data(), options: FetchOptions(), completion: completion)
            download.cancel()
            return download
        }
        #expect(cancelled == nil)
    }
}

/// The one result a download gives, passed from its queue to the test's thread.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<PageDownload.Page, FetchFailure>?
    func set(_ value: Result<PageDownload.Page, FetchFailure>) { lock.withLock { result = value } }
    func get() -> Result<PageDownload.Page, FetchFailure>? { lock.withLock { result } }
}
