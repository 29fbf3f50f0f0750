import Foundation
import Testing
import TestSupport

/// The user's own files, damaged: binary junk, a 10 MB line, malformed config lines, a cache that
/// is not SQLite, directories that cannot be written. Both `tidings reload` and the reader (which
/// reads the same files before it opens the screen) must say what is wrong in one short line that
/// names the file or the line, exit non-zero when they cannot go on, and leave every file as it
/// was (bytes and modification time).
@Suite struct HostileFilesTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
        var errorLines: [String] { errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// Runs the binary; with `unprivileged` under root, as the user `nobody` through setpriv, so
    /// that permissions apply (root ignores them).
    static func run(_ arguments: [String], in sandbox: CommandLineTests.Sandbox, unprivileged: Bool = false,
                    environment extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        if unprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", CommandLineTests.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            process.arguments = arguments
        }
        process.environment = sandbox.environment(merging: extra)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-out-\(UUID().uuidString)")
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-err-\(UUID().uuidString)")
        for capture in [output, errors] where !FileManager.default.createFile(atPath: capture.path, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: capture.path])
        }
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw CommandLineTests.RunError.hung(arguments)
        }
        return Run(status: process.terminationStatus,
                   output: String(decoding: try Data(contentsOf: output), as: UTF8.self),
                   errors: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// A file's bytes and modification time, to prove it was not touched.
    struct Snapshot: Equatable {
        var bytes: Data
        var modified: Date?
        init(_ path: String) throws {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        }
    }

    /// One line, no control characters, short enough for a terminal.
    static func isCleanLine(_ line: String) -> Bool {
        line.count <= 200 && !line.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    static let feed = "<rss version=\"2.0\"><channel><title>Good Feed</title><item><title>One</title><guid>one</guid></item></channel></rss>"

    @Test func urlsFileWithBinaryJunkAndAHugeLineKeepsTheGoodFeedsAndNamesTheBadLines() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let server = try FeedServerProcess(routes: ["/good.xml": ["body": HostileFilesTests.feed]])
        var junk = Data("\(server.url("/good.xml")) tag\n".utf8)
        junk.append(Data([0x00, 0xFF, 0xFE, 0x1B, 0x5B, 0x32, 0x4A, 0x9B, 0x07, 0x80, 0x0A]))  // line 2: NUL, bad UTF-8, ESC[2J, C1, BEL
        junk.append(Data("\u{1B}]0;owned\u{07}http://x\n".utf8))  // line 3: an OSC title sequence
        junk.append(Data("www.".utf8) + Data(repeating: UInt8(ascii: "x"), count: 10 << 20))  // line 4: 10 MB, an address without its scheme
        junk.append(Data("\n\"unterminated\n".utf8))  // line 5
        try junk.write(to: URL(fileURLWithPath: sandbox.urls))
        let before = try Snapshot(sandbox.urls)

        let reload = try Self.run(["-u", sandbox.urls, "-c", sandbox.cache, "reload"], in: sandbox)
        #expect(reload.status == 0, "bad lines are warnings; the good feed is reloaded")
        #expect(reload.output.contains("updated    Good Feed (1 new)"))
        let lines = reload.errorLines
        #expect(lines.count == 4, "one line per bad line: \(lines.map { $0.prefix(120) })")
        #expect(lines.allSatisfy(Self.isCleanLine), "\(lines.map { $0.prefix(120) })")
        #expect(lines.map { $0.prefix(27) } == [
            "tidings: urls file line 2: ", "tidings: urls file line 3: ", "tidings: urls file line 4: ", "tidings: urls file line 5: ",
        ])
        let excerpt = "www.\(String(repeating: "x", count: 56))…"
        #expect(lines[2] == "tidings: urls file line 4: \(excerpt) has no scheme: write https://\(excerpt)")
        #expect(try Snapshot(sandbox.urls) == before)
    }

    @Test func configWithUnknownAndMalformedLinesWarnsPerLineAndKeepsDefaults() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let server = try FeedServerProcess(routes: ["/good.xml": ["body": HostileFilesTests.feed]])
        try sandbox.write("\(server.url("/good.xml"))\n", to: sandbox.urls)
        let configHome = sandbox.root.appendingPathComponent("config-home/tidings")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
        let config = configHome.appendingPathComponent("config").path
        var text = Data("""
            # a comment
            frobnicate yes
            reload-threads many
            show-read-feeds "yes
            download-timeout 30 extra
            auto-reload perhaps

            """.utf8)
        text.append(Data([0x1B, 0x5D, 0x35, 0x32, 0x3B, 0x63, 0x3B, 0x00, 0xFF, 0x0A]))  // line 7: ESC]52;c; NUL, bad UTF-8
        try text.write(to: URL(fileURLWithPath: config))
        let before = try Snapshot(config)

        let reload = try Self.run(["-u", sandbox.urls, "-c", sandbox.cache, "reload"], in: sandbox)
        #expect(reload.status == 0)
        #expect(reload.output.hasSuffix("1 feed: 1 updated, 0 unchanged, 0 failed; 1 new item\n"))
        let lines = reload.errorLines
        #expect(lines.allSatisfy(Self.isCleanLine), "\(lines)")
        #expect(lines == [
            "tidings: config line 2: unknown option \"frobnicate\"; ignored",
            "tidings: config line 3: reload-threads needs a whole number of at least 1, not \"many\"; default kept",
            "tidings: config line 5: download-timeout takes one value, got 2",
            "tidings: config line 6: auto-reload needs yes or no, not \"perhaps\"; default kept",
            "tidings: config line 7: unknown option \"?]52;c;?\u{FFFD}\"; ignored",
        ])
        #expect(try Snapshot(config) == before)
    }

    @Test func cacheThatIsNotSQLiteIsReportedAndLeftAlone() throws {
        let sandbox = try CommandLineTests.Sandbox()
        try sandbox.write("http://127.0.0.1:9/feed.xml\n", to: sandbox.urls)
        try Data(String(repeating: "this is not a database\n", count: 200).utf8).write(to: URL(fileURLWithPath: sandbox.cache))
        let before = try Snapshot(sandbox.cache)

        let reload = try Self.run(["-u", sandbox.urls, "-c", sandbox.cache, "reload"], in: sandbox)
        #expect(reload.status == 2)
        #expect(reload.output == "")
        #expect(reload.errorLines.count == 1 && reload.errorLines.allSatisfy(Self.isCleanLine), "\(reload.errorLines)")
        #expect(reload.errorLines.first?.hasPrefix("tidings: cannot open the cache \(sandbox.cache): ") == true, "\(reload.errors)")

        // The reader opens the cache before the screen: the same line, status 1.
        let reader = try Self.run(["-u", sandbox.urls, "-c", sandbox.cache], in: sandbox)
        #expect(reader.status == 1)
        #expect(reader.errorLines == reload.errorLines)
        #expect(try Snapshot(sandbox.cache) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { $0.hasPrefix("cache.db-") }
        #expect(leftovers == [], "no -wal or -shm files next to a file that is not ours")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv"))
    func readOnlyCacheDirectoryIsOneClearLine() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let directory = sandbox.root.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cache = directory.appendingPathComponent("cache.db").path
        try sandbox.write("http://127.0.0.1:9/feed.xml\n", to: sandbox.urls)
        try Self.hand(sandbox.root, toNobodyWithDirectoryMode: 0o755)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)

        for arguments in [["-u", sandbox.urls, "-c", cache, "reload"], ["-u", sandbox.urls, "-c", cache]] {
            let run = try Self.run(arguments, in: sandbox, unprivileged: true)
            #expect(run.status != 0)
            #expect(run.errorLines.count == 1 && run.errorLines.allSatisfy(Self.isCleanLine), "\(run.errorLines)")
            #expect(run.errorLines.first?.hasPrefix("tidings: cannot open the cache \(cache): ") == true, "\(run.errors)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv"))
    func unwritableOrBogusConfigDirectoryIsOneClearLine() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let locked = sandbox.root.appendingPathComponent("locked-config")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        let notADirectory = sandbox.root.appendingPathComponent("plain-file")
        try Data("not a directory\n".utf8).write(to: notADirectory)
        try Self.hand(sandbox.root, toNobodyWithDirectoryMode: 0o755)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        let fileBefore = try Snapshot(notADirectory.path)

        for configHome in [locked.path, notADirectory.path] {
            for arguments in [["reload"], []] {
                let run = try Self.run(arguments, in: sandbox, unprivileged: true, environment: ["XDG_CONFIG_HOME": configHome])
                #expect(run.status != 0, "\(configHome) \(arguments)")
                #expect(run.errorLines.count == 1 && run.errorLines.allSatisfy(Self.isCleanLine), "\(run.errorLines)")
                #expect(run.errorLines.first?.hasPrefix("tidings: cannot create the directory \(configHome)/tidings: ") == true,
                        "\(run.errors)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path) == [])
        #expect(try Snapshot(notADirectory.path) == fileBefore)
    }

    @Test func credentialsNeverReachTheReloadOutputWhateverTheFailure() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let server = try FeedServerProcess(routes: [
            "/locked.xml": ["status": 401],
            "/loop.xml": ["status": 302, "redirect": "/loop.xml"],
            "/silent.xml": ["never_respond": true],
            "/bad.xml": ["body": "this is no feed at all"],
        ])
        let secret = "hunter2-\(UUID().uuidString.prefix(6))"
        let urls = ["/locked.xml", "/loop.xml", "/silent.xml", "/bad.xml"].map {
            "http://alice:\(secret)@127.0.0.1:\(server.port)\($0)"
        } + ["http://alice:\(secret)@127.0.0.1:9/refused.xml"]
        try sandbox.write(urls.joined(separator: "\n") + "\n", to: sandbox.urls)
        try sandbox.write("download-timeout 3\n", to: sandbox.config)

        let run = try Self.run(["-u", sandbox.urls, "-C", sandbox.config, "-c", sandbox.cache, "reload"], in: sandbox)
        #expect(run.status == 1)
        #expect(run.output.hasSuffix("5 feeds: 0 updated, 0 unchanged, 5 failed; 0 new items\n"), "\(run.output)")
        for text in [run.output, run.errors] {
            #expect(!text.contains(secret) && !text.contains("alice"), "\(text)")
        }
        #expect(run.errors.contains("failed     http://***@127.0.0.1:\(server.port)/locked.xml: HTTP 401 Unauthorized"))
    }

    /// Gives a tree to `nobody` so that the unprivileged binary can use it.
    static func hand(_ root: URL, toNobodyWithDirectoryMode mode: Int) throws {
        guard getuid() == 0 else { return }
        let chown = Process()
        chown.executableURL = URL(fileURLWithPath: "/bin/chown")
        chown.arguments = ["-R", "65534:65534", root.path]
        try chown.run()
        chown.waitUntilExit()
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: root.path)
    }
}
