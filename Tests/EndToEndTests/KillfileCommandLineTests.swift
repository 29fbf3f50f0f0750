import Foundation
import TestSupport
import Testing

/// The killfile and query feeds in the one-shot commands: `tidings reload` does not store what
/// download mode ignores, and `-x print-unread` counts each article once.
@Suite(.enabled(if: TidingsBinary.path != nil, "needs TIDINGS_BINARY (make test)"))
struct KillfileCommandLineTests {
    @Test func reloadLeavesIgnoredArticlesOutAndPrintUnreadCountsEachArticleOnce() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let server = try FeedServerProcess(routes: ["/ferry.xml": ["body": CommandLineTests.feed]])
        try sandbox.write("""
            \(server.url("/ferry.xml"))
            "query:Everything:unread = \\"yes\\""
            """, to: sandbox.urls)
        try sandbox.write("ignore-article \"*\" \"title = \\\"Strike\\\"\"\n", to: sandbox.config)
        let options = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        let reload = try CommandLineTests.run(options + ["reload"], in: sandbox)
        #expect(reload.status == 0, "\(reload.errors)")
        #expect(!reload.errors.contains("config line") && !reload.errors.contains("urls file"), "every line applied: \(reload.errors)")
        #expect(reload.output.contains("(1 new)"), "\(reload.output)")
        let unread = try CommandLineTests.run(options + ["-x", "print-unread"], in: sandbox)
        #expect(unread.status == 0 && unread.output == "1\n")
    }
}
