import Foundation
import TestSupport
import Testing

/// A cache this user cannot write — another user's, a read-only mount — is opened read-only by the
/// commands that only read and by the reader, which say so, instead of failing with SQLite's
/// "attempt to write a readonly database" (issue 34 §11).
///
/// Tests run as root, and root writes any file whatever its mode: the binary is run as `nobody`
/// (setpriv) then, so that the permissions really stop it. As another user, the mode alone does.
@Suite(.serialized) struct ReadOnlyCacheTests {
    /// Runs a command as a user who cannot write the sandbox's files.
    static var asOtherUser: [String] {
        getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    }

    static let enabled = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// A sandbox with a cache holding two unread articles, then made read-only (file and folder).
    static func readOnlySandbox() throws -> CommandLineTests.Sandbox {
        let sandbox = try CommandLineTests.Sandbox()
        let feed = sandbox.root.appendingPathComponent("feed.xml")
        try sandbox.write(CommandLineTests.feed, to: feed.path)
        try sandbox.write("file://\(feed.path)\n", to: sandbox.urls)
        try sandbox.write("", to: sandbox.config)
        let reload = try CommandLineTests.run(["reload", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config], in: sandbox)
        #expect(reload.status == 0)
        for file in try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path) {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.root.appendingPathComponent(file).path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sandbox.root.path)
        return sandbox
    }

    static func restore(_ sandbox: CommandLineTests.Sandbox) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.root.path)
    }

    @Test(.enabled(if: enabled)) func readingCommandsOpenItReadOnlyAndSaySo() throws {
        let sandbox = try Self.readOnlySandbox()
        defer { Self.restore(sandbox) }
        let files = ["-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config]
        let unread = try CommandLineTests.run(["unread"] + files, in: sandbox, prefix: Self.asOtherUser)
        #expect(unread.status == 0 && unread.output == "2\n")
        #expect(unread.errors == "tidings: the cache \(sandbox.cache) is read-only here: opened for reading only, nothing is saved\n")
        let exported = try CommandLineTests.run(["export"] + files, in: sandbox, prefix: Self.asOtherUser)
        #expect(exported.status == 0 && exported.errors.isEmpty)
        #expect(exported.output.contains(#"text="Ferry [31mNews""#), "the fetched title is read from the read-only cache")
        let reload = try CommandLineTests.run(["reload"] + files, in: sandbox, prefix: Self.asOtherUser)
        #expect(reload.status == 2)
        #expect(!reload.errors.contains("attempt to write a readonly database"))
        #expect(reload.errors.hasSuffix("tidings: the cache \(sandbox.cache) is read-only here (another user's, or a read-only mount): nothing can be saved\n"))
        // A urls file this user cannot write is refused in one line, not Foundation's error.
        let add = try CommandLineTests.run(["add", "--no-check", "https://new.example/rss"] + files, in: sandbox, prefix: Self.asOtherUser)
        #expect(add.status == 1)
        #expect(add.errors == "tidings: cannot write \(sandbox.urls): permission denied\n")
    }

    @Test(.enabled(if: enabled && TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY, tmux and setpriv"))
    func theReaderShowsItAndMarksSayWhyTheyAreNotSaved() throws {
        let sandbox = try Self.readOnlySandbox()
        defer { Self.restore(sandbox) }
        let command = (Self.asOtherUser + [TidingsBinary.path!, "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config])
            .map(TmuxSession.quoted).joined(separator: " ") + "; sleep 30"
        let session = try TmuxSession(command: command, environment: sandbox.environment(merging: ["LANG": "C.UTF-8"]), width: 160, height: 20)
        try session.waitFor("read-only here")
        try session.waitFor("Ferry") { $0.contains { $0.contains("(2/2)") } }
        try session.sendKeys("r")
        try session.waitFor("Cannot reload: the cache is read-only here")
        try session.sendKeys("Enter")
        try session.waitFor("Timetable")
        try session.sendKeys("N")
        try session.waitFor("Not saved: the cache \(sandbox.cache) is read-only here")
        try session.sendKeys("q", "q")
        // Nothing reached the file.
        let unread = try CommandLineTests.run(["unread", "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config], in: sandbox, prefix: Self.asOtherUser)
        #expect(unread.output == "2\n")
    }

    /// Issue 45 §14: the log cannot be written beside a read-only cache. The reader's warning
    /// points at the log it writes instead (`$XDG_STATE_HOME/tidings/tidings.log`), which holds
    /// the warnings and says why it is there.
    @Test(.enabled(if: enabled && TidingsBinary.path != nil && TmuxSession.tmuxPath != nil, "needs TIDINGS_BINARY, tmux and setpriv"))
    func theReadersWarningPointsAtALogItCanWrite() throws {
        let sandbox = try Self.readOnlySandbox()
        defer { Self.restore(sandbox) }
        // A home the other user can write, elsewhere.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.path)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = (Self.asOtherUser + [TidingsBinary.path!, "-u", sandbox.urls, "-c", sandbox.cache, "-C", sandbox.config])
            .map(TmuxSession.quoted).joined(separator: " ") + "; sleep 30"
        let environment = sandbox.environment(merging: ["LANG": "C.UTF-8", "HOME": home.path, "XDG_STATE_HOME": ""])
        let session = try TmuxSession(command: command, environment: environment, width: 250, height: 20)
        let log = home.appendingPathComponent(".local/state/tidings/tidings.log").path
        let screen = try session.waitFor("read-only here")
        let status = screen.first { $0.contains("read-only here") } ?? ""
        #expect(status.contains("2 warnings — see ~/.local/state/tidings/tidings.log: the cache \(sandbox.cache) is read-only here"), "\(status)")
        try session.sendKeys("q")
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(text.contains("read-only here") && text.contains("the log cannot be written beside the cache; it goes to \(log)"), "\(text)")
    }

    /// Issue 45 §14: on a read-only mount, `tidings reload` says the cache is read-only (SQLite
    /// cannot even open it there, which read as a missing directory); reading commands read it.
    @Test(.enabled(if: WriteAheadLogTests.canMount, "needs root to mount a tmpfs"))
    func reloadOnAReadOnlyMountSaysTheCacheIsReadOnly() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let disk = sandbox.root.appendingPathComponent("disk").path
        try #require(WriteAheadLogTests.mountSmallDisk(at: disk, megabytes: 4))
        defer { WriteAheadLogTests.unmount(disk) }
        let feed = sandbox.root.appendingPathComponent("feed.xml")
        try sandbox.write(CommandLineTests.feed, to: feed.path)
        try sandbox.write("file://\(feed.path)\n", to: sandbox.urls)
        let cache = disk + "/cache.db"
        let files = ["-u", sandbox.urls, "-c", cache]
        #expect(try CommandLineTests.run(["reload"] + files, in: sandbox).status == 0)
        #expect(try PictureProtocolTests.run("/bin/mount", ["-o", "remount,ro", disk]).status == 0)
        let reload = try CommandLineTests.run(["reload"] + files, in: sandbox)
        #expect(reload.status == 2)
        #expect(reload.errors.hasSuffix("tidings: the cache \(cache) is read-only here (another user's, or a read-only mount): nothing can be saved\n"), "\(reload.errors)")
        #expect(!reload.errors.contains("missing directory"))
        let unread = try CommandLineTests.run(["unread"] + files, in: sandbox)
        #expect(unread.output == "2\n")
    }
}
