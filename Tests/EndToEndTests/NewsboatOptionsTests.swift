import Foundation
import TestSupport
import Testing

/// Issue 45 §11: newsboat's command-line options, as a newsboat user types them, on the real
/// binary: `--help` lists them, and `-x`, `-e`, `-i`, `-r`, `-X`, `-v`, `-l`, `-d` do what they do
/// in newsboat.
@Suite struct NewsboatOptionsTests {
    /// A sandbox with a urls file listing the two-article ferry feed (a file: no server needed).
    static func sandbox() throws -> CommandLineTests.Sandbox {
        let sandbox = try CommandLineTests.Sandbox()
        let feed = sandbox.root.appendingPathComponent("ferry.xml").path
        try sandbox.write(CommandLineTests.feed, to: feed)
        try sandbox.write("file://\(feed) boats\n", to: sandbox.urls)
        try sandbox.write("", to: sandbox.config)
        return sandbox
    }

    @Test func helpListsTheGlobalOptionsAndNewsboatsOnes() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let help = try CommandLineTests.run(["--help"], in: sandbox)
        #expect(help.status == 0)
        for option in ["-u, --url-file <file>", "-c, --cache-file <file>", "-C, --config-file <file>", "-x, --execute <command>",
                       "-e, --export-to-opml", "-i, --import-from-opml <file>", "-r, --refresh-on-start", "-X, --vacuum", "-v ",
                       "-l, --log-level <level>", "-d, --log-file <file>"] {
            #expect(help.output.contains(option), "--help lacks \(option)")
        }
    }

    @Test func executeRunsEachCommandInOrder() throws {
        let sandbox = try Self.sandbox()
        let run = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "-x", "reload", "print-unread"], in: sandbox)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "updated    Ferry [31mNews (2 new)\n1 feed: 1 updated, 0 unchanged, 0 failed; 2 new items\n2\n")
        let unknown = try CommandLineTests.run(["-x", "open-all"], in: sandbox)
        #expect(unknown.status != 0 && unknown.errors.contains("'open-all' is invalid for '-x <command>'"))
    }

    @Test func exportImportVacuumAndVersion() throws {
        let sandbox = try Self.sandbox()
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        _ = try CommandLineTests.run(["reload"] + files, in: sandbox)
        let exported = try CommandLineTests.run(files + ["-e"], in: sandbox)
        let export = try CommandLineTests.run(["export"] + files, in: sandbox)
        #expect(exported.status == 0)
        // The same document but for its date.
        let undated = { (text: String) in text.split(separator: "\n").filter { !$0.contains("dateCreated") } }
        #expect(undated(exported.output) == undated(export.output) && exported.output.contains("Ferry [31mNews"))

        let opml = sandbox.root.appendingPathComponent("more.opml").path
        try sandbox.write(#"<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="More" xmlUrl="https://more.example/feed"/></body></opml>"#, to: opml)
        let imported = try CommandLineTests.run(files + ["-i", opml], in: sandbox)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(try String(contentsOfFile: sandbox.urls, encoding: .utf8).contains("https://more.example/feed"))

        let vacuumed = try CommandLineTests.run(files + ["-X"], in: sandbox)
        #expect(vacuumed.status == 0 && vacuumed.output.hasPrefix("Compacted the cache \(sandbox.cache): "), "\(vacuumed.output)\(vacuumed.errors)")
        let version = try CommandLineTests.run(["-v"], in: sandbox)
        #expect(version.status == 0 && version.output.hasPrefix("tidings ") && version.output.hasSuffix("\n"))
    }

    @Test func logLevelAndLogFile() throws {
        let sandbox = try Self.sandbox()
        let log = sandbox.root.appendingPathComponent("debug.log").path
        let run = try CommandLineTests.run(["-u", sandbox.urls, "-c", sandbox.cache, "-l", "6", "-d", log, "-x", "reload"], in: sandbox)
        #expect(run.status == 0)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains(" debug tidings.fetch: started"), "\(text)")
        // Nothing went to the default log, beside the cache.
        let beside = sandbox.root.appendingPathComponent("tidings.log").path
        #expect(((try? String(contentsOfFile: beside, encoding: .utf8)) ?? "").isEmpty)
        // Level 4 keeps warnings only: a reload that succeeds writes nothing.
        let quiet = sandbox.root.appendingPathComponent("quiet.log").path
        _ = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "--log-level", "4", "--log-file", quiet], in: sandbox)
        #expect(((try? String(contentsOfFile: quiet, encoding: .utf8)) ?? "").isEmpty)
        let wrong = try CommandLineTests.run(["-l", "7", "-x", "reload"], in: sandbox)
        #expect(wrong.status != 0)
    }

    @Test(.enabled(if: TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY and tmux"))
    func refreshOnStartReloadsWhenTheReaderOpensAndLogsWhereTold() throws {
        let sandbox = try Self.sandbox()
        let log = sandbox.root.appendingPathComponent("reader.log").path
        let command = [TidingsBinary.path!, "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config, "-r", "-d", log, "-l", "6"]
            .map(TmuxSession.quoted).joined(separator: " ") + "; sleep 30"
        let session = try TmuxSession(command: command, environment: sandbox.environment(merging: ["LANG": "C.UTF-8"]), width: 100, height: 20)
        // No key pressed: -r reloads at start.
        try session.waitFor("Reloaded 1 feed")
        try session.waitFor("(2/2)")
        try session.sendKeys("Q")
        #expect(WriteAheadLogTests.eventually { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains(" debug ") })
    }
}
